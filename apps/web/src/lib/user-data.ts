import type { UserData } from '@tourdesk/contracts';
import { api } from './api-client.ts';
import { clearToken } from './auth-token.ts';

/**
 * The logged-in user and whether the server refused the session, without react-admin or the registry of
 * features: the phone app (mobile-app.tsx) and the back office's auth provider (lib/auth-provider.ts) share them.
 */
export const LOGIN_PATH = '/auth/login';
/** Added to the login address when a session ended on its own; the login page then says so. */
export const SESSION_EXPIRED_SEARCH = '?session=expired';

/** The logged-in user, loaded once per page load (and after each login). */
let current: Promise<UserData> | null = null;
/** Set when the server refused the token: the next logout leads to the login page with "session expired". */
let sessionEnded = false;

/** Whether this page's session ended: the server refused its token (the login page then says it expired). */
export const sessionWasRefused = () => sessionEnded;

/** Marks the session as ended (true) or its end as reported (false). */
export const setSessionEnded = (ended: boolean) => {
  sessionEnded = ended;
};

const isUnauthorized = (error: unknown) => (error as { status?: unknown } | null)?.status === 401;

export function loadUserData(): Promise<UserData> {
  current ??= api<UserData>('/userdata').catch((error: unknown) => {
    current = null;
    if (isUnauthorized(error)) {
      clearToken();
      sessionEnded = true;
    }
    throw error;
  });
  return current;
}

/** The user a login answered with (no second request). */
export const rememberUserData = (user: UserData) => {
  current = Promise.resolve(user);
};

export const forgetUserData = () => {
  current = null;
};
