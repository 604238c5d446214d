import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The traveller app's access to bookings (issue #13, docs/adr/0020): which app users see which bookings, as
 * booker or as a guest the booker shared the trip with (requested until the booker confirms).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('traveller_booking')
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('relation', 'varchar(10)', (c) => c.notNull().check(sql`relation in ('booker', 'guest')`))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('requested', 'confirmed')`))
    .addColumn('requested_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('confirmed_at', t.timestamp)
    .addPrimaryKeyConstraint('traveller_booking_pk', ['id_user', 'id_booking'])
    .execute();
  // The bookings' travellers (the booker's confirmation list, staff's "who has the app").
  await db.schema.createIndex('traveller_booking_booking').on('traveller_booking').columns(['id_booking']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('traveller_booking').ifExists().execute();
}
