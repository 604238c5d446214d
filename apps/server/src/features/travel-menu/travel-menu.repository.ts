import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { TravelConsumptionTable, TravelMenuItemTable } from './travel-menu.table.ts';

/** SQL of the on-board menu and its consumption (issue #13 item 5). */

const itemColumns = [
  'travel_menu_item.id',
  'travel_menu_item.id_jrn_journey',
  'travel_menu_item.name',
  'travel_menu_item.description',
  'travel_menu_item.category',
  'travel_menu_item.price_cents',
  'travel_menu_item.vat_rate',
  'travel_menu_item.available',
  'travel_menu_item.position',
] as const;

export type MenuItemRow = Awaited<ReturnType<typeof findMenuItem>> & object;

export const findJourneyTitle = async (db: Database, journeyId: number) =>
  (await db.selectFrom('jrn_journey').select('title').where('id_jrn_journey', '=', journeyId).executeTakeFirst())
    ?.title;

/** A journey's menu in its order (category, position, name). */
export const findMenuItems = (db: Database, journeyId: number, onlyAvailable = false) => {
  let query = db.selectFrom('travel_menu_item').select(itemColumns).where('id_jrn_journey', '=', journeyId);
  if (onlyAvailable) query = query.where('available', '=', true);
  return query.orderBy('position').orderBy('name').orderBy('id').execute();
};

export const findMenuItem = (db: Database, id: number) =>
  db.selectFrom('travel_menu_item').select(itemColumns).where('id', '=', id).executeTakeFirst();

export const findMenuItemsByIds = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('travel_menu_item').select(itemColumns).where('id', 'in', ids).execute();

export const insertMenuItem = async (db: Database, row: Insertable<TravelMenuItemTable>) =>
  (await db.insertInto('travel_menu_item').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateMenuItemRow = (db: Database, id: number, values: Updateable<TravelMenuItemTable>) =>
  db.updateTable('travel_menu_item').set(values).where('id', '=', id).execute();

export const deleteMenuItemRow = (db: Database, id: number) =>
  db.deleteFrom('travel_menu_item').where('id', '=', id).execute();

/** The next free position at the end of a journey's menu. */
export const findNextMenuPosition = async (db: Database, journeyId: number) =>
  Number(
    (
      await db
        .selectFrom('travel_menu_item')
        .select((eb) => eb.fn.max('position').as('last'))
        .where('id_jrn_journey', '=', journeyId)
        .executeTakeFirst()
    )?.last ?? -1,
  ) + 1;

/** A coach with its departure and journey, and the card of its driver. */
export const findTransport = (db: Database, transportId: number) =>
  db
    .selectFrom('transport')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select([
      'transport.id',
      'transport.name',
      'transport.direction',
      'transport.id_driver_card',
      'transport.id_jrn_date',
      'jrn_date.id_jrn_journey',
      'jrn_date.date_from',
      'jrn_journey.title',
    ])
    .where('transport.id', '=', transportId)
    .executeTakeFirst();

/** A participant with their booking's departure. */
export const findParticipantOfBooking = (db: Database, participantId: number) =>
  db
    .selectFrom('participant')
    .innerJoin('booking', 'booking.id', 'participant.id_booking')
    .select([
      'participant.id',
      'participant.id_booking',
      'participant.cancelled_at',
      'booking.id_jrn_date',
      'booking.cancelled_at as booking_cancelled_at',
    ])
    .where('participant.id', '=', participantId)
    .executeTakeFirst();

export const insertConsumptions = async (db: Database, rows: Array<Insertable<TravelConsumptionTable>>) =>
  (await db.insertInto('travel_consumption').values(rows).returning('id').execute()).map((row) => row.id);

const consumptionBase = (db: Database) =>
  db
    .selectFrom('travel_consumption')
    .innerJoin('participant', 'participant.id', 'travel_consumption.id_participant')
    .select([
      'travel_consumption.id',
      'travel_consumption.id_jrn_journey',
      'travel_consumption.id_jrn_date',
      'travel_consumption.id_transport',
      'travel_consumption.id_booking',
      'travel_consumption.id_participant',
      'travel_consumption.id_travel_menu_item',
      'travel_consumption.name',
      'travel_consumption.quantity',
      'travel_consumption.unit_price_cents',
      'travel_consumption.vat_rate',
      'travel_consumption.created_at',
      'travel_consumption.created_by',
      'travel_consumption.cancelled_at',
      'participant.name as participant_surname',
      'participant.name1 as participant_first_name',
      'participant.titel as participant_title',
      'participant.position as participant_position',
    ]);

export type ConsumptionRow = Awaited<ReturnType<typeof findConsumption>> & object;

export const findConsumption = (db: Database, id: number) =>
  consumptionBase(db).where('travel_consumption.id', '=', id).executeTakeFirst();

export const findConsumptionsByIds = (db: Database, ids: readonly number[]) =>
  consumptionBase(db).where('travel_consumption.id', 'in', ids).orderBy('travel_consumption.id').execute();

/** A booking's lines that still count (not cancelled), by participant and time. */
export const findBookingConsumptions = (db: Database, bookingId: number) =>
  consumptionBase(db)
    .where('travel_consumption.id_booking', '=', bookingId)
    .where('travel_consumption.cancelled_at', 'is', null)
    .orderBy('participant.position')
    .orderBy('travel_consumption.created_at')
    .orderBy('travel_consumption.id')
    .execute();

/** A coach's latest lines, newest first. */
export const findTransportConsumptions = (db: Database, transportId: number, limit: number) =>
  consumptionBase(db)
    .where('travel_consumption.id_transport', '=', transportId)
    .orderBy('travel_consumption.id', 'desc')
    .limit(limit)
    .execute();

/** A departure's lines that count, for the staff summary. */
export const findDepartureConsumptions = (db: Database, departureId: number) =>
  consumptionBase(db)
    .where('travel_consumption.id_jrn_date', '=', departureId)
    .where('travel_consumption.cancelled_at', 'is', null)
    .orderBy('travel_consumption.name')
    .execute();

export const cancelConsumptionRow = (db: Database, id: number, by: number, at: string) =>
  db
    .updateTable('travel_consumption')
    .set({ cancelled_at: at, cancelled_by: by })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .execute();

/** A booking's id and journey (staff asking for any booking's bill). */
export const findBookingJourney = async (db: Database, bookingId: number) => {
  const row = await db
    .selectFrom('booking')
    .select(['id', 'id_jrn_journey'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  return row ? { bookingId: row.id, journeyId: row.id_jrn_journey } : undefined;
};

/** The names of a departure's participants (title, first name, surname). */
export const findParticipantNamesOfDate = (db: Database, departureId: number) =>
  db
    .selectFrom('participant')
    .innerJoin('booking', 'booking.id', 'participant.id_booking')
    .select(['participant.id', 'participant.titel', 'participant.name1', 'participant.name'])
    .where('booking.id_jrn_date', '=', departureId)
    .execute();
