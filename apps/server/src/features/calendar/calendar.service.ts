import { createHash, randomBytes } from 'node:crypto';
import {
  AUTOMATIC_ENTRY_COLORS,
  CALENDAR_COLORS,
  MAX_EVENT_DAYS,
  berlinDate,
  berlinMidnight,
  eventTimesIssue,
  hasPermission,
  plusDays,
  type Calendar,
  type CalendarEntry,
  type CalendarEvent,
  type CalendarFeedState,
  type CalendarFeedToken,
  type CreateCalendarBody,
  type CreateCalendarEventBody,
  type ErrorKey,
  type UpdateCalendarBody,
  type UpdateCalendarEventBody,
} from '@tourdesk/contracts';
import { toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { notifyStaff } from '../staff-notifications/staff-notifications.service.ts';

import {
  clearReminder,
  deleteCalendarRow,
  deleteEventRow,
  deleteFeed,
  findCalendar,
  findDeparturesInWindow,
  findDueReminders,
  findEvent,
  findEventsInWindow,
  findFeed,
  findOptionsInWindow,
  findVisibleCalendars,
  hasDefaultCalendar,
  insertCalendar,
  insertDefaultCalendar,
  insertEvent,
  replaceFeedToken,
  updateCalendarRow,
  updateEventRow,
  type CalendarRow,
  type EventRow,
  type NewEventRow,
} from './calendar.repository.ts';

/**
 * The calendar (issue #17, docs/adr/0027). A personal calendar is its owner's alone: to anyone else it does not
 * exist (404). A shared one is read by everybody with calendar-read and written by those who also hold
 * calendar-update. Departures and option deadlines come from the booking system, read-only, each to those who may
 * see them.
 */

type Publish = (event: RealtimeEvent) => Promise<void>;

const DAY_MS = 86_400_000;
/** A journey lasts at most 14 days (error.journeyDuration); a departure starting a month before a window is over. */
const MAX_TRIP_DAYS = 31;
/** How often the reminder job looks for due reminders, and how many it rings per run. */
export const REMINDER_JOB_EVERY_MS = 60_000;
const REMINDERS_PER_RUN = 500;

/** The realtime topic of a calendar's changes (its events). */
export const calendarTopic = (id: number) => `calendar:${id}`;
/** The realtime topic of the shared calendars themselves: one made, renamed or deleted. */
export const SHARED_CALENDARS_TOPIC = 'calendars';

const isShared = (row: Pick<CalendarRow, 'id_owner'>) => row.id_owner === null;

const canWrite = (auth: AuthUser, row: Pick<CalendarRow, 'id_owner'>) =>
  isShared(row) ? hasPermission(auth, 'calendar-update') : row.id_owner === auth.id;

const toCalendar = (auth: AuthUser, row: CalendarRow): Calendar => ({
  id: row.id,
  name: row.name,
  color: row.color,
  shared: isShared(row),
  isDefault: row.default_for !== null,
  writable: canWrite(auth, row),
});

/** A calendar the user may write to; another user's personal calendar is 404 (or a 400 at `field`). */
async function writableCalendar(ctx: DbContext, auth: AuthUser, id: number, field?: string): Promise<CalendarRow> {
  const row = await findCalendar(ctx.db, id);
  if (!row || (!isShared(row) && row.id_owner !== auth.id)) {
    if (field) throw invalidField(field, 'error.notFound');
    throw notFound();
  }
  if (!canWrite(auth, row)) throw forbidden();
  return row;
}

/** Every user has a personal calendar: made on their first visit (once, however many calls come at once). */
export async function ensureDefaultCalendar(ctx: DbContext, userId: number): Promise<void> {
  if (await hasDefaultCalendar(ctx.db, userId)) return;
  await insertDefaultCalendar(ctx.db, userId, 'Mein Kalender', CALENDAR_COLORS[0]);
}

export async function listCalendars(ctx: DbContext, auth: AuthUser): Promise<Calendar[]> {
  await ensureDefaultCalendar(ctx, auth.id);
  return (await findVisibleCalendars(ctx.db, auth.id)).map((row) => toCalendar(auth, row));
}

export async function createCalendar(
  ctx: DbContext,
  publish: Publish,
  auth: AuthUser,
  body: CreateCalendarBody,
): Promise<Calendar> {
  // A shared calendar is everybody's: making one needs the right to change shared calendars too.
  if (body.shared && !hasPermission(auth, 'calendar-update')) throw forbidden();
  const row = await insertCalendar(ctx.db, {
    name: body.name,
    color: body.color,
    id_owner: body.shared ? null : auth.id,
  });
  if (isShared(row)) await publish({ topic: SHARED_CALENDARS_TOPIC, type: 'changed', data: { calendarId: row.id } });
  return toCalendar(auth, row);
}

export async function updateCalendar(
  ctx: DbContext,
  publish: Publish,
  auth: AuthUser,
  id: number,
  body: UpdateCalendarBody,
): Promise<Calendar> {
  const current = await writableCalendar(ctx, auth, id);
  // Nothing to change (an empty PATCH): the calendar as it is.
  if (body.name === undefined && body.color === undefined) return toCalendar(auth, current);
  const row = await updateCalendarRow(ctx.db, id, body);
  await publish({ topic: isShared(row) ? SHARED_CALENDARS_TOPIC : calendarTopic(id), type: 'changed', data: {} });
  return toCalendar(auth, row);
}

export async function deleteCalendar(ctx: DbContext, publish: Publish, auth: AuthUser, id: number): Promise<Calendar> {
  const row = await writableCalendar(ctx, auth, id);
  await deleteCalendarRow(ctx.db, id);
  await publish({ topic: isShared(row) ? SHARED_CALENDARS_TOPIC : calendarTopic(id), type: 'changed', data: {} });
  return toCalendar(auth, row);
}

/** An event's instants as stored: all-day events from Berlin midnight of the first day to after the last. */
function storedTimes(times: { allDay: boolean; start: string; end: string }) {
  if (times.allDay)
    return {
      starts_at: berlinMidnight(times.start).toISOString(),
      ends_at: berlinMidnight(plusDays(times.end, 1)).toISOString(),
    };
  return { starts_at: new Date(times.start).toISOString(), ends_at: new Date(times.end).toISOString() };
}

const remindAt = (startsAt: string, minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? null : new Date(Date.parse(startsAt) - minutes * 60_000).toISOString();

function toEvent(row: Pick<EventRow, Exclude<keyof EventRow, 'id_owner' | 'color'>>): CalendarEvent {
  const allDay = toBool(row.all_day);
  const startsAt = toIso(row.starts_at) ?? '';
  const endsAt = toIso(row.ends_at) ?? '';
  return {
    id: row.id,
    calendarId: row.id_calendar,
    title: row.title,
    description: row.description,
    location: row.location,
    allDay,
    start: allDay ? berlinDate(new Date(startsAt)) : startsAt,
    // The stored end of an all-day event is the midnight after its last day.
    end: allDay ? berlinDate(new Date(Date.parse(endsAt) - 1)) : endsAt,
    reminderMinutes: row.reminder_minutes,
  };
}

export async function getEvent(ctx: DbContext, auth: AuthUser, id: number): Promise<CalendarEvent> {
  const row = await findEvent(ctx.db, id);
  if (!row || (row.id_owner !== null && row.id_owner !== auth.id)) throw notFound();
  return toEvent(row);
}

const timesError = (issue: { field: string; key: string }) => invalidField(issue.field, issue.key as ErrorKey);

export async function createEvent(
  ctx: DbContext,
  publish: Publish,
  auth: AuthUser,
  body: CreateCalendarEventBody,
): Promise<CalendarEvent> {
  await writableCalendar(ctx, auth, body.calendarId, 'calendarId');
  const times = storedTimes(body);
  const values: NewEventRow = {
    id_calendar: body.calendarId,
    title: body.title,
    description: body.description ?? null,
    location: body.location ?? null,
    all_day: body.allDay,
    ...times,
    reminder_minutes: body.reminderMinutes ?? null,
    remind_at: remindAt(times.starts_at, body.reminderMinutes),
    created_by: auth.id,
  };
  const { id } = await insertEvent(ctx.db, values);
  await publish({ topic: calendarTopic(body.calendarId), type: 'changed', data: {} });
  return getEvent(ctx, auth, id);
}

/** Changes the given fields; the times are checked together with those kept. Moving it re-arms its reminder. */
export async function updateEvent(
  ctx: DbContext,
  publish: Publish,
  auth: AuthUser,
  id: number,
  body: UpdateCalendarEventBody,
): Promise<CalendarEvent> {
  const current = await getEvent(ctx, auth, id);
  await writableCalendar(ctx, auth, current.calendarId);
  if (body.calendarId !== undefined && body.calendarId !== current.calendarId)
    await writableCalendar(ctx, auth, body.calendarId, 'calendarId');
  const merged = {
    allDay: body.allDay ?? current.allDay,
    start: body.start ?? current.start,
    end: body.end ?? current.end,
  };
  const issue = eventTimesIssue(merged);
  if (issue) throw timesError(issue);
  const times = storedTimes(merged);
  const reminderMinutes = body.reminderMinutes === undefined ? current.reminderMinutes : body.reminderMinutes;
  await inTransaction(ctx, (trx) =>
    updateEventRow(trx.db, id, {
      ...(body.calendarId !== undefined ? { id_calendar: body.calendarId } : {}),
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description ?? null } : {}),
      ...(body.location !== undefined ? { location: body.location ?? null } : {}),
      all_day: merged.allDay,
      ...times,
      reminder_minutes: reminderMinutes,
      remind_at: remindAt(times.starts_at, reminderMinutes),
      updated_at: new Date().toISOString(),
    }),
  );
  for (const calendarId of new Set([current.calendarId, body.calendarId ?? current.calendarId]))
    await publish({ topic: calendarTopic(calendarId), type: 'changed', data: {} });
  return getEvent(ctx, auth, id);
}

export async function deleteEvent(
  ctx: DbContext,
  publish: Publish,
  auth: AuthUser,
  id: number,
): Promise<CalendarEvent> {
  const current = await getEvent(ctx, auth, id);
  await writableCalendar(ctx, auth, current.calendarId);
  await deleteEventRow(ctx.db, id);
  await publish({ topic: calendarTopic(current.calendarId), type: 'changed', data: {} });
  return current;
}

/** Who sees which automatic entries: departures for booking staff and trip planners, options for booking staff. */
const seesDepartures = (auth: AuthUser) => hasPermission(auth, 'vorgang-read') || hasPermission(auth, 'internet-read');
const seesOptions = (auth: AuthUser) => hasPermission(auth, 'vorgang-read');

/**
 * Everything the user sees in [start, end): the events of their calendars and the shared ones, and the
 * departures and option deadlines they may see. Each source reads only the window, through its index.
 */
export async function listEntries(
  ctx: DbContext,
  auth: AuthUser,
  window: { start: string; end: string },
): Promise<CalendarEntry[]> {
  const start = new Date(window.start).toISOString();
  const end = new Date(window.end).toISOString();
  await ensureDefaultCalendar(ctx, auth.id);
  const calendars = await findVisibleCalendars(ctx.db, auth.id);
  const byId = new Map(calendars.map((row) => [row.id, row]));
  const earliestStart = new Date(Date.parse(start) - MAX_EVENT_DAYS * DAY_MS).toISOString();
  const fromDay = berlinDate(new Date(start));
  const tillDay = berlinDate(new Date(Date.parse(end) - 1));
  const [events, departures, options] = await Promise.all([
    findEventsInWindow(ctx.db, [...byId.keys()], { start, end, earliestStart }),
    seesDepartures(auth)
      ? findDeparturesInWindow(ctx.db, {
          earliestFrom: plusDays(fromDay, -MAX_TRIP_DAYS),
          from: fromDay,
          till: tillDay,
        })
      : Promise.resolve([]),
    seesOptions(auth) ? findOptionsInWindow(ctx.db, { start, end }) : Promise.resolve([]),
  ]);
  const opensDepartures = hasPermission(auth, 'internet-read');
  const entries: CalendarEntry[] = events.map((row) => {
    const event = toEvent(row);
    return {
      id: `event-${row.id}`,
      kind: 'event',
      title: row.title,
      allDay: event.allDay,
      start: event.start,
      end: event.end,
      color: row.color,
      event,
      editable: canWrite(auth, { id_owner: row.id_owner }),
      link: null,
      ref: null,
    };
  });
  for (const row of departures)
    entries.push({
      id: `departure-${row.nr}`,
      kind: 'departure',
      title: row.title,
      allDay: true,
      start: row.date_from,
      end: row.date_till,
      color: AUTOMATIC_ENTRY_COLORS.departure,
      event: null,
      editable: false,
      link: opensDepartures ? `/internet/journeys/${row.id_jrn_journey}/dates/${row.nr}` : null,
      ref: row.termincode,
    });
  for (const row of options) {
    const at = toIso(row.option_until) ?? '';
    entries.push({
      id: `option-${row.id}`,
      kind: 'option',
      title: row.title,
      allDay: false,
      start: at,
      end: at,
      color: AUTOMATIC_ENTRY_COLORS.option,
      event: null,
      editable: false,
      link: `/vorgang/${row.id}`,
      ref: String(row.id),
    });
  }
  return entries;
}

/** Rings the bell of each event whose reminder is due: once per event and start, on whichever instance. */
export async function ringDueReminders(ctx: DbContext, publish: Publish, now: Date): Promise<number> {
  const due = await findDueReminders(ctx.db, now.toISOString(), REMINDERS_PER_RUN);
  let rung = 0;
  for (const row of due) {
    const startsAt = toIso(row.starts_at) ?? '';
    const endsAt = toIso(row.ends_at) ?? '';
    const userId = row.id_owner ?? row.created_by;
    // An event already over (the server was down when it fell due) is not worth a bell any more.
    if (userId !== null && Date.parse(endsAt) > now.getTime()) {
      const allDay = toBool(row.all_day);
      const when = allDay ? berlinDate(new Date(startsAt)) : startsAt;
      const added = await notifyStaff(ctx, publish, [userId], {
        kind: 'calendarReminder',
        text: `${row.title} · ${formatWhen(when, allDay)}`,
        link: `/time/calendar?event=${row.id}&date=${berlinDate(new Date(startsAt))}`,
        dedupeKey: `calendar-reminder:${row.id}:${startsAt}`,
      });
      rung += added.length;
    }
    if (row.remind_at !== null) await clearReminder(ctx.db, row.id, row.remind_at);
  }
  return rung;
}

const berlinText = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** DD.MM.YYYY HH:mm in Berlin (DD.MM.YYYY for a day): the bell's text is the office's. */
function formatWhen(when: string, allDay: boolean): string {
  if (allDay) return when.split('-').reverse().join('.');
  return berlinText.format(new Date(when)).replace(',', '');
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function feedState(ctx: DbContext, auth: AuthUser): Promise<CalendarFeedState> {
  const row = await findFeed(ctx.db, auth.id);
  return { active: row !== undefined, createdAt: toIso(row?.created_at) };
}

/** A new secret feed address for the user; the one before stops working at once. Shown only now. */
export async function regenerateFeed(ctx: DbContext, auth: AuthUser, origin: string): Promise<CalendarFeedToken> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date().toISOString();
  await inTransaction(ctx, (trx) => replaceFeedToken(trx.db, auth.id, hashToken(token), createdAt));
  return { url: `${origin}/api/v1/calendar/feed/${token}.ics`, createdAt };
}

export async function disableFeed(ctx: DbContext, auth: AuthUser): Promise<CalendarFeedState> {
  await deleteFeed(ctx.db, auth.id);
  return { active: false, createdAt: null };
}

export const feedTokenHash = (token: string) => hashToken(token.replace(/\.ics$/, ''));
