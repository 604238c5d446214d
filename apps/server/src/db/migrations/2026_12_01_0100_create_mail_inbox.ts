import { types, type MigrationDb } from './helpers.ts';

/**
 * The e-mail inbox over IMAP (issue #17, docs/adr/0025): the mailboxes staff configure (the password encrypted with
 * AES-256-GCM, never readable through the API) with the last inbox UID the poller has announced, and the links of a
 * message to a customer or booking. The outbox learns a sender, copies and threading headers for the mails staff
 * write themselves.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('mailbox')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(254)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('secure', t.boolean, (c) => c.notNull())
    .addColumn('username', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_secret', 'text', (c) => c.notNull())
    // IMAP UIDs and UIDVALIDITY are unsigned 32-bit numbers: text, so PostgreSQL's signed integer never overflows.
    .addColumn('seen_uidvalidity', 'varchar(20)')
    .addColumn('seen_uid', 'varchar(20)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('mail_link')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_mailbox', 'integer', (c) => c.notNull().references('mailbox.id').onDelete('cascade'))
    .addColumn('folder_path', 'varchar(300)', (c) => c.notNull())
    .addColumn('uid', 'varchar(20)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(300)')
    .addColumn('mail_from', 'varchar(300)')
    .addColumn('mail_subject', 'varchar(300)')
    .addColumn('id_vc_card', 'integer', (c) => c.references('vc_card.id_vc_card').onDelete('cascade'))
    .addColumn('id_booking', 'integer', (c) => c.references('booking.id').onDelete('cascade'))
    .addColumn('documents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('mail_link_message')
    .on('mail_link')
    .columns(['id_mailbox', 'folder_path', 'uid'])
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('from_address', 'varchar(300)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('cc_address', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('bcc_address', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('extra_headers', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['extra_headers', 'bcc_address', 'cc_address', 'from_address']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
  await db.schema.dropTable('mail_link').ifExists().execute();
  await db.schema.dropTable('mailbox').ifExists().execute();
}
