import {
  berlinLocalToInstant,
  instantToBerlinLocal,
  plusDays,
  type CalendarEntry,
  type CalendarEvent,
  type CreateCalendarEventBody,
} from '@tourdesk/contracts/calendar.schema';
import { contrastText } from '../../layout/mobile-colours.ts';

/** What the event dialog edits: Berlin wall-clock times for a timed event, days for an all-day one. */
export type EventFormValues = {
  calendarId: number | null;
  title: string;
  description: string;
  location: string;
  allDay: boolean;
  /** `YYYY-MM-DDTHH:mm` (Berlin) or, all-day, `YYYY-MM-DD` */
  start: string;
  end: string;
  reminderMinutes: number | null;
};

/** The dialog's values for an existing event. */
export function formValuesOf(event: CalendarEvent): EventFormValues {
  return {
    calendarId: event.calendarId,
    title: event.title,
    description: event.description ?? '',
    location: event.location ?? '',
    allDay: event.allDay,
    start: event.allDay ? event.start : instantToBerlinLocal(new Date(event.start)),
    end: event.allDay ? event.end : instantToBerlinLocal(new Date(event.end)),
    reminderMinutes: event.reminderMinutes,
  };
}

/**
 * The dialog's values for a new event from what was selected in the calendar: FullCalendar hands an all-day
 * selection's end as the day after, and timed ones as instants.
 */
export function newEventValues(
  selection: { allDay: boolean; start: Date; end: Date; startStr: string; endStr: string },
  calendarId: number | null,
): EventFormValues {
  const base = { calendarId, title: '', description: '', location: '', reminderMinutes: null };
  if (selection.allDay) {
    const start = selection.startStr.slice(0, 10);
    const end = plusDays(selection.endStr.slice(0, 10), -1);
    return { ...base, allDay: true, start, end: end < start ? start : end };
  }
  return {
    ...base,
    allDay: false,
    start: instantToBerlinLocal(selection.start),
    end: instantToBerlinLocal(selection.end),
  };
}

/** A new event from the button: the next full hour today, one hour long. */
export function newEventNow(calendarId: number | null, now = new Date()): EventFormValues {
  const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
  const end = new Date(start.getTime() + 3_600_000);
  return newEventValues(
    { allDay: false, start, end, startStr: start.toISOString(), endStr: end.toISOString() },
    calendarId,
  );
}

/** Switching between all-day and timed keeps the days. */
export function switchAllDay(values: EventFormValues, allDay: boolean): Pick<EventFormValues, 'start' | 'end'> {
  if (allDay) return { start: values.start.slice(0, 10), end: values.end.slice(0, 10) || values.start.slice(0, 10) };
  const day = values.start.slice(0, 10);
  const last = values.end.slice(0, 10) || day;
  return { start: `${day}T09:00`, end: `${last}T10:00` };
}

const instantOrEmpty = (local: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return local;
  return berlinLocalToInstant(local).toISOString();
};

/** The request body (the server checks it; wrong times come back as field errors). */
export function bodyOf(values: EventFormValues): CreateCalendarEventBody {
  return {
    calendarId: values.calendarId ?? 0,
    title: values.title,
    description: values.description || null,
    location: values.location || null,
    allDay: values.allDay,
    start: values.allDay ? values.start : instantOrEmpty(values.start),
    end: values.allDay ? values.end : instantOrEmpty(values.end),
    reminderMinutes: values.reminderMinutes ?? null,
  };
}

/** A departure reads "title (code)", an option's deadline names its booking. */
export function entryTitle(entry: CalendarEntry, translate: (key: string, options?: object) => string): string {
  if (entry.kind === 'departure') return translate('calendar.entry.departure', { title: entry.title, ref: entry.ref });
  if (entry.kind === 'option') return translate('calendar.entry.option', { title: entry.title, ref: entry.ref });
  return entry.title;
}

/** An entry as FullCalendar shows it: all-day ends are exclusive there. */
export function toCalendarInput(entry: CalendarEntry, translate: (key: string, options?: object) => string) {
  return {
    id: entry.id,
    title: entryTitle(entry, translate),
    allDay: entry.allDay,
    start: entry.start,
    end: entry.allDay ? plusDays(entry.end, 1) : entry.end === entry.start ? undefined : entry.end,
    color: entry.color,
    // The entries' text is small: white only where it reaches 4.5:1 on the colour (the option deadlines' amber and
    // the orange calendar get dark text).
    contrastColor: contrastText(entry.color, 4.5),
    editable: entry.editable,
    extendedProps: { entry },
  };
}

/** The times of a dragged or resized event as the API wants them. */
export function movedTimes(moved: {
  allDay: boolean;
  startStr: string;
  endStr: string;
  start: Date | null;
  end: Date | null;
}) {
  if (moved.allDay) {
    const start = moved.startStr.slice(0, 10);
    const end = moved.endStr ? plusDays(moved.endStr.slice(0, 10), -1) : start;
    return { allDay: true, start, end: end < start ? start : end };
  }
  const start = moved.start ?? new Date();
  const end = moved.end ?? new Date(start.getTime() + 3_600_000);
  return { allDay: false, start: start.toISOString(), end: end.toISOString() };
}

/** The reminder choices of the dialog, in minutes. */
export const REMINDER_CHOICES = [0, 5, 15, 30, 60, 120, 1440, 2880, 10080] as const;
