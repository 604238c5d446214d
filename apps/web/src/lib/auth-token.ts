import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The access token lives in a cookie (spec §4: logout removes the auth cookie). */
export const AUTH_COOKIE = 'tourdesk_token';

export const getToken = () => readCookie(AUTH_COOKIE);
export const setToken = (token: string) => writeCookie(AUTH_COOKIE, token);
export const clearToken = () => deleteCookie(AUTH_COOKIE);

/** The token's claims, read without checking the signature (the server does that); null when unreadable. */
function tokenClaims(token: string): { exp?: unknown; sub?: unknown } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/**
 * Whether the token's `exp` has passed (or it cannot be read), judged by the browser's clock: an expired
 * session goes to the login page at once instead of asking the server first. The server still decides.
 */
export function tokenExpired(token: string, now = Date.now()): boolean {
  const exp = tokenClaims(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 <= now;
}

/** The account the token was issued to (`sub`), or null. */
export function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}
