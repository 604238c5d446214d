import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { createVerifier } from 'fast-jwt';
import { hasAnyPermission, type PermissionName } from '@tourdesk/contracts';
import { ApiError, forbidden, unauthorized } from '../../lib/errors.ts';
import type { AuthUser, RoutePermission, TokenPayload } from '../../types.ts';
import { recordAudit, requestMeta } from './audit.service.ts';
import { knownAuthUser, resolveAuthUser } from './auth.service.ts';
import { rememberingVerifier } from './verified-tokens.ts';

export type AuthPluginOptions = { secret: string; keyId: string; tokenTtlSeconds: number };

/** How many verified tokens are remembered (one per session in use; the least recently used goes first). */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

type VerifyToken = (token: string) => TokenPayload;

/** Marks the hook that checks a route's permission. */
const GUARD = Symbol('permission guard');

/**
 * Bearer-token authentication and the permission check, registered by app.ts before any route (it lives in the
 * auth feature because it resolves users and writes the audit log; plugins/ import no feature). Every API route declares
 * `config.permission`; a route without one fails at start-up, so none can slip through unprotected.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: options.tokenTtlSeconds, kid: options.keyId },
    // A token must expire: one without `exp` would work for ever.
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });
  // Requests are verified with fast-jwt itself, synchronously, and verified tokens are remembered until they
  // expire (verified-tokens.ts): a session's later requests skip the signature check. The account rules
  // (disabled, role, tokens_valid_after) are checked on every request in `resolveAuthUser`.
  const verifyToken: VerifyToken = rememberingVerifier(
    createVerifier({ key: options.secret, algorithms: ['HS256'], requiredClaims: ['exp'] }),
    VERIFIED_TOKEN_CACHE_SIZE,
  );
  app.decorateRequest('auth', null);
  app.decorate('routePermissions', []);

  // Each route that asks for a permission gets its own guard as its first onRequest hook, with the permission
  // in hand; public routes get none. (A hook for every request reading `request.routeOptions`, which Fastify builds
  // anew on each access, cost more.) Most requests of a session find their account in the read cache and pass
  // without waiting for a promise (bench/README.md, "5 December 2026").
  const guard = (permission: RoutePermission): onRequestHookHandler => {
    const check: onRequestHookHandler = (request, _reply, done) => {
      let user: AuthUser | Promise<AuthUser>;
      try {
        user = authenticate(app, request, verifyToken);
      } catch (error) {
        return done(error as Error);
      }
      if (user instanceof Promise) user.then((known) => admit(app, request, permission, known, done), done);
      else admit(app, request, permission, user, done);
    };
    return Object.assign(check, { [GUARD]: true });
  };

  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (route.url.startsWith('/api/v1') && !route.url.startsWith('/api/v1/docs')) {
      if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.routePermissions.push({ method, url: route.url, permission });
      }
    }
    if (!permission || permission === 'public') return;
    const hooks = [route.onRequest ?? []].flat();
    // The HEAD route Fastify adds for a GET comes with the GET's hooks, guard included.
    if (!hooks.some((hook) => GUARD in hook)) route.onRequest = [guard(permission), ...hooks];
  });
});

/** Lets the request through when the user holds the route's permission, else records the refusal and answers 403. */
function admit(
  app: FastifyInstance,
  request: FastifyRequest,
  permission: RoutePermission,
  user: AuthUser,
  done: (error?: Error) => void,
): void {
  request.auth = user;
  let allowed: boolean;
  try {
    allowed = permission === 'authenticated' || isAllowed(request, permission);
  } catch (error) {
    return done(error as Error);
  }
  if (allowed) return done();
  recordAudit(app.ctx, {
    action: 'permission_denied',
    userId: user.id,
    email: user.email,
    detail: typeof permission === 'string' ? permission : permission.join('|'),
    ...requestMeta(request),
  }).then(() => done(forbidden()), done);
}

const isAllowed = (request: FastifyRequest, permission: RoutePermission) => {
  const auth = request.auth;
  if (!auth) return false;
  const names: readonly PermissionName[] = typeof permission === 'string' ? [permission as PermissionName] : permission;
  return hasAnyPermission(auth, names);
};

/** The token's user: at once when its account is in the read cache, else once the account has been read. */
function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  verifyToken: VerifyToken,
): AuthUser | Promise<AuthUser> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  // `Bearer <token>`, nothing else (as @fastify/jwt reads the header).
  const parts = header.split(' ');
  let payload: TokenPayload;
  try {
    if (parts.length !== 2 || !/^bearer$/i.test(parts[0]!) || !parts[1]) throw unauthorized();
    payload = verifyToken(parts[1]);
  } catch {
    throw unauthorized('error.tokenInvalid');
  }
  const id = Number(payload.sub);
  const known = knownAuthUser(app.ctx, id, payload.iatMs);
  if (known !== undefined) return accepted(known);
  return resolveAuthUser(app.ctx, id, payload.iatMs).then(accepted);
}

const accepted = (user: AuthUser | ApiError): AuthUser => {
  if (user instanceof ApiError) throw user;
  return user;
};
