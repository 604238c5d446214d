import type { AuthProvider, UserIdentity } from 'react-admin';
import { hasAnyPermission, type PermissionName, type PermissionSubject } from '@tourdesk/contracts/permissions';
import type { LoginResponse, LoginSelection, UserData } from '@tourdesk/contracts';
import { api } from './api-client.ts';
import { clearToken, getToken, setToken } from './auth-token.ts';
import { RESOURCES, type ResourceAction } from './resources.ts';

export const LOGIN_PATH = '/auth/login';

/** The logged-in user, loaded once per page load (and after each login). */
let current: Promise<UserData> | null = null;

export function loadUserData(): Promise<UserData> {
  current ??= api<UserData>('/userdata').catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

export const forgetUserData = () => {
  current = null;
};

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
    current = Promise.resolve(response.user);
    return undefined;
  },
  async logout() {
    clearToken();
    forgetUserData();
    return LOGIN_PATH;
  },
  async checkAuth() {
    if (!getToken()) throw { redirectTo: LOGIN_PATH, message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearToken();
      forgetUserData();
      throw { redirectTo: LOGIN_PATH, message: 'error.tokenInvalid' };
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
