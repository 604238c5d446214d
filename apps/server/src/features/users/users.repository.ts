import type { Insertable, Selectable, Updateable } from 'kysely';
import { ZUser, type User } from '@tourdesk/contracts';
import { builtOnce, builtOncePerVariant, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { Database } from '../../db/database.ts';
import type { UserAccountTable, UserKind } from './users.table.ts';

/** The columns a user answer is built from (never the password hash or verify code). */
export const userBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('user_account')
    .leftJoin('role', 'role.id_roles', 'user_account.id_roles')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'user_account.id_vc_card')
    .leftJoin('organization', 'organization.id', 'vc_card.id_organization')
    .select([
      'user_account.id',
      'user_account.kind',
      'user_account.email',
      'user_account.firstname',
      'user_account.lastname',
      'user_account.street',
      'user_account.number',
      'user_account.zip',
      'user_account.city',
      'user_account.country',
      'user_account.nationality',
      'user_account.state',
      'user_account.sex',
      'user_account.birthday',
      'user_account.placeofbirth',
      'user_account.maritalstatus',
      'user_account.id_roles',
      'user_account.status',
      'user_account.username',
      'user_account.is_driver',
      'user_account.ratio_id',
      'user_account.kuschick_id',
      'user_account.is_active',
      'user_account.avatar',
      'user_account.id_vc_card',
      'user_account.previous_login_at',
      'user_account.created_at',
      'user_account.updated_at',
      'role.role as role_name',
      'role.admin as role_admin',
      'role.access as role_access',
      'vc_card.name as card_name',
      'vc_card.id_organization as card_agency_id',
    ]),
);

export type UserRow = Awaited<ReturnType<ReturnType<typeof userBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /users-lit and the other user lists: which API field reads which column, next to the queries it runs on. */
export const USER_LIST_SPEC: ListSpec<User> = {
  table: 'user_account',
  idColumn: 'id',
  idField: 'id',
  searchable: true,
  defaultSort: [['id', -1]],
  fields: {
    id: { column: 'user_account.id', type: 'number' },
    email: { column: 'user_account.email', type: 'string' },
    firstname: { column: 'user_account.firstname', sortColumn: 'user_account.sort_firstname', type: 'string' },
    lastname: { column: 'user_account.lastname', sortColumn: 'user_account.sort_lastname', type: 'string' },
    phone: { column: 'user_account.sort_phone', type: 'string', filterable: false, nullable: true },
    city: { column: 'user_account.city', type: 'string' },
    zip: { column: 'user_account.zip', type: 'string' },
    role: { column: 'user_account.id_roles', type: 'number' },
    roleName: { column: 'role.role', type: 'string', joined: true },
    status: { column: 'user_account.status', type: 'string' },
    username: { column: 'user_account.username', type: 'string' },
    isDriver: { column: 'user_account.is_driver', type: 'boolean' },
    isActive: { column: 'user_account.is_active', type: 'boolean' },
    ratio_id: { column: 'user_account.ratio_id', type: 'string' },
    agencyId: { column: 'vc_card.id_organization', type: 'number', joined: true },
    agencyName: { column: 'organization.sort_name', type: 'string', joined: true, filterable: false, nullable: true },
    createdAt: { column: 'user_account.created_at', type: 'date' },
    updatedAt: { column: 'user_account.updated_at', type: 'date' },
  },
  selectable: contractFields(ZUser),
};

/**
 * The list's page query and its count query (no joins unless a filter reads a joined column) for one kind,
 * built once per kind so that their statements are compiled once (see `builtOncePerVariant`).
 */
export const userListQueries = builtOncePerVariant(
  (kind: UserKind) => kind,
  (db: Database, kind: UserKind) => ({
    base: userBaseQuery(db).where('user_account.kind', '=', kind),
    countBase: db.selectFrom('user_account').select('user_account.id').where('user_account.kind', '=', kind),
  }),
);

export async function findUserById(db: Database, id: number, kind?: UserKind): Promise<UserRow | undefined> {
  let query = userBaseQuery(db).where('user_account.id', '=', id);
  if (kind) query = query.where('user_account.kind', '=', kind);
  return query.executeTakeFirst();
}

export async function findAccountsByEmail(db: Database, email: string) {
  return db
    .selectFrom('user_account')
    .select(['id', 'kind', 'password_hash', 'is_active'])
    .where('email', '=', email)
    .orderBy('id')
    .execute();
}

export async function emailTaken(db: Database, email: string, kind: UserKind, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('user_account').select('id').where('email', '=', email).where('kind', '=', kind);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function findSecurityState(db: Database, id: number) {
  return db
    .selectFrom('user_account')
    .select(['is_active', 'tokens_valid_after'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertUser(db: Database, values: Insertable<UserAccountTable>): Promise<number> {
  const row = await db.insertInto('user_account').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserRow(db: Database, id: number, values: Updateable<UserAccountTable>): Promise<void> {
  await db.updateTable('user_account').set(values).where('id', '=', id).execute();
}

export async function deleteUserRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('user_account').where('id', '=', id).execute();
}

export async function findRoleForAssignment(db: Database, id: number) {
  return db.selectFrom('role').select(['id_roles', 'role', 'admin']).where('id_roles', '=', id).executeTakeFirst();
}

export async function findRoleByName(db: Database, name: string) {
  return db.selectFrom('role').select(['id_roles', 'role', 'admin']).where('role', '=', name).executeTakeFirst();
}

export type UserSelectable = Selectable<UserAccountTable>;

export async function findPasswordHash(db: Database, id: number): Promise<string | null> {
  const row = await db.selectFrom('user_account').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** What the permission check needs of a user: account, role and the agency of its card. */
export async function findAuthUserRow(db: Database, id: number) {
  return db
    .selectFrom('user_account')
    .leftJoin('role', 'role.id_roles', 'user_account.id_roles')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'user_account.id_vc_card')
    .select([
      'user_account.id',
      'user_account.kind',
      'user_account.email',
      'user_account.is_active',
      'user_account.tokens_valid_after',
      'role.role as role_name',
      'role.admin as role_admin',
      'role.access as role_access',
      'vc_card.id_organization as agency_id',
    ])
    .where('user_account.id', '=', id)
    .executeTakeFirst();
}

/** Records a login in one statement: the last one becomes the previous one. */
export async function updateLoginTimes(db: Database, id: number, now: string): Promise<void> {
  await db
    .updateTable('user_account')
    .set((eb) => ({ previous_login_at: eb.ref('last_login_at'), last_login_at: now }))
    .where('id', '=', id)
    .execute();
}

const accountSummaryColumns = [
  'id',
  'kind',
  'email',
  'firstname',
  'lastname',
  'is_active',
  'language',
  'id_vc_card',
] as const;

export async function findAccountSummaryRow(db: Database, id: number) {
  return db.selectFrom('user_account').select(accountSummaryColumns).where('id', '=', id).executeTakeFirst();
}

export async function findAccountSummaryRowsByEmail(db: Database, email: string) {
  return db.selectFrom('user_account').select(accountSummaryColumns).where('email', '=', email).orderBy('id').execute();
}
