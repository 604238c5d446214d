import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The agency portal's money (issue #12, docs/adr/0019): commission rates per agency (a default and one per journey
 * category), the rate frozen on each agency booking when it is booked, and which bookings a collective invoice
 * (Sammelrechnung, an `invoice` row of kind `collective`) covers — each booking at most once.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('agency_commission_rate')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_organization', 'integer', (c) => c.notNull().references('organization.id').onDelete('cascade'))
    /** null: the agency's default rate; else the rate for journeys of this category */
    .addColumn('id_jrn_category', 'integer', (c) => c.references('jrn_category.id_jrn_category').onDelete('cascade'))
    /** basis points: 1050 = 10.50 % */
    .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp >= 0 and rate_bp <= 10000`))
    .execute();
  // One default and one rate per category and agency (null counts as one value; category ids start at 0).
  await sql`create unique index agency_commission_rate_uq
    on agency_commission_rate (id_organization, coalesce(id_jrn_category, -1))`.execute(db);

  /** the commission rate of an agency booking, frozen when it was booked (basis points; null: no agency) */
  await db.schema.alterTable('booking').addColumn('commission_bp', 'integer').execute();

  // ★ The bookings a collective invoice covers, with the amounts as invoiced; a booking is invoiced collectively once.
  await db.schema
    .createTable('collective_invoice_booking')
    .addColumn('id_invoice', 'integer', (c) => c.notNull().references('invoice.id').onDelete('restrict'))
    .addColumn('id_booking', 'integer', (c) => c.notNull().unique().references('booking.id').onDelete('restrict'))
    /** the travel price invoiced (without insurance), cents */
    .addColumn('travel_cents', 'integer', (c) => c.notNull())
    /** the commission deducted, cents */
    .addColumn('commission_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collective_invoice_booking_pk', ['id_invoice', 'id_booking'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('collective_invoice_booking').ifExists().execute();
  await db.schema.alterTable('booking').dropColumn('commission_bp').execute();
  await db.schema.dropTable('agency_commission_rate').ifExists().execute();
}
