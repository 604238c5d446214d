import { types, type MigrationDb } from './helpers.ts';

/**
 * The office's to-dos and the task board (issue #17, docs/adr/0028).
 *
 * A to-do falls due at `due_at` (its date and time in Europe/Berlin as a UTC instant, kept with the date and
 * time); `due_rung_at` records which due moment the assignee's bell has already rung for, so the due job reads
 * only what it has not told yet. A task's `position` numbers the cards of its column 0, 1, 2 … top first; a move
 * renumbers the columns it touches in one transaction.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('todo')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('due_date', t.date)
    .addColumn('due_time', 'varchar(5)')
    .addColumn('due_at', t.timestamp)
    .addColumn('due_rung_at', t.timestamp)
    .addColumn('id_assignee', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('done', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('done_at', t.timestamp)
    .addColumn('id_vc_card', 'integer', (c) => c.references('vc_card.id_vc_card').onDelete('set null'))
    .addColumn('id_booking', 'integer', (c) => c.references('booking.id').onDelete('set null'))
    /** normalised title and notes, for `lit-search` */
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('todo_assignee').on('todo').columns(['id_assignee', 'done', 'due_at']).execute();
  await db.schema.createIndex('todo_created_by').on('todo').columns(['created_by', 'done']).execute();
  await db.schema.createIndex('todo_due').on('todo').columns(['done', 'due_at']).execute();

  await db.schema
    .createTable('task')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('id_assignee', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('id_booking', 'integer', (c) => c.references('booking.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    /** normalised title and description, for `lit-search` */
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('task_column').on('task').columns(['status', 'position']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('task').ifExists().execute();
  await db.schema.dropTable('todo').ifExists().execute();
}
