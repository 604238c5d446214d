import { types, type MigrationDb } from './helpers.ts';

/**
 * The chat (issue #17 item 2, docs/adr/0026): channels (`general`, and one per departure made when it is first
 * opened), messages with their mentions, and one read marker per user and channel (the unread counts).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('chat_channel')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    /** the departure (`jrn_date.nr`) of a departure channel; unique, so a channel is made once */
    .addColumn('id_jrn_date', 'integer', (c) => c.unique().references('jrn_date.nr').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.insertInto('chat_channel').values({ kind: 'general' }).execute();

  await db.schema
    .createTable('chat_message')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_chat_channel', 'integer', (c) => c.notNull().references('chat_channel.id').onDelete('cascade'))
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('text', 'varchar(4000)', (c) => c.notNull())
    /** normalised text (contracts' normalizeSearchText) for the history search */
    .addColumn('search_text', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    /** JSON array of the mentioned users' ids */
    .addColumn('mentions', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('edited_at', t.timestamp)
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema.createIndex('chat_message_channel').on('chat_message').columns(['id_chat_channel', 'id']).execute();

  await db.schema
    .createTable('chat_read')
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('id_chat_channel', 'integer', (c) => c.notNull().references('chat_channel.id').onDelete('cascade'))
    /** the newest message the user has seen in the channel */
    .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_read_pk', ['id_user', 'id_chat_channel'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('chat_read').ifExists().execute();
  await db.schema.dropTable('chat_message').ifExists().execute();
  await db.schema.dropTable('chat_channel').ifExists().execute();
}
