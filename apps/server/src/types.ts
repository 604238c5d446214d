import type { Access, Brand, PermissionName } from '@tourdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ReadCache } from './db/read-cache.ts';
import type { DialectName } from './db/dialect.ts';
import type { UserKind } from './features/users/users.table.ts';

/**
 * What a route requires: one permission, a list of which any one suffices,
 * `authenticated` (any logged-in user) or `public` (no login).
 */
export type RoutePermission = PermissionName | readonly PermissionName[] | 'authenticated' | 'public';

/** The logged-in user as the server sees it on each request. */
export type AuthUser = {
  id: number;
  kind: UserKind;
  email: string;
  admin: boolean;
  role: string;
  access: Access;
  agencyId: number | null;
};

/**
 * What services get: the database and its dialect (and, outside transactions, the short-lived read cache).
 * A service never sees the request.
 */
export type DbContext = { db: Database; dialect: DialectName; cache?: ReadCache };

export type TokenPayload = { sub: string; kind: UserKind; iatMs: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    config: Config;
    ctx: DbContext;
    routePermissions: Array<{ method: string; url: string; permission: RoutePermission }>;
    /** The brand of a host name (wired in app.ts, so lib/ and plugins/ need not import the brands feature). */
    brandForHost: (host: string, log?: FastifyBaseLogger) => Promise<Brand>;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}
