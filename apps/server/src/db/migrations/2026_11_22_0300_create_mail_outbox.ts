import { types, type MigrationDb } from './helpers.ts';

/**
 * The mail outbox (every mail is written in the transaction of the change that causes it and delivered
 * by a worker), its delivery attempts, and the single-use action codes mailed to users.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('brand_host', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('mail_attempt')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_mail', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('ok', t.boolean, (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('mail_attempt_mail_idx').on('mail_attempt').column('id_mail').execute();

  await db.schema
    .createTable('action_code')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('action_code_user_idx').on('action_code').columns(['user_id', 'purpose']).execute();

  await db.schema
    .alterTable('user_account')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('user_account').dropColumn('language').execute();
  await db.schema.dropTable('action_code').ifExists().execute();
  await db.schema.dropTable('mail_attempt').ifExists().execute();
  await db.schema.dropTable('mail_outbox').ifExists().execute();
}
