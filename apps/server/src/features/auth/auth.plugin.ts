import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { createVerifier } from 'fast-jwt';
import { hasAnyPermission, type PermissionName } from '@tourdesk/contracts';
import { ApiError, forbidden, unauthorized } from '../../lib/errors.ts';
import type { RoutePermission, TokenPayload } from '../../types.ts';
import { recordAudit, requestMeta } from './audit.service.ts';
import { resolveAuthUser } from './auth.service.ts';
import { rememberingVerifier } from './verified-tokens.ts';

export type AuthPluginOptions = { secret: string; keyId: string; tokenTtlSeconds: number };

/** How many verified tokens are remembered (one per session in use; the least recently used goes first). */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

type VerifyToken = (token: string) => TokenPayload;

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

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1') || route.url.startsWith('/api/v1/docs')) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routePermissions.push({ method, url: route.url, permission });
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    request.auth = await authenticate(app, request, verifyToken);
    if (permission === 'authenticated') return;
    if (!isAllowed(request, permission)) {
      await recordAudit(app.ctx, {
        action: 'permission_denied',
        userId: request.auth.id,
        email: request.auth.email,
        detail: typeof permission === 'string' ? permission : permission.join('|'),
        ...requestMeta(request),
      });
      throw forbidden();
    }
  });
});

const isAllowed = (request: FastifyRequest, permission: RoutePermission) => {
  const auth = request.auth;
  if (!auth) return false;
  const names: readonly PermissionName[] = typeof permission === 'string' ? [permission as PermissionName] : permission;
  return hasAnyPermission(auth, names);
};

async function authenticate(app: FastifyInstance, request: FastifyRequest, verifyToken: VerifyToken) {
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
  const user = await resolveAuthUser(app.ctx, Number(payload.sub), payload.iatMs);
  if (user instanceof ApiError) throw user;
  return user;
}
