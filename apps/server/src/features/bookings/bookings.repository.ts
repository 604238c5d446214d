import { sql, type Insertable, type Updateable } from 'kysely';
import { ZBookingSummary, type BookingStatus, type BookingSummary } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import {
  builtOnce,
  builtOncePerVariant,
  contractFields,
  wholeTableCount,
  type ListSpec,
} from '../../lib/list-query.ts';
import type { BookingEventTable, BookingPriceLineTable, BookingTable, ParticipantTable } from './bookings.table.ts';

/** SQL of bookings (Vorgang): the booking, its participants, rooms, extras, price lines and history. */

export const findPricesOfDate = (db: Database, nr: number) =>
  db
    .selectFrom('jrn_date_price')
    .select(['id', 'category', 'room_kind', 'description', 'amount_cents'])
    .where('id_jrn_date', '=', nr)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findTravelStopsOfDate = (db: Database, nr: number) =>
  db
    .selectFrom('travel_stop')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
    .select([
      'travel_stop.id',
      'travel_stop.direction',
      'travel_stop.knotenhaltnr',
      'travel_stop.surcharge_cents',
      'zus_zustiege.name',
    ])
    .where('travel_stop.id_jrn_date', '=', nr)
    .execute();

/** Room types of a journey's accommodations. */
export const findRoomTypesOfJourney = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_room_type')
    .innerJoin('jrn_accommodation', 'jrn_accommodation.id', 'jrn_room_type.id_jrn_accommodation')
    .select(['jrn_room_type.id', 'jrn_room_type.kind', 'jrn_room_type.name', 'jrn_accommodation.name as hotel'])
    .where('jrn_accommodation.id_jrn_journey', '=', journeyId)
    .execute();

export const findExtrasOfJourney = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_extra')
    .select(['id', 'value', 'price_cents', 'price_due', 'units'])
    .where('id_jrn_journey', '=', journeyId)
    .execute();

// ---------------------------------------------------------------- the booker

export const findCustomerCard = (db: Database, by: { id?: number; ratioId?: string }) => {
  let query = db.selectFrom('vc_card').select(['id_vc_card', 'id_organization']).where('kind', '=', 'customer');
  if (by.id !== undefined) query = query.where('id_vc_card', '=', by.id);
  if (by.ratioId !== undefined) query = query.where('ratio_id', '=', by.ratioId);
  return query.orderBy('id_vc_card').executeTakeFirst();
};

/** The customer card whose person has this e-mail (lower case), the oldest first. */
export const findCustomerCardByEmail = (db: Database, email: string) =>
  db
    .selectFrom('vc_card')
    .innerJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
    .innerJoin('vc_field', 'vc_field.id_vc_person', 'vc_person.id_vc_person')
    .select(['vc_card.id_vc_card', 'vc_card.id_organization'])
    .where('vc_card.kind', '=', 'customer')
    .where('vc_field.id_vc_field_type', '=', 1)
    .where('vc_field.value', '=', email)
    .orderBy('vc_card.id_vc_card')
    .executeTakeFirst();

/** The booker's name, RATIO number and first e-mail and phone. */
export const findBookers = (db: Database, cardIds: readonly number[]) =>
  cardIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('vc_card')
        .leftJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
        .select((eb) => [
          'vc_card.id_vc_card',
          'vc_card.name',
          'vc_card.ratio_id',
          eb
            .selectFrom('vc_field')
            .select('vc_field.value')
            .whereRef('vc_field.id_vc_person', '=', 'vc_person.id_vc_person')
            .where('vc_field.id_vc_field_type', '=', 1)
            .orderBy('vc_field.position')
            .orderBy('vc_field.id_vc_field')
            .limit(1)
            .as('email'),
          eb
            .selectFrom('vc_field')
            .select('vc_field.value')
            .whereRef('vc_field.id_vc_person', '=', 'vc_person.id_vc_person')
            .where('vc_field.id_vc_field_type', '=', 2)
            .orderBy('vc_field.position')
            .orderBy('vc_field.id_vc_field')
            .limit(1)
            .as('phone'),
        ])
        .where('vc_card.id_vc_card', 'in', [...cardIds])
        .execute();

// ---------------------------------------------------------------- the booking

export async function insertBooking(db: Database, row: Insertable<BookingTable>): Promise<number> {
  const { id } = await db.insertInto('booking').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateBookingRow(db: Database, id: number, values: Updateable<BookingTable>): Promise<void> {
  await db.updateTable('booking').set(values).where('id', '=', id).execute();
}

/** Sets the values and increments the version; with `version`, only when the booking still has that version. */
export async function bumpBooking(
  db: Database,
  id: number,
  values: Updateable<BookingTable>,
  version?: number,
): Promise<boolean> {
  let query = db
    .updateTable('booking')
    .set({ ...values, version: sql`version + 1` })
    .where('id', '=', id);
  if (version !== undefined) query = query.where('version', '=', version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteBookingRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('booking_event').where('id_booking', '=', id).execute();
  await db.deleteFrom('booking_price_line').where('id_booking', '=', id).execute();
  await db.deleteFrom('participant').where('id_booking', '=', id).execute();
  await db.deleteFrom('booking_extra').where('id_booking', '=', id).execute();
  await db.deleteFrom('booking_room').where('id_booking', '=', id).execute();
  await db.deleteFrom('booking').where('id', '=', id).execute();
}

const bookingColumns = [
  'booking.id',
  'booking.id_jrn_date',
  'booking.id_jrn_journey',
  'booking.id_booker_card',
  'booking.id_organization',
  'booking.status',
  'booking.option_until',
  'booking.title',
  'booking.comment',
  'booking.ratio_vorgangnr',
  'booking.invoice_number',
  'booking.total_cents',
  'booking.version',
  'booking.created_by',
  'booking.created_at',
  'booking.updated_at',
  'booking.cancelled_at',
  'booking.language',
  'booking.brand_host',
  'booking.confirmed_at',
  'booking.paid_cents',
  'booking.dunning_level',
  'jrn_date.termincode',
  'jrn_date.date_from',
  'jrn_date.date_till',
  'jrn_journey.title as journey_title',
] as const;

export const bookingBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .select(bookingColumns),
);
export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingBaseQuery>['executeTakeFirstOrThrow']>>;

export const findBookingById = (db: Database, id: number) =>
  bookingBaseQuery(db).where('booking.id', '=', id).executeTakeFirst();

/** The booking row alone, locked for the transaction on PostgreSQL (FOR UPDATE; SQLite's BEGIN IMMEDIATE locks all). */
export const lockBooking = (db: Database, id: number, dialect: 'sqlite' | 'postgres') => {
  const query = db
    .selectFrom('booking')
    .select([
      'id',
      'id_jrn_date',
      'id_jrn_journey',
      'status',
      'version',
      'option_until',
      'id_booker_card',
      'confirmed_at',
      'language',
    ])
    .where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
};

// ---------------------------------------------------------------- list

export const bookingListBase = builtOnce((db: Database) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .leftJoin('organization as agency', 'agency.id', 'booking.id_organization')
    .select((eb) => [
      ...bookingColumns,
      'vc_card.name as booker_name',
      'agency.name as agency_name',
      eb
        .selectFrom('participant')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('participant.id_booking', '=', 'booking.id')
        .as('participant_count'),
    ]),
);
export type BookingListRow = Awaited<ReturnType<ReturnType<typeof bookingListBase>['executeTakeFirstOrThrow']>>;

/** Every booking (staff without agency scope): a search alone is counted in the search index (list-query.ts). */
export const bookingCountBase = builtOnce((db: Database) =>
  wholeTableCount(db.selectFrom('booking').select('booking.id')),
);

/** The departure-day range of the list (`date_from[$gte]`, `date_from[$lte]`, YYYY-MM-DD). */
export type DepartureRange = { from?: string; till?: string };

/**
 * The list's base and count queries narrowed to bookings whose departure lies in `range`: a condition on the
 * booking's own `id_jrn_date` (the dates in range through jrn_date's date index), so the page of ids and the count
 * still read the booking table alone.
 *
 * With `newest` (the list's skip + limit, given only when nothing but the range narrows the list and it is in its
 * default order, newest first) also `page`: the newest `newest` bookings of each departure in range, through
 * `booking_date_id_idx` — every booking of the page is among them, so the page of ids is found without sorting
 * every booking in range (about 12,000 in 30 days at 400,000 bookings; 69 departures × 20 ids instead). PostgreSQL
 * takes them with a lateral join; SQLite, which has none, with a correlated `in` per departure.
 *
 * Built once per range and `newest`, so the statements compiled on them are reused while a clerk pages through one
 * range.
 */
export const bookingListInRange = builtOncePerVariant(
  (dialect: 'sqlite' | 'postgres', range: DepartureRange, newest?: number) =>
    `${dialect} ${range.from ?? ''} ${range.till ?? ''} ${newest ?? ''}`,
  narrowToRange,
);

function narrowToRange(db: Database, dialect: 'sqlite' | 'postgres', range: DepartureRange, newest?: number) {
  const datesIn = () =>
    db
      .selectFrom('jrn_date')
      .$if(range.from !== undefined, (q) => q.where('jrn_date.date_from', '>=', range.from!))
      .$if(range.till !== undefined, (q) => q.where('jrn_date.date_from', '<=', range.till!));
  const dates = datesIn().select('jrn_date.nr');
  const count = bookingCountBase(db).where('booking.id_jrn_date', 'in', dates);
  let page: typeof count | undefined;
  if (newest !== undefined) {
    const newestIds =
      dialect === 'postgres'
        ? datesIn()
            .innerJoinLateral(
              (eb) =>
                eb
                  .selectFrom('booking as latest')
                  .select('latest.id')
                  .whereRef('latest.id_jrn_date', '=', 'jrn_date.nr')
                  .orderBy('latest.id', 'desc')
                  .limit(newest)
                  .as('newest'),
              (join) => join.onTrue(),
            )
            .select('newest.id')
        : datesIn()
            .innerJoin('booking as newest', 'newest.id_jrn_date', 'jrn_date.nr')
            .select('newest.id')
            .where('newest.id', 'in', (eb) =>
              eb
                .selectFrom('booking as latest')
                .select('latest.id')
                .whereRef('latest.id_jrn_date', '=', 'jrn_date.nr')
                .orderBy('latest.id', 'desc')
                .limit(newest),
            );
    page = bookingCountBase(db).where('booking.id', 'in', newestIds);
  }
  return { base: bookingListBase(db).where('booking.id_jrn_date', 'in', dates), count, page };
}

/**
 * GET /ratio_vorgang: lit-search over `search_text` (booking number, booker, participants, journey title,
 * termincode, invoice number); filters status (also `$in`), termin, id_jrn_journey, agencyId, createdBy,
 * id_booker_card (the departure range is `bookingListInRange`); newest first.
 */
export const BOOKING_LIST_SPEC: ListSpec<BookingSummary> = {
  table: 'booking',
  idColumn: 'id',
  idField: 'id',
  searchable: true,
  defaultSort: [['id', -1]],
  ownParams: ['agency', 'date_from'],
  fields: {
    id: { column: 'booking.id', type: 'number' },
    nr: { column: 'booking.id', type: 'number' },
    vorgangnr: { column: 'booking.id', type: 'number' },
    termin: { column: 'booking.id_jrn_date', type: 'number' },
    id_jrn_journey: { column: 'booking.id_jrn_journey', type: 'number' },
    journey: { column: 'booking.id_jrn_journey', type: 'number' },
    status: { column: 'booking.status', type: 'string' },
    agencyId: { column: 'booking.id_organization', type: 'number', nullable: true },
    createdBy: { column: 'booking.created_by', type: 'number', nullable: true },
    id_booker_card: { column: 'booking.id_booker_card', type: 'number', nullable: true },
    option_until: { column: 'booking.option_until', type: 'date', nullable: true },
    createdAt: { column: 'booking.created_at', type: 'date' },
    date_from: { column: 'jrn_date.date_from', type: 'date', joined: true, filterable: false },
    price: { column: 'booking.total_cents', type: 'number' },
    invoiceNumber: { column: 'booking.invoice_number', type: 'string', nullable: true },
  },
  selectable: contractFields(ZBookingSummary),
};

/** Every booking's search text is written from these (bookings.service `bookingSearchText`). */
export const findSearchSourceOfBooking = (db: Database, id: number) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select([
      'booking.id',
      'booking.title',
      'booking.invoice_number',
      'booking.ratio_vorgangnr',
      'booking.search_text',
      'vc_card.name as booker_name',
      'jrn_journey.title as journey_title',
      'jrn_date.termincode',
    ])
    .where('booking.id', '=', id)
    .executeTakeFirst();

export const findParticipantNamesOfBooking = (db: Database, id: number) =>
  db.selectFrom('participant').select(['name1', 'name']).where('id_booking', '=', id).orderBy('position').execute();

export async function updateBookingSearchText(db: Database, id: number, text: string): Promise<void> {
  await db.updateTable('booking').set({ search_text: text }).where('id', '=', id).execute();
}

// ---------------------------------------------------------------- participants, rooms, extras

export async function insertParticipant(db: Database, row: Insertable<ParticipantTable>): Promise<number> {
  const { id } = await db.insertInto('participant').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateParticipantRow(
  db: Database,
  id: number,
  values: Updateable<ParticipantTable>,
): Promise<void> {
  await db.updateTable('participant').set(values).where('id', '=', id).execute();
}

export async function deleteParticipantRows(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('booking_price_line')
    .where('id_participant', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('seat_assignment')
    .where('id_participant', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('participant')
    .where('id', 'in', [...ids])
    .execute();
}

export const findParticipantsOfBookings = (db: Database, bookingIds: readonly number[]) =>
  bookingIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('participant')
        .leftJoin('travel_stop as stop_out', 'stop_out.id', 'participant.id_travel_stop_out')
        .leftJoin('travel_stop as stop_ret', 'stop_ret.id', 'participant.id_travel_stop_ret')
        .selectAll('participant')
        .select(['stop_out.knotenhaltnr as zustieghin', 'stop_ret.knotenhaltnr as zustiegrueck'])
        .where('participant.id_booking', 'in', [...bookingIds])
        .orderBy('participant.id_booking')
        .orderBy('participant.position')
        .orderBy('participant.id')
        .execute();
export type ParticipantRow = Awaited<ReturnType<typeof findParticipantsOfBookings>>[number];

export async function insertBookingRoom(
  db: Database,
  row: { id_booking: number; id_jrn_room_type: number; position: number },
): Promise<number> {
  const { id } = await db.insertInto('booking_room').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deleteBookingRooms(db: Database, bookingId: number): Promise<void> {
  await db.updateTable('participant').set({ id_booking_room: null }).where('id_booking', '=', bookingId).execute();
  await db.deleteFrom('booking_room').where('id_booking', '=', bookingId).execute();
}

export const findRoomsOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_room')
    .innerJoin('jrn_room_type', 'jrn_room_type.id', 'booking_room.id_jrn_room_type')
    .select(['booking_room.id', 'booking_room.id_jrn_room_type', 'jrn_room_type.kind', 'jrn_room_type.name'])
    .where('booking_room.id_booking', '=', bookingId)
    .orderBy('booking_room.position')
    .orderBy('booking_room.id')
    .execute();

export async function replaceBookingExtras(
  db: Database,
  bookingId: number,
  extras: ReadonlyArray<{ id_jrn_extra: number; units: number }>,
): Promise<void> {
  await db.deleteFrom('booking_extra').where('id_booking', '=', bookingId).execute();
  if (extras.length > 0)
    await db
      .insertInto('booking_extra')
      .values(extras.map((extra) => ({ id_booking: bookingId, ...extra })))
      .execute();
}

export const findExtrasOfBookingWithValue = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_extra')
    .innerJoin('jrn_extra', 'jrn_extra.id', 'booking_extra.id_jrn_extra')
    .select(['booking_extra.id_jrn_extra', 'jrn_extra.value', 'booking_extra.units'])
    .where('booking_extra.id_booking', '=', bookingId)
    .orderBy('booking_extra.id')
    .execute();

// ---------------------------------------------------------------- prices and history

export async function replacePriceLines(
  db: Database,
  bookingId: number,
  lines: ReadonlyArray<Omit<Insertable<BookingPriceLineTable>, 'id_booking'>>,
): Promise<void> {
  await db.deleteFrom('booking_price_line').where('id_booking', '=', bookingId).execute();
  if (lines.length > 0)
    await db
      .insertInto('booking_price_line')
      .values(lines.map((line) => ({ ...line, id_booking: bookingId })))
      .execute();
}

/** Marks participants cancelled on their own (docs/adr/0017): their rows stay for the history. */
export async function cancelParticipantRows(db: Database, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('participant')
    .set({ cancelled_at: at })
    .where('id', 'in', [...ids])
    .where('cancelled_at', 'is', null)
    .execute();
}

export async function insertPriceLines(
  db: Database,
  bookingId: number,
  lines: ReadonlyArray<Omit<Insertable<BookingPriceLineTable>, 'id_booking'>>,
): Promise<void> {
  if (lines.length > 0)
    await db
      .insertInto('booking_price_line')
      .values(lines.map((line) => ({ ...line, id_booking: bookingId })))
      .execute();
}

export const findPriceLinesOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_price_line')
    .select(['kind', 'description', 'amount_cents', 'id_participant'])
    .where('id_booking', '=', bookingId)
    .orderBy('id')
    .execute();

export async function insertEvents(db: Database, rows: ReadonlyArray<Insertable<BookingEventTable>>): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('booking_event')
      .values([...rows])
      .execute();
}

export const findEventsOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_event')
    .select(['id', 'at', 'by_user', 'kind', 'data'])
    .where('id_booking', '=', bookingId)
    .orderBy('id')
    .execute();

// ---------------------------------------------------------------- the job and the guards

/** Options past their end (candidates; each is released under its own guard). */
export const findExpiredOptionIds = (db: Database, now: string) =>
  db
    .selectFrom('booking')
    .select(['id', 'id_jrn_date'])
    .where('status', '=', 'option')
    .where('option_until', '<', now)
    .orderBy('option_until')
    .orderBy('id')
    .execute();

/**
 * Claims an expired option: sets the status only while it is still an expired option (several instances may
 * run the job; only one gets the row).
 */
export async function claimExpiredOption(
  db: Database,
  id: number,
  now: string,
  status: BookingStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('booking')
    .set({
      status,
      option_until: null,
      version: sql`version + 1`,
      updated_at: now,
      ...(status === 'cancelled' ? { cancelled_at: now } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'option')
    .where('option_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Waiting bookings of a date, oldest first. */
export const findWaitingBookings = (db: Database, dateNr: number) =>
  db
    .selectFrom('booking')
    .select(['id', 'id_booker_card', 'created_at'])
    .where('id_jrn_date', '=', dateNr)
    .where('status', '=', 'waitlist')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const countBookingsOfJourney = async (db: Database, journeyId: number) =>
  Number(
    (
      await db
        .selectFrom('booking')
        .select(sql<number>`count(*)`.as('n'))
        .where('id_jrn_journey', '=', journeyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findDatesWithBookings = async (db: Database, dateNrs: readonly number[]) =>
  dateNrs.length === 0
    ? []
    : (
        await db
          .selectFrom('booking')
          .select('id_jrn_date')
          .distinct()
          .where('id_jrn_date', 'in', [...dateNrs])
          .execute()
      ).map((row) => row.id_jrn_date);

/** How many booked rooms and extras use these room types and extras. */
export async function countBookingsUsingParts(
  db: Database,
  parts: { roomTypes: readonly number[]; extras: readonly number[] },
): Promise<number> {
  let total = 0;
  if (parts.roomTypes.length > 0)
    total += Number(
      (
        await db
          .selectFrom('booking_room')
          .select(sql<number>`count(*)`.as('n'))
          .where('id_jrn_room_type', 'in', [...parts.roomTypes])
          .executeTakeFirstOrThrow()
      ).n,
    );
  if (parts.extras.length > 0)
    total += Number(
      (
        await db
          .selectFrom('booking_extra')
          .select(sql<number>`count(*)`.as('n'))
          .where('id_jrn_extra', 'in', [...parts.extras])
          .executeTakeFirstOrThrow()
      ).n,
    );
  return total;
}
