import type { PermissionName } from '@tourdesk/contracts/permissions';

/**
 * How each react-admin resource maps onto the API (spec §7) and which permission each action needs.
 * Paths are relative to /api/v1.
 */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

export type ResourceApi = {
  /** GET list and GET one */
  read: string;
  /** POST (defaults to `read`) */
  create?: string;
  /** PATCH /{id} (defaults to `read`) */
  update?: string;
  /** DELETE /{id} (defaults to `read`) */
  remove?: string;
  /** The record's own id field when it is not `id` (react-admin needs `id`). */
  idField?: string;
  /** Filters always sent with the list. */
  fixedFilter?: Record<string, unknown>;
  /** Who may do what; a list means any one suffices. */
  permissions: Record<ResourceAction, readonly PermissionName[]>;
};

const USER_RIGHTS: ResourceApi['permissions'] = {
  list: ['user-read'],
  show: ['user-read'],
  create: ['user-create'],
  edit: ['user-update'],
  delete: ['user-delete'],
};

const only = (permission: PermissionName): ResourceApi['permissions'] => ({
  list: [permission],
  show: [permission],
  create: [permission],
  edit: [permission],
  delete: [permission],
});

export const RESOURCES: Record<string, ResourceApi> = {
  users: { read: '/users-lit', permissions: USER_RIGHTS },
  'users-disabled': { read: '/users-lit', fixedFilter: { isActive: false }, permissions: USER_RIGHTS },
  'app/users': { read: '/users-app', permissions: USER_RIGHTS },
  roles: {
    read: '/roles-lit',
    create: '/roles',
    update: '/roles',
    remove: '/role',
    idField: 'id_roles',
    permissions: only('admin'),
  },
  'system/settings': { read: '/sys_settings', idField: 'id_sys_settings', permissions: only('superadmin') },
  'system/brands': { read: '/brands', permissions: only('superadmin') },
};

export const resourceApi = (resource: string): ResourceApi => {
  const api = RESOURCES[resource];
  if (!api) throw new Error(`Unknown resource ${resource}`);
  return api;
};
