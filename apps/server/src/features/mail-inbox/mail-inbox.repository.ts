import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ReceivedDocumentTable } from '../documents/documents.table.ts';
import type { MailboxTable, MailLinkTable } from './mail-inbox.table.ts';

const mailboxColumns = [
  'mailbox.id',
  'mailbox.name',
  'mailbox.address',
  'mailbox.host',
  'mailbox.port',
  'mailbox.secure',
  'mailbox.username',
  'mailbox.password_secret',
  'mailbox.seen_uidvalidity',
  'mailbox.seen_uid',
] as const;

/** The mailboxes in the order they were added: the first is "the first inbox" of spec §4. */
export const findMailboxes = (db: Database) =>
  db.selectFrom('mailbox').select(mailboxColumns).orderBy('mailbox.id').execute();

export const findMailbox = (db: Database, id: number) =>
  db.selectFrom('mailbox').select(mailboxColumns).where('mailbox.id', '=', id).executeTakeFirst();

export const insertMailbox = async (db: Database, row: Insertable<MailboxTable>) =>
  (await db.insertInto('mailbox').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateMailbox = (db: Database, id: number, changes: Updateable<MailboxTable>) =>
  db.updateTable('mailbox').set(changes).where('id', '=', id).executeTakeFirst();

export const deleteMailbox = async (db: Database, id: number) =>
  Number((await db.deleteFrom('mailbox').where('id', '=', id).executeTakeFirst()).numDeletedRows);

/**
 * Moves the poller's mark forward, only from the value it read: of two instances polling at once, one wins and
 * rings; the other finds nothing to do.
 */
export const advanceSeenUid = async (
  db: Database,
  id: number,
  from: { uidValidity: string | null; uid: string | null },
  to: { uidValidity: string; uid: string },
) =>
  Number(
    (
      await db
        .updateTable('mailbox')
        .set({ seen_uidvalidity: to.uidValidity, seen_uid: to.uid })
        .where('id', '=', id)
        .where((eb) =>
          eb.and([
            from.uidValidity === null
              ? eb('seen_uidvalidity', 'is', null)
              : eb('seen_uidvalidity', '=', from.uidValidity),
            from.uid === null ? eb('seen_uid', 'is', null) : eb('seen_uid', '=', from.uid),
          ]),
        )
        .executeTakeFirst()
    ).numUpdatedRows,
  );

export const insertMailLink = async (db: Database, row: Insertable<MailLinkTable>) =>
  (await db.insertInto('mail_link').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** The links of one message, with the customer's name and the booking's number. */
export const findMailLinks = (db: Database, mailboxId: number, folderPath: string, uid: number) =>
  db
    .selectFrom('mail_link')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'mail_link.id_vc_card')
    .select([
      'mail_link.id',
      'mail_link.id_vc_card',
      'mail_link.id_booking',
      'mail_link.documents',
      'vc_card.name as card_name',
    ])
    .where('mail_link.id_mailbox', '=', mailboxId)
    .where('mail_link.folder_path', '=', folderPath)
    .where('mail_link.uid', '=', String(uid))
    .orderBy('mail_link.id')
    .execute();

export const cardExists = async (db: Database, id: number) =>
  (await db.selectFrom('vc_card').select('id_vc_card').where('id_vc_card', '=', id).executeTakeFirst()) !== undefined;

export const bookingExists = async (db: Database, id: number) =>
  (await db.selectFrom('booking').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const insertReceivedDocument = async (db: Database, row: Insertable<ReceivedDocumentTable>) =>
  (await db.insertInto('received_document').values(row).returning('id').executeTakeFirstOrThrow()).id;
