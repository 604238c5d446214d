import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailAttachmentTable, MailAttemptTable, MailOutboxTable } from './mail.table.ts';

const summaryColumns = [
  'mail_outbox.id',
  'mail_outbox.to_address',
  'mail_outbox.subject',
  'mail_outbox.template',
  'mail_outbox.language',
  'mail_outbox.brand_host',
  'mail_outbox.status',
  'mail_outbox.attempts',
  'mail_outbox.next_attempt_at',
  'mail_outbox.last_error',
  'mail_outbox.sent_at',
  'mail_outbox.created_at',
] as const;

export const mailBaseQuery = (db: Database) => db.selectFrom('mail_outbox').select(summaryColumns);
export type MailRow = Awaited<ReturnType<ReturnType<typeof mailBaseQuery>['executeTakeFirstOrThrow']>>;

export async function insertMail(db: Database, values: Insertable<MailOutboxTable>): Promise<number> {
  const row = await db.insertInto('mail_outbox').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAttachment(db: Database, values: Insertable<MailAttachmentTable>): Promise<void> {
  await db.insertInto('mail_attachment').values(values).execute();
}

/** The files to send with a mail, in the order they were added. */
export const findAttachments = (db: Database, idMail: number) =>
  db
    .selectFrom('mail_attachment')
    .select(['filename', 'content_type', 'content'])
    .where('id_mail', '=', idMail)
    .orderBy('id')
    .execute();

export const findMailById = (db: Database, id: number) =>
  db
    .selectFrom('mail_outbox')
    .select([...summaryColumns, 'mail_outbox.html', 'mail_outbox.text', 'mail_outbox.message_id'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findAttempts = (db: Database, id: number) =>
  db.selectFrom('mail_attempt').select(['at', 'ok', 'detail']).where('id_mail', '=', id).orderBy('id').execute();

/** Ids of mails due for a (first or next) attempt, or whose worker died mid-delivery. */
export async function findDueMailIds(db: Database, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a due mail for delivery: only one worker wins (the update matches only while the mail is still
 * due), and its lease runs out if that worker dies, so another picks the mail up.
 */
export async function claimMail(db: Database, id: number, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sending', locked_until: leaseUntil, updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateMail(db: Database, id: number, values: Updateable<MailOutboxTable>): Promise<void> {
  await db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
}

export async function insertAttempt(db: Database, values: Insertable<MailAttemptTable>): Promise<void> {
  await db.insertInto('mail_attempt').values(values).execute();
}

export const findMailForDelivery = (db: Database, id: number) =>
  db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();

export const countByStatus = (db: Database) =>
  db
    .selectFrom('mail_outbox')
    .select(['status', sql<number>`count(*)`.as('count')])
    .groupBy('status')
    .execute();

/** The mails that belong to a record (`booking:123`), newest first, with the names of their attachments. */
export const findMailsOfRef = (db: Database, ref: string) =>
  db.selectFrom('mail_outbox').select(summaryColumns).where('ref', '=', ref).orderBy('id', 'desc').execute();

export const findAttachmentNames = (db: Database, mailIds: readonly number[]) =>
  mailIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('mail_attachment')
        .select(['id_mail', 'filename'])
        .where('id_mail', 'in', mailIds)
        .orderBy('id')
        .execute();

/** Mails of a template held back for their attachments: queued, never tried, not due yet at `now`. */
export const findHeldMails = (db: Database, template: string, now: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['id', 'ref'])
    .where('template', '=', template)
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .orderBy('id')
    .execute();

/** Releases a held mail for delivery now; false when another run released it (or it was sent) first. */
export async function claimHeldMail(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
