import { types, type MigrationDb } from './helpers.ts';

/**
 * The calendar (issue #17, docs/adr/0027): calendars (personal ones with an owner, shared ones without), their
 * events, and each user's secret iCal feed address (stored hashed).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('calendar')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('color', 'varchar(7)', (c) => c.notNull())
    /** null: a shared calendar */
    .addColumn('id_owner', 'integer', (c) => c.references('user_account.id').onDelete('cascade'))
    /** the owner's id on the personal calendar made on first use (unique: made once, however many ask at once) */
    .addColumn('default_for', 'integer', (c) => c.unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('calendar_owner').on('calendar').columns(['id_owner', 'id']).execute();

  await db.schema
    .createTable('calendar_event')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_calendar', 'integer', (c) => c.notNull().references('calendar.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'varchar(200)')
    .addColumn('all_day', t.boolean, (c) => c.notNull().defaultTo(t.false))
    /** instants; an all-day event from Berlin midnight of its first day to Berlin midnight after its last */
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .addColumn('reminder_minutes', 'integer')
    /** when the reminder rings; null once it has rung (or without a reminder) */
    .addColumn('remind_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('calendar_event_window')
    .on('calendar_event')
    .columns(['id_calendar', 'starts_at'])
    .execute();
  await db.schema.createIndex('calendar_event_remind').on('calendar_event').columns(['remind_at']).execute();

  await db.schema
    .createTable('calendar_feed')
    .addColumn('id_user', 'integer', (c) => c.primaryKey().references('user_account.id').onDelete('cascade'))
    /** SHA-256 of the secret in the address, hex */
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('calendar_feed').ifExists().execute();
  await db.schema.dropTable('calendar_event').ifExists().execute();
  await db.schema.dropTable('calendar').ifExists().execute();
}
