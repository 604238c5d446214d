import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RoleTable } from './roles.table.ts';

export const roleBaseQuery = (db: Database) =>
  db
    .selectFrom('role')
    .select([
      'role.id_roles',
      'role.role',
      'role.admin',
      'role.access',
      'role.created_at',
      'role.updated_at',
      sql<number>`(select count(*) from user_account where user_account.id_roles = role.id_roles)`.as('user_count'),
    ]);

export type RoleRow = Awaited<ReturnType<ReturnType<typeof roleBaseQuery>['executeTakeFirstOrThrow']>>;

export const findRoleById = (db: Database, id: number) =>
  roleBaseQuery(db).where('role.id_roles', '=', id).executeTakeFirst();

export async function findRoleIdByName(db: Database, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('role').select('id_roles').where('role', '=', name).executeTakeFirst();
  return row?.id_roles;
}

export async function roleNameTaken(db: Database, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('role').select('id_roles').where('role', '=', name);
  if (exceptId !== undefined) query = query.where('id_roles', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Database, values: Insertable<RoleTable>): Promise<number> {
  const row = await db.insertInto('role').values(values).returning('id_roles').executeTakeFirstOrThrow();
  return row.id_roles;
}

export async function updateRoleRow(db: Database, id: number, values: Updateable<RoleTable>): Promise<void> {
  await db.updateTable('role').set(values).where('id_roles', '=', id).execute();
}

export async function deleteRoleRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('role').where('id_roles', '=', id).execute();
}
