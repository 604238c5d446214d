import type { MigrationDb } from './helpers.ts';

/**
 * The bookings list's departure range (issue #11, bench/README.md "Booking lists"): `booking (id_jrn_date, id)`
 * hands over the newest bookings of each departure in order, so the list's page of ids takes the newest n of
 * each departure in range instead of sorting every booking in it (bookings.repository `bookingListInRange`).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('booking_date_id_idx').on('booking').columns(['id_jrn_date', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('booking_date_id_idx').ifExists().execute();
}
