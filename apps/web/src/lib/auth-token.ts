import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The access token lives in a cookie (spec §4: logout removes the auth cookie). */
export const AUTH_COOKIE = 'tourdesk_token';

export const getToken = () => readCookie(AUTH_COOKIE);
export const setToken = (token: string) => writeCookie(AUTH_COOKIE, token);
export const clearToken = () => deleteCookie(AUTH_COOKIE);
