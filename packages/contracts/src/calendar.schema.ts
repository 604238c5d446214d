import { z } from 'zod';
import { MAX_ID, optionalText, requiredText } from './fields.ts';

/**
 * The calendar (/time/calendar, issue #17, docs/adr/0027): personal and shared calendars with events, and the
 * departures and option deadlines of the booking system shown beside them, read-only. Times travel as ISO 8601 UTC;
 * an all-day event travels as dates (`YYYY-MM-DD`, the end being its last day) and means those days in
 * Europe/Berlin.
 */

/** Colours a calendar can have (the picker's swatches; readable on light and dark backgrounds). */
export const CALENDAR_COLORS = [
  '#1976d2',
  '#2e7d32',
  '#c62828',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#5d4037',
] as const;

/** Departures and option deadlines: shown automatically, in these colours. */
export const AUTOMATIC_ENTRY_COLORS = { departure: '#455a64', option: '#f9a825' } as const;

/** An event lasts at most this many days (keeps the range query bounded: docs/adr/0027). */
export const MAX_EVENT_DAYS = 100;
/** A window asked for spans at most this many days. */
export const MAX_RANGE_DAYS = 400;
/** A reminder rings at most four weeks before. */
export const MAX_REMINDER_MINUTES = 40_320;

const colorField = () => z.string({ error: 'error.empty' }).regex(/^#[0-9a-f]{6}$/i, 'error.invalid');

export const ZCalendar = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** a personal calendar is seen by its owner only; a shared one by everybody with calendar-read */
  shared: z.boolean(),
  /** the calendar made for the user on first use */
  isDefault: z.boolean(),
  /** whether the user may add, change and delete its events */
  writable: z.boolean(),
});
export type Calendar = z.infer<typeof ZCalendar>;

/** POST /calendar/calendars */
export const ZCreateCalendarBody = z.object({
  name: requiredText({ max: 80 }),
  color: colorField(),
  shared: z.boolean({ error: 'error.invalid' }).default(false),
});
export type CreateCalendarBody = z.infer<typeof ZCreateCalendarBody>;

/** PATCH /calendar/calendars/{id} (whether it is shared stays as it was made) */
export const ZUpdateCalendarBody = z.object({
  name: requiredText({ max: 80 }).optional(),
  color: colorField().optional(),
});
export type UpdateCalendarBody = z.infer<typeof ZUpdateCalendarBody>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const isInstant = (value: string) => !ISO_DATE.test(value) && z.iso.datetime({ offset: true }).safeParse(value).success;

export type EventTimes = { allDay: boolean; start: string; end: string };

/**
 * The rule for an event's times, shared by the create schema and by a change that touches only some of them: an
 * all-day event has dates, any other event instants (with offset); the end is not before the start, and the event
 * lasts at most MAX_EVENT_DAYS.
 */
export function eventTimesIssue(value: EventTimes): { field: 'start' | 'end'; key: string } | null {
  const valid = value.allDay ? isDate : isInstant;
  if (!valid(value.start)) return { field: 'start', key: 'error.invalid' };
  if (!valid(value.end)) return { field: 'end', key: 'error.invalid' };
  const start = Date.parse(value.allDay ? `${value.start}T00:00:00Z` : value.start);
  const end = Date.parse(value.allDay ? `${value.end}T00:00:00Z` : value.end);
  if (end < start) return { field: 'end', key: 'error.dateTillBeforeFrom' };
  if (end - start > MAX_EVENT_DAYS * 86_400_000) return { field: 'end', key: 'error.invalid' };
  return null;
}

const eventFields = {
  calendarId: z
    .number({ error: 'error.empty' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid'),
  title: requiredText({ max: 200 }),
  description: optionalText({ max: 4000 }),
  location: optionalText({ max: 200 }),
  allDay: z.boolean({ error: 'error.invalid' }),
  /** an instant (ISO 8601 with offset), or for an all-day event its first day */
  start: z.string({ error: 'error.empty' }).min(1, 'error.empty'),
  /** an instant, or for an all-day event its last day */
  end: z.string({ error: 'error.empty' }).min(1, 'error.empty'),
  /** minutes before the start the bell rings; null: no reminder */
  reminderMinutes: z
    .number({ error: 'error.number' })
    .int('error.number')
    .min(0, 'error.number')
    .max(MAX_REMINDER_MINUTES, 'error.tooLong')
    .nullable()
    .optional(),
};

/** POST /calendar/events */
export const ZCreateCalendarEventBody = z.object(eventFields).superRefine((value, context) => {
  const issue = eventTimesIssue(value);
  if (issue) context.addIssue({ code: 'custom', path: [issue.field], message: issue.key });
});
export type CreateCalendarEventBody = z.infer<typeof ZCreateCalendarEventBody>;

/** PATCH /calendar/events/{id}: the fields given; the times are checked together with those kept. */
export const ZUpdateCalendarEventBody = z.object(eventFields).partial();
export type UpdateCalendarEventBody = z.infer<typeof ZUpdateCalendarEventBody>;

export const ZCalendarEvent = z.object({
  id: z.number().int(),
  calendarId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  reminderMinutes: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;

export const CALENDAR_ENTRY_KINDS = ['event', 'departure', 'option'] as const;
export type CalendarEntryKind = (typeof CALENDAR_ENTRY_KINDS)[number];

/**
 * One entry of the visible window: an event of a calendar, a departure (all-day, its journey's title) or an
 * option's deadline (an instant, the booking number and journey). Automatic entries are read-only and link to
 * their screen.
 */
export const ZCalendarEntry = z.object({
  /** unique in the answer: `event-12`, `departure-5`, `option-1001` */
  id: z.string(),
  kind: z.enum(CALENDAR_ENTRY_KINDS),
  title: z.string(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  color: z.string(),
  /** the event itself (kind `event`) */
  event: ZCalendarEvent.nullable(),
  editable: z.boolean(),
  /** the departure or booking in the back office, when the user may open it */
  link: z.string().nullable(),
  /** a departure's termincode, an option's booking number */
  ref: z.string().nullable(),
});
export type CalendarEntry = z.infer<typeof ZCalendarEntry>;

/** GET /calendar/entries: the window [start, end) as instants, at most MAX_RANGE_DAYS long. */
export const ZCalendarRangeQuery = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'error.invalidQuery' }),
    end: z.iso.datetime({ offset: true, error: 'error.invalidQuery' }),
  })
  .superRefine((value, context) => {
    const span = Date.parse(value.end) - Date.parse(value.start);
    if (span <= 0 || span > MAX_RANGE_DAYS * 86_400_000)
      context.addIssue({ code: 'custom', path: ['end'], message: 'error.invalidQuery' });
  });
export type CalendarRangeQuery = z.infer<typeof ZCalendarRangeQuery>;

/** GET /calendar/feed-token: whether the user has a feed address (the address itself is shown only once). */
export const ZCalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof ZCalendarFeedState>;

/** POST /calendar/feed-token: a new secret address; the previous one stops working. */
export const ZCalendarFeedToken = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedToken = z.infer<typeof ZCalendarFeedToken>;

export const ZCalendarFeedParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}(\.ics)?$/, 'error.notFound'),
});

/*
 * Europe/Berlin days and wall-clock times as instants and back, for server and browser alike. The office's calendar
 * days are Berlin days: an all-day event is stored from Berlin midnight of its first day to Berlin midnight after
 * its last, whatever the offset (+01:00 in winter, +02:00 in summer) on either day.
 */
export const OFFICE_TIME_ZONE = 'Europe/Berlin';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: OFFICE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Berlin wall-clock fields of an instant. */
export function berlinFields(instant: Date): { date: string; hour: number; minute: number; second: number } {
  const field = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${field.year}-${field.month}-${field.day}`,
    hour: Number(field.hour),
    minute: Number(field.minute),
    second: Number(field.second),
  };
}

/** How far Berlin is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date): number {
  const fields = berlinFields(instant);
  const asUtc =
    Date.parse(`${fields.date}T00:00:00Z`) + ((fields.hour * 60 + fields.minute) * 60 + fields.second) * 1000;
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of Berlin midnight starting `date` (YYYY-MM-DD). */
export function berlinMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Guess with the offset at UTC midnight, then take the offset at the guess: right on the days of a change too.
  const guess = utcMidnight - offsetAt(new Date(utcMidnight));
  return new Date(utcMidnight - offsetAt(new Date(guess)));
}

/** The Berlin day (YYYY-MM-DD) of an instant. */
export const berlinDate = (instant: Date): string => berlinFields(instant).date;

/** `YYYY-MM-DD` plus whole days. */
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The instant of a Berlin wall-clock time `YYYY-MM-DDTHH:mm` (a time skipped in spring counts an hour later). */
export function berlinLocalToInstant(local: string): Date {
  const [date = '', time = '00:00'] = local.split('T');
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  const guess = wall - offsetAt(new Date(wall));
  return new Date(wall - offsetAt(new Date(guess)));
}

/** The Berlin wall-clock time `YYYY-MM-DDTHH:mm` of an instant. */
export function instantToBerlinLocal(instant: Date): string {
  const fields = berlinFields(instant);
  return `${fields.date}T${String(fields.hour).padStart(2, '0')}:${String(fields.minute).padStart(2, '0')}`;
}
