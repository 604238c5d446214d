import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The access token lives in a cookie (spec §4: logout removes the auth cookie). */
export const AUTH_COOKIE = 'tourdesk_token';

export const getToken = () => readCookie(AUTH_COOKIE);
export const setToken = (token: string) => writeCookie(AUTH_COOKIE, token);
export const clearToken = () => deleteCookie(AUTH_COOKIE);

/**
 * Whether the token's `exp` has passed (or it cannot be read), judged by the browser's clock: an expired
 * session goes to the login page at once instead of asking the server first. The server still decides.
 */
export function tokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp !== 'number' || exp * 1000 <= now;
  } catch {
    return true;
  }
}
