import type { Database } from '../../db/database.ts';
import type { CalendarEventTable, CalendarTable } from './calendar.table.ts';

/** The SQL of the calendar (docs/adr/0027). Instants are compared as ISO 8601 UTC text on SQLite. */

const CALENDAR_COLUMNS = ['id', 'name', 'color', 'id_owner', 'default_for'] as const;
const EVENT_COLUMNS = [
  'calendar_event.id',
  'calendar_event.id_calendar',
  'calendar_event.title',
  'calendar_event.description',
  'calendar_event.location',
  'calendar_event.all_day',
  'calendar_event.starts_at',
  'calendar_event.ends_at',
  'calendar_event.reminder_minutes',
] as const;

export type CalendarRow = Pick<CalendarTable, 'name' | 'color' | 'id_owner' | 'default_for'> & { id: number };

/** The user's own calendars and every shared one: the default first, then the personal ones, then shared. */
export const findVisibleCalendars = (db: Database, userId: number): Promise<CalendarRow[]> =>
  db
    .selectFrom('calendar')
    .select(CALENDAR_COLUMNS)
    .where((eb) => eb.or([eb('id_owner', '=', userId), eb('id_owner', 'is', null)]))
    .orderBy((eb) =>
      eb.case().when('default_for', 'is not', null).then(0).when('id_owner', 'is not', null).then(1).else(2).end(),
    )
    .orderBy('name')
    .orderBy('id')
    .execute();

export const findCalendar = (db: Database, id: number): Promise<CalendarRow | undefined> =>
  db.selectFrom('calendar').select(CALENDAR_COLUMNS).where('id', '=', id).executeTakeFirst();

/** Makes the user's default calendar unless it exists (two first calls at once make one). */
export async function insertDefaultCalendar(db: Database, userId: number, name: string, color: string) {
  await db
    .insertInto('calendar')
    .values({ name, color, id_owner: userId, default_for: userId })
    .onConflict((oc) => oc.column('default_for').doNothing())
    .execute();
}

export const hasDefaultCalendar = async (db: Database, userId: number) =>
  (await db.selectFrom('calendar').select('id').where('default_for', '=', userId).executeTakeFirst()) !== undefined;

export const insertCalendar = (db: Database, values: { name: string; color: string; id_owner: number | null }) =>
  db.insertInto('calendar').values(values).returning(CALENDAR_COLUMNS).executeTakeFirstOrThrow();

export const updateCalendarRow = (db: Database, id: number, values: { name?: string; color?: string }) =>
  db.updateTable('calendar').set(values).where('id', '=', id).returning(CALENDAR_COLUMNS).executeTakeFirstOrThrow();

export const deleteCalendarRow = (db: Database, id: number) =>
  db.deleteFrom('calendar').where('id', '=', id).executeTakeFirst();

export type EventRow = Awaited<ReturnType<typeof findEvent>> & object;

export const findEvent = (db: Database, id: number) =>
  db
    .selectFrom('calendar_event')
    .innerJoin('calendar', 'calendar.id', 'calendar_event.id_calendar')
    .select([...EVENT_COLUMNS, 'calendar.id_owner', 'calendar.color'])
    .where('calendar_event.id', '=', id)
    .executeTakeFirst();

/**
 * The events of `calendarIds` that overlap [start, end). An event lasts at most `maxEventMs`, so only those
 * starting from `start - maxEventMs` are read, through the index on (id_calendar, starts_at).
 */
export const findEventsInWindow = (
  db: Database,
  calendarIds: readonly number[],
  window: { start: string; end: string; earliestStart: string },
) =>
  calendarIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('calendar_event')
        .innerJoin('calendar', 'calendar.id', 'calendar_event.id_calendar')
        .select([...EVENT_COLUMNS, 'calendar.id_owner', 'calendar.color'])
        .where('calendar_event.id_calendar', 'in', calendarIds)
        .where('calendar_event.starts_at', '>=', window.earliestStart)
        .where('calendar_event.starts_at', '<', window.end)
        .where((eb) =>
          eb.or([eb('calendar_event.ends_at', '>', window.start), eb('calendar_event.starts_at', '>=', window.start)]),
        )
        .orderBy('calendar_event.starts_at')
        .orderBy('calendar_event.id')
        .execute();

export type NewEventRow = Omit<CalendarEventTable, 'id' | 'created_at' | 'updated_at'>;

export const insertEvent = (db: Database, values: NewEventRow) =>
  db.insertInto('calendar_event').values(values).returning('id').executeTakeFirstOrThrow();

export const updateEventRow = (db: Database, id: number, values: Partial<NewEventRow> & { updated_at: string }) =>
  db.updateTable('calendar_event').set(values).where('id', '=', id).executeTakeFirst();

export const deleteEventRow = (db: Database, id: number) =>
  db.deleteFrom('calendar_event').where('id', '=', id).executeTakeFirst();

/**
 * Departures overlapping the Berlin days [from, till]: a journey lasts at most `maxTripDays`, so only dates
 * starting from `from - maxTripDays` are read, through the index on jrn_date (date_from).
 */
export const findDeparturesInWindow = (db: Database, window: { earliestFrom: string; from: string; till: string }) =>
  db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select([
      'jrn_date.nr',
      'jrn_date.id_jrn_journey',
      'jrn_date.termincode',
      'jrn_date.date_from',
      'jrn_date.date_till',
      'jrn_journey.title',
    ])
    .where('jrn_date.date_from', '>=', window.earliestFrom)
    .where('jrn_date.date_from', '<=', window.till)
    .where('jrn_date.date_till', '>=', window.from)
    .orderBy('jrn_date.date_from')
    .orderBy('jrn_date.nr')
    .limit(2000)
    .execute();

/** Options whose deadline falls in [start, end), through the index on booking (status, option_until). */
export const findOptionsInWindow = (db: Database, window: { start: string; end: string }) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .select(['booking.id', 'booking.option_until', 'jrn_journey.title', 'jrn_date.termincode'])
    .where('booking.status', '=', 'option')
    .where('booking.option_until', '>=', window.start)
    .where('booking.option_until', '<', window.end)
    .orderBy('booking.option_until')
    .orderBy('booking.id')
    .limit(2000)
    .execute();

/** Reminders due at `now`, oldest first, with who is reminded (a personal calendar's owner, else the author). */
export const findDueReminders = (db: Database, now: string, limit: number) =>
  db
    .selectFrom('calendar_event')
    .innerJoin('calendar', 'calendar.id', 'calendar_event.id_calendar')
    .select([
      'calendar_event.id',
      'calendar_event.title',
      'calendar_event.starts_at',
      'calendar_event.ends_at',
      'calendar_event.all_day',
      'calendar_event.remind_at',
      'calendar_event.created_by',
      'calendar.id_owner',
    ])
    .where('calendar_event.remind_at', '<=', now)
    .orderBy('calendar_event.remind_at')
    .limit(limit)
    .execute();

/** Marks a reminder rung, unless the event was moved meanwhile (its remind_at is then another one). */
export const clearReminder = (db: Database, id: number, remindAt: string | Date) =>
  db
    .updateTable('calendar_event')
    .set({ remind_at: null })
    .where('id', '=', id)
    .where('remind_at', '=', remindAt)
    .executeTakeFirst();

export async function replaceFeedToken(db: Database, userId: number, tokenHash: string, now: string) {
  await db.deleteFrom('calendar_feed').where('id_user', '=', userId).execute();
  await db.insertInto('calendar_feed').values({ id_user: userId, token_hash: tokenHash, created_at: now }).execute();
}

export const findFeed = (db: Database, userId: number) =>
  db.selectFrom('calendar_feed').select(['created_at']).where('id_user', '=', userId).executeTakeFirst();

export const deleteFeed = (db: Database, userId: number) =>
  db.deleteFrom('calendar_feed').where('id_user', '=', userId).executeTakeFirst();

/** The user a feed secret belongs to. */
export const findFeedUser = async (db: Database, tokenHash: string) =>
  (await db.selectFrom('calendar_feed').select('id_user').where('token_hash', '=', tokenHash).executeTakeFirst())
    ?.id_user;
