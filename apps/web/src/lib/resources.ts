import type { PermissionName } from '@tourdesk/contracts/permissions';
import { FEATURES } from '../features/index.ts';

/**
 * How each react-admin resource maps onto the API (spec §7) and which permission each action needs.
 * Paths are relative to /api/v1. Each feature declares its own (`<feature>.feature.tsx`); this file only
 * collects them.
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

export const RESOURCES: Record<string, ResourceApi> = Object.fromEntries(
  FEATURES.flatMap((feature) => feature.resources ?? []).map((resource) => [resource.name, resource.api]),
);

export const resourceApi = (resource: string): ResourceApi => {
  const api = RESOURCES[resource];
  if (!api) throw new Error(`Unknown resource ${resource}`);
  return api;
};
