import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The driver app's check-in (issue #13 item 8, docs/adr/0020): per coach and participant whether the traveller
 * boarded or did not turn up, who said so and when. No row: still open (an undo deletes the row).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('boarding_checkin')
    .addColumn('id_transport', 'integer', (c) => c.notNull().references('transport.id').onDelete('cascade'))
    .addColumn('id_participant', 'integer', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('boarded', 'no_show')`))
    .addColumn('checked_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('checked_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('boarding_checkin_pk', ['id_transport', 'id_participant'])
    .execute();
  // A participant's rows go when the participant does (the foreign key's cascade looks them up).
  await db.schema
    .createIndex('boarding_checkin_participant')
    .on('boarding_checkin')
    .columns(['id_participant'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('boarding_checkin').ifExists().execute();
}
