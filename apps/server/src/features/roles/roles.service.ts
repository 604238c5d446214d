import {
  buildSearchText,
  hasPermission,
  parseAccessText,
  permissionsFromAccess,
  type Access,
  type CreateRoleBody,
  type ListQuery,
  type Role,
  type UpdateRoleBody,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { runList, type ListSpec } from '../../lib/list-query.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import {
  deleteRoleRow,
  findRoleById,
  findRoleIdByName,
  insertRole,
  roleBaseQuery,
  roleNameTaken,
  updateRoleRow,
  type RoleRow,
} from './roles.repository.ts';

/** The role that only superadmins may touch. */
export const SUPERADMIN_ROLE = 'superadmin';

const ROLE_LIST_SPEC: ListSpec<Role, 'user_count'> = {
  table: 'role',
  idColumn: 'id_roles',
  idField: 'id_roles',
  searchable: true,
  defaultSort: [['role', 1]],
  fields: {
    id_roles: { column: 'role.id_roles', type: 'number' },
    role: { column: 'role.role', type: 'string' },
    admin: { column: 'role.admin', type: 'boolean' },
    userCount: { column: 'user_count', type: 'number', filterable: false },
    createdAt: { column: 'role.created_at', type: 'date' },
    updatedAt: { column: 'role.updated_at', type: 'date' },
  },
  selectable: ['id_roles', 'role', 'admin', 'access', 'permissions', 'userCount', 'createdAt', 'updatedAt'],
};

const toRole = (row: RoleRow): Role => {
  const access = parseAccessText(row.access);
  return {
    id_roles: row.id_roles,
    role: row.role,
    admin: toBool(row.admin),
    access,
    permissions: permissionsFromAccess(access),
    userCount: Number(row.user_count),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
};

/** "Search role and access": the name and every permission string the role grants. */
const roleSearchText = (name: string, admin: boolean, access: Access) =>
  buildSearchText([name, admin ? 'admin' : null, ...permissionsFromAccess(access)]);

export const listRoles = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, ROLE_LIST_SPEC, query, roleBaseQuery(ctx.db), (rows) => rows.map(toRole));

export async function getRole(ctx: DbContext, id: number): Promise<Role> {
  const row = await findRoleById(ctx.db, id);
  if (!row) throw notFound();
  return toRole(row);
}

const nameTaken = () => invalidField('role', 'error.nameExists');

export async function createRole(ctx: DbContext, body: CreateRoleBody, actor: AuthUser): Promise<Role> {
  if (body.role === SUPERADMIN_ROLE && !hasPermission(actor, 'superadmin')) throw forbidden();
  try {
    const id = await inTransaction(ctx, async (trx) => {
      if (await roleNameTaken(trx.db, body.role)) throw nameTaken();
      const now = nowIso();
      return insertRole(trx.db, {
        role: body.role,
        admin: body.admin,
        access: JSON.stringify(body.access),
        search_text: roleSearchText(body.role, body.admin, body.access),
        created_at: now,
        updated_at: now,
      });
    });
    return getRole(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateRole(ctx: DbContext, id: number, body: UpdateRoleBody, actor: AuthUser): Promise<Role> {
  const current = await getRole(ctx, id);
  if (current.role === SUPERADMIN_ROLE || body.role === SUPERADMIN_ROLE) {
    if (!hasPermission(actor, 'superadmin')) throw forbidden();
    // The superadmin role keeps its name and its admin flag, or nobody could administer the system.
    if ((body.role !== undefined && body.role !== current.role) || body.admin === false) {
      throw invalidField(body.role !== undefined ? 'role' : 'admin', 'error.actionFailed');
    }
  }
  const name = body.role ?? current.role;
  const admin = body.admin ?? current.admin;
  const access = body.access ?? (current.access as Access);
  try {
    await inTransaction(ctx, async (trx) => {
      if (await roleNameTaken(trx.db, name, id)) throw nameTaken();
      await updateRoleRow(trx.db, id, {
        role: name,
        admin,
        access: JSON.stringify(access),
        search_text: roleSearchText(name, admin, access),
        updated_at: nowIso(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getRole(ctx, id);
}

/** A role still held by users cannot be deleted (409). */
export async function deleteRole(ctx: DbContext, id: number): Promise<Role> {
  const role = await getRole(ctx, id);
  if (role.role === SUPERADMIN_ROLE) throw invalidField('role', 'error.actionFailed');
  if (role.userCount > 0) throw conflict();
  await deleteRoleRow(ctx.db, id);
  return role;
}

/** The id of a role by name, if it exists. */
export const findRoleId = (ctx: DbContext, name: string) => findRoleIdByName(ctx.db, name);

/** The id of a role by name, or an error naming `field` when it does not exist. */
export async function roleIdByName(ctx: DbContext, name: string, field = 'role'): Promise<number> {
  const id = await findRoleIdByName(ctx.db, name);
  if (id === undefined) throw invalidField(field, 'error.invalid');
  return id;
}
