import { parseAccessText, hasPermission, type PermissionName } from '@tourdesk/contracts';
import { statementBatches } from '../../db/batches.ts';
import type { Database } from '../../db/database.ts';
import { isTrue } from '../../db/dialect.ts';
import type { StaffNotificationTable } from './staff-notifications.table.ts';

/** The SQL of the back office's bell (docs/adr/0024). */

export type NewStaffNotification = Pick<StaffNotificationTable, 'kind' | 'text' | 'link' | 'dedupe_key'>;

/**
 * Writes the entry for each user; a user who already has an entry with the same dedupe key gets none (the unique
 * index, also when two instances write at once). Returns the users who got one. Many users are written in
 * multi-row INSERTs, as many per statement as both databases bind.
 */
export async function insertStaffNotifications(
  db: Database,
  userIds: readonly number[],
  entry: NewStaffNotification,
): Promise<number[]> {
  const added: number[] = [];
  for (const batch of statementBatches([...new Set(userIds)], 5)) {
    const rows = await db
      .insertInto('staff_notification')
      .values(batch.map((id_user) => ({ id_user, ...entry })))
      .onConflict((oc) => oc.columns(['id_user', 'dedupe_key']).doNothing())
      .returning('id_user')
      .execute();
    for (const row of rows) added.push(row.id_user);
  }
  return added;
}

/** Whether some user's notice carries `key` already (one probe of the index `staff_notification_key`). */
export async function hasNoticeWithKey(db: Database, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_notification')
    .select('id')
    .where('dedupe_key', '=', key)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const findStaffNotifications = (db: Database, userId: number, limit: number) =>
  db
    .selectFrom('staff_notification')
    .select(['id', 'kind', 'text', 'link', 'created_at', 'read_at'])
    .where('id_user', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function countUnreadStaffNotifications(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_notification')
    .select((eb) => eb.fn.countAll<number | string>().as('unread'))
    .where('id_user', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** Marks the user's entries read: those of `ids`, or all. Returns how many changed. */
export async function markStaffNotificationsRead(
  db: Database,
  userId: number,
  ids: readonly number[] | undefined,
  now: string,
): Promise<number> {
  if (ids?.length === 0) return 0;
  let query = db
    .updateTable('staff_notification')
    .set({ read_at: now })
    .where('id_user', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The active back-office users holding `permission` (admins hold every one), by the rule of spec §6; with
 * `createdBy`, only those whose account existed then.
 */
export async function findStaffWithPermission(
  db: Database,
  permission: PermissionName,
  { createdBy }: { createdBy?: string } = {},
): Promise<number[]> {
  let query = db
    .selectFrom('user_account as u')
    .innerJoin('role as r', 'r.id_roles', 'u.id_roles')
    .select(['u.id', 'r.id_roles', 'r.role', 'r.admin', 'r.access'])
    .where('u.kind', '=', 'staff')
    .where(isTrue('u.is_active'));
  if (createdBy !== undefined) query = query.where('u.created_at', '<=', createdBy);
  const rows = await query.execute();
  // Many users, few roles: each role's access is read once.
  const holds = new Map<number, boolean>();
  const roleHolds = (row: (typeof rows)[number]) => {
    let answer = holds.get(row.id_roles);
    if (answer === undefined) {
      const role = { admin: Boolean(row.admin), role: row.role, access: parseAccessText(row.access) };
      holds.set(row.id_roles, (answer = hasPermission(role, permission)));
    }
    return answer;
  };
  return rows.filter(roleHolds).map((row) => row.id);
}
