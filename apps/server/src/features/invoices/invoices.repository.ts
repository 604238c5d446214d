import { sql, type Insertable } from 'kysely';
import type { InvoiceKind } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import type { InvoiceTable } from './invoices.table.ts';

/** SQL of invoices, credit notes and their gap-free counters (docs/adr/0017). */

/**
 * ★ The next number of `kind` in `year`, taken in the caller's transaction: the counter row is created when
 * missing, then raised by one statement that returns the new value. The row stays locked until the transaction
 * ends (PostgreSQL row lock, SQLite's write lock), so concurrent issuers queue and a rollback gives the number back.
 */
export async function nextInvoiceSeq(db: Database, year: number, kind: InvoiceKind): Promise<number> {
  await db
    .insertInto('invoice_counter')
    .values({ year, kind, last: 0 })
    .onConflict((oc) => oc.columns(['year', 'kind']).doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_counter')
    .set({ last: sql`last + 1` })
    .where('year', '=', year)
    .where('kind', '=', kind)
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

export async function insertInvoice(db: Database, values: Insertable<InvoiceTable>): Promise<number> {
  const row = await db.insertInto('invoice').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const invoiceColumns = [
  'invoice.id',
  'invoice.number',
  'invoice.kind',
  'invoice.year',
  'invoice.seq',
  'invoice.id_booking',
  'invoice.id_organization',
  'invoice.id_credited_invoice',
  'invoice.total_cents',
  'invoice.language',
  'invoice.brand_host',
  'invoice.issued_by',
  'invoice.issued_at',
] as const;

export const findInvoicesOfBooking = (db: Database, bookingId: number) =>
  db.selectFrom('invoice').select(invoiceColumns).where('id_booking', '=', bookingId).orderBy('id').execute();

export type InvoiceRow = Awaited<ReturnType<typeof findInvoicesOfBooking>>[number];

export const findInvoiceById = (db: Database, id: number) =>
  db
    .selectFrom('invoice')
    .select([...invoiceColumns, 'invoice.body'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findInvoiceByNumber = (db: Database, number: string) =>
  db
    .selectFrom('invoice')
    .select([...invoiceColumns, 'invoice.body'])
    .where('number', '=', number)
    .executeTakeFirst();

/** An agency's collective invoices with their bodies, newest first. */
export const findCollectiveInvoicesOfAgency = (db: Database, agencyId: number) =>
  db
    .selectFrom('invoice')
    .select([...invoiceColumns, 'invoice.body'])
    .where('kind', '=', 'collective')
    .where('id_organization', '=', agencyId)
    .orderBy('id', 'desc')
    .execute();

/** Σ of the credit notes that correct an invoice (cents). */
export async function creditedCentsOf(db: Database, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom('invoice')
    .select(sql<number>`coalesce(sum(total_cents), 0)`.as('credited'))
    .where('id_credited_invoice', '=', invoiceId)
    .where('kind', '=', 'creditNote')
    .executeTakeFirstOrThrow();
  return Number(row.credited);
}

/**
 * The booking's latest invoice number moves only from what the issuer read (`seen`) to the new one: a second
 * issuer that raced it changes no row and its transaction is rolled back (with its counter step).
 */
export async function moveBookingInvoiceNumber(
  db: Database,
  bookingId: number,
  seen: string | null,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('booking')
    .set({ invoice_number: next })
    .where('id', '=', bookingId)
    .where((eb) => (seen === null ? eb('invoice_number', 'is', null) : eb('invoice_number', '=', seen)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The buyer's postal address: the first address of the booker card's person, with the ISO code of its country
 * (the free-text country may be an id, an ISO code or a German or English name).
 */
export const findCardAddress = (db: Database, cardId: number) =>
  db
    .selectFrom('vc_person')
    .innerJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
    .leftJoin('loc_country', (join) =>
      join.on(
        sql<boolean>`(cast(loc_country.id_loc_country as text) = vc_address.country
          or loc_country.iso = upper(vc_address.country)
          or loc_country.name_de = vc_address.country
          or loc_country.name_en = vc_address.country)`,
      ),
    )
    .select(['vc_address.street', 'vc_address.zip', 'vc_address.city', 'vc_address.country', 'loc_country.iso'])
    .where('vc_person.id_vc_card', '=', cardId)
    .orderBy('vc_address.id_vc_address')
    .limit(1)
    .executeTakeFirst();

/** The last instalment's due date of the booking's payment schedule, or null. */
export async function findLastDueDate(db: Database, bookingId: number): Promise<string | Date | null> {
  const row = await db
    .selectFrom('payment_due')
    .select('due_date')
    .where('id_booking', '=', bookingId)
    .orderBy('due_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.due_date ?? null;
}

/** The booking's total and payments, read in the issuing transaction. */
export const findBookingMoney = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking')
    .select(['total_cents', 'paid_cents', 'invoice_number', 'id_organization', 'brand_host', 'language'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
