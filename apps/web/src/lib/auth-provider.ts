import type { AuthProvider, UserIdentity } from 'react-admin';
import { hasAnyPermission, type PermissionName, type PermissionSubject } from '@tourdesk/contracts/permissions';
import type { LoginResponse, LoginSelection, UserData } from '@tourdesk/contracts';
import { api } from './api-client.ts';
import { clearToken, getToken, setToken } from './auth-token.ts';
import {
  forgetUserData,
  loadUserData,
  LOGIN_PATH,
  rememberUserData,
  SESSION_EXPIRED_SEARCH,
  sessionWasRefused,
  setSessionEnded,
} from './user-data.ts';
import { RESOURCES, type ResourceAction } from './resources.ts';

export { forgetUserData, loadUserData, LOGIN_PATH, SESSION_EXPIRED_SEARCH, sessionWasRefused };

const isUnauthorized = (error: unknown) => (error as { status?: unknown } | null)?.status === 401;

export type Identity = UserIdentity & { user: UserData };

const ACTION_ALIASES: Record<string, ResourceAction> = {
  list: 'list',
  show: 'show',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
  clone: 'create',
  export: 'list',
};

/** Whether `subject` may perform `action` on `resource`, by the rule of spec §6. */
export function canAccessResource(subject: PermissionSubject | null, resource: string, action: string): boolean {
  const config = RESOURCES[resource.split('.')[0] ?? resource];
  if (!config) return false;
  const mapped = ACTION_ALIASES[action];
  const names: readonly PermissionName[] = mapped ? config.permissions[mapped] : config.permissions.edit;
  return hasAnyPermission(subject, names);
}

/**
 * Login posts credentials and keeps the token in a cookie; logout makes no server call, it removes the
 * cookie and goes to the login page (spec §4).
 */
export const authProvider: AuthProvider = {
  /** Logs in; when the address opens several kinds of account, answers the choice instead (selection login). */
  async login({
    email,
    password,
    kind,
  }: {
    email: string;
    password: string;
    kind?: 'staff' | 'app';
  }): Promise<LoginSelection | undefined> {
    forgetUserData();
    const response = await api<LoginResponse | LoginSelection>('/authentication', {
      method: 'POST',
      body: { strategy: 'local', email, password, ...(kind ? { kind } : {}) },
      anonymous: true,
    });
    if ('selection' in response) return response;
    setToken(response.accessToken);
    rememberUserData(response.user);
    return undefined;
  },
  async logout() {
    clearToken();
    forgetUserData();
    // Already on a visitor page (react-admin may still be finishing its last render): stay, do not navigate
    // again — a second redirect would drop the "session expired" notice and can repeat while the shells swap.
    const { pathname } = window.location;
    if (pathname.startsWith('/auth/') && pathname !== '/auth/logout') return false;
    const expired = sessionWasRefused();
    setSessionEnded(false);
    return expired ? `${LOGIN_PATH}${SESSION_EXPIRED_SEARCH}` : LOGIN_PATH;
  },
  /** A token the server refuses (expired, revoked, signed with another key) ends the session here. */
  async checkAuth() {
    if (!getToken()) {
      throw { redirectTo: sessionWasRefused() ? `${LOGIN_PATH}${SESSION_EXPIRED_SEARCH}` : LOGIN_PATH, message: false };
    }
    try {
      await loadUserData();
    } catch (error) {
      if (isUnauthorized(error)) throw { redirectTo: `${LOGIN_PATH}${SESSION_EXPIRED_SEARCH}`, message: false };
    }
  },
  async checkError(error: { status?: number }) {
    if (isUnauthorized(error)) {
      clearToken();
      forgetUserData();
      setSessionEnded(true);
      throw { redirectTo: `${LOGIN_PATH}${SESSION_EXPIRED_SEARCH}`, message: false };
    }
  },
  async getIdentity(): Promise<Identity> {
    const user = await loadUserData();
    return { id: user.id, fullName: user.vc_card.name, avatar: user.avatar ?? undefined, user };
  },
  async getPermissions() {
    if (!getToken()) return null;
    return (await loadUserData()).permissions;
  },
  async canAccess({ action, resource }) {
    if (!getToken()) return false;
    const user = await loadUserData();
    return canAccessResource(user.permissions, resource, action);
  },
};
