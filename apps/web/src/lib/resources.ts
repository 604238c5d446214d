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
  /** GET list from another path than `read` (GET one still uses `read`). */
  list?: string;
  /**
   * How the list endpoint pages: `skip` is the list contract (`$limit`, `$skip`, `$sort`, `lit-search`,
   * answers `{ total, data }`); `offset` is the booking system's style (`limit`, `offset`, `search`, no sort).
   */
  paging?: 'skip' | 'offset';
  /** The field of the POST answer that holds the created record (e.g. `customer` of /registration-driver). */
  createResult?: string;
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

const CUSTOMER_RIGHTS: ResourceApi['permissions'] = {
  list: ['customers-read'],
  show: ['customers-read'],
  create: ['customers-create'],
  edit: ['customers-update'],
  delete: ['customers-delete'],
};

/** An agency user's own customers (the agency portal). */
const AGENCY_DATA_RIGHTS: ResourceApi['permissions'] = {
  list: ['agencydata-read'],
  show: ['agencydata-read'],
  create: ['agencydata-create'],
  edit: ['agencydata-update'],
  delete: ['agencydata-delete'],
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
  // Blocked users: created through /users-disabled (no access until activated by mail), listed from /users-lit.
  'users-disabled': {
    read: '/users-lit',
    create: '/users-disabled',
    fixedFilter: { isActive: false },
    permissions: USER_RIGHTS,
  },
  'email/debug': { read: '/mail-outbox', permissions: only('admin') },
  'app/users': { read: '/users-app', permissions: USER_RIGHTS },
  roles: {
    read: '/roles-lit',
    create: '/roles',
    update: '/roles',
    remove: '/role',
    idField: 'id_roles',
    permissions: only('admin'),
  },
  customers: { read: '/customers', permissions: CUSTOMER_RIGHTS },
  /** Drivers are customers flagged as drivers; a new one gets a driver login (POST /registration-driver). */
  'customers/drivers': {
    read: '/customers',
    create: '/registration-driver',
    createResult: 'customer',
    fixedFilter: { driversOnly: true },
    permissions: { ...CUSTOMER_RIGHTS, list: ['user-read'], show: ['user-read'], create: ['user-create'] },
  },
  /** Travel agencies are the organizations of type 1. */
  agencies: { read: '/organization', fixedFilter: { type: 1 }, permissions: only('admin') },
  /** The agency portal: the own agency's customers, listed by the booking system's agency call. */
  'agencies/customers': {
    read: '/customers',
    list: '/ratio/api/agencies/',
    paging: 'offset',
    permissions: AGENCY_DATA_RIGHTS,
  },
  'system/settings': { read: '/sys_settings', idField: 'id_sys_settings', permissions: only('superadmin') },
  'system/brands': { read: '/brands', permissions: only('superadmin') },
};

export const resourceApi = (resource: string): ResourceApi => {
  const api = RESOURCES[resource];
  if (!api) throw new Error(`Unknown resource ${resource}`);
  return api;
};
