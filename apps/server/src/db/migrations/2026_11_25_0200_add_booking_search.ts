import { sql } from 'kysely';
import { createSearchIndex, dropSearchIndex, isPostgres, type MigrationDb } from './helpers.ts';

/**
 * The bookings list (issue #11): `booking.search_text` (booking number, booker, participants' names, journey
 * title, termincode, invoice number — written by the bookings service in the booking transaction) with its search
 * index (FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL), and the indexes behind the list's filters in its
 * default order (newest first): status and created by. Existing bookings get their text here.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('booking')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await backfill(db);
  await createSearchIndex(db, 'booking', 'id');
  await db.schema.createIndex('booking_status_id_idx').on('booking').columns(['status', 'id']).execute();
  await db.schema.createIndex('booking_creator_idx').on('booking').columns(['created_by', 'id']).execute();
  // The processes list sorts by invoice number, then booking number: PostgreSQL walks this backwards instead of
  // sorting every booking; SQLite's booking_invoice_idx already ends in the rowid.
  if (isPostgres(db))
    await db.schema.createIndex('booking_invoice_id_idx').on('booking').columns(['invoice_number', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('booking_invoice_id_idx').ifExists().execute();
  await db.schema.dropIndex('booking_creator_idx').ifExists().execute();
  await db.schema.dropIndex('booking_status_id_idx').ifExists().execute();
  await dropSearchIndex(db, 'booking');
  await db.schema.alterTable('booking').dropColumn('search_text').execute();
}

/** The same folding as the contracts' normalizeSearchText (a migration imports no app code). */
const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

async function backfill(db: MigrationDb): Promise<void> {
  const { rows: bookings } = await sql<{
    id: number;
    booker: string | null;
    title: string;
    termincode: string;
    invoice_number: string | null;
  }>`select b.id, c.name as booker, j.title, d.termincode, b.invoice_number from booking b
     join jrn_date d on d.nr = b.id_jrn_date join jrn_journey j on j.id_jrn_journey = b.id_jrn_journey
     left join vc_card c on c.id_vc_card = b.id_booker_card`.execute(db);
  if (bookings.length === 0) return;
  const { rows: participants } = await sql<{
    id_booking: number;
    name1: string | null;
    name: string;
  }>`select id_booking, name1, name from participant order by id_booking, position`.execute(db);
  const names = new Map<number, string[]>();
  for (const p of participants) {
    const list = names.get(p.id_booking) ?? [];
    list.push(p.name1 ?? '', p.name);
    names.set(p.id_booking, list);
  }
  for (const b of bookings) {
    const text = fold(
      [b.id, b.booker, ...(names.get(b.id) ?? []), b.title, b.termincode, b.invoice_number]
        .filter((value) => value !== null && value !== '')
        .join(' '),
    );
    await sql`update booking set search_text = ${text} where id = ${b.id}`.execute(db);
  }
}
