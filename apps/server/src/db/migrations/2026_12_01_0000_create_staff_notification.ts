import { types, type MigrationDb } from './helpers.ts';

/**
 * The bell of the back office (issue #17, docs/adr/0024): one row per event a staff user should see — a new mail,
 * a chat mention, a due to-do, an option about to lapse. `dedupe_key` keeps a job that runs again from ringing
 * twice for the same thing.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('staff_notification')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('text', 'varchar(300)', (c) => c.notNull())
    .addColumn('link', 'varchar(300)')
    .addColumn('dedupe_key', 'varchar(200)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('read_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('staff_notification_user')
    .on('staff_notification')
    .columns(['id_user', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_notification_dedupe')
    .on('staff_notification')
    .columns(['id_user', 'dedupe_key'])
    .unique()
    .execute();

  // Documents that came in (a mail's attachments filed to a customer or booking): the documents query (/documents)
  // lists them beside the ones Tourdesk writes itself. The bytes are in the file store (`stored_file`).
  await db.schema
    .createTable('received_document')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_stored_file', 'integer', (c) => c.notNull().references('stored_file.id'))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(120)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    /** where it came from; `mail` for now */
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    /** the mailbox (mail_account) and the mail's Message-ID, sender and subject */
    .addColumn('id_mailbox', 'integer')
    .addColumn('mail_message_id', 'varchar(300)')
    .addColumn('mail_from', 'varchar(300)')
    .addColumn('mail_subject', 'varchar(500)')
    .addColumn('id_vc_card', 'integer', (c) => c.references('vc_card.id_vc_card').onDelete('set null'))
    .addColumn('id_booking', 'integer', (c) => c.references('booking.id').onDelete('set null'))
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('received_document_card').on('received_document').columns(['id_vc_card', 'id']).execute();
  await db.schema
    .createIndex('received_document_booking')
    .on('received_document')
    .columns(['id_booking', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('received_document').ifExists().execute();
  await db.schema.dropTable('staff_notification').ifExists().execute();
}
