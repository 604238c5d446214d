import { describe, expect, it } from 'vitest';
import { AUTOMATIC_ENTRY_COLORS, CALENDAR_COLORS, type CalendarEntry } from '@tourdesk/contracts/calendar.schema';
import { bodyOf, movedTimes, newEventValues, switchAllDay, toCalendarInput } from './calendar-logic.ts';

const translate = (key: string, options?: object) => `${key} ${JSON.stringify(options ?? {})}`;

describe('calendar logic', () => {
  it('turns a whole-day selection (end exclusive) into first and last day', () => {
    const start = new Date('2027-03-27T00:00:00Z');
    const end = new Date('2027-03-30T00:00:00Z');
    expect(newEventValues({ allDay: true, start, end, startStr: '2027-03-27', endStr: '2027-03-30' }, 4)).toMatchObject(
      { allDay: true, start: '2027-03-27', end: '2027-03-29', calendarId: 4 },
    );
  });

  it('sends Berlin wall-clock times as instants, right on both sides of the spring change', () => {
    const values = {
      calendarId: 1,
      title: 'Termin',
      description: '',
      location: '',
      allDay: false,
      start: '2027-03-27T10:00',
      end: '2027-03-29T10:00',
      reminderMinutes: null,
    };
    expect(bodyOf(values)).toMatchObject({
      start: '2027-03-27T09:00:00.000Z',
      end: '2027-03-29T08:00:00.000Z',
      description: null,
    });
    expect(switchAllDay(values, true)).toEqual({ start: '2027-03-27', end: '2027-03-29' });
  });

  it('shows a whole-day entry with FullCalendar’s exclusive end and keeps automatic entries read-only', () => {
    const entry: CalendarEntry = {
      id: 'departure-5',
      kind: 'departure',
      title: 'Gardasee',
      allDay: true,
      start: '2027-05-03',
      end: '2027-05-07',
      color: '#455a64',
      event: null,
      editable: false,
      link: '/internet/journeys/1/dates/5',
      ref: 'GAR-1',
    };
    expect(toCalendarInput(entry, translate)).toMatchObject({
      end: '2027-05-08',
      editable: false,
      contrastColor: '#fff',
    });
    expect(movedTimes({ allDay: true, startStr: '2027-05-04', endStr: '2027-05-06', start: null, end: null })).toEqual({
      allDay: true,
      start: '2027-05-04',
      end: '2027-05-05',
    });
  });

  it("writes an entry's text in white only where white is readable on its colour (4.5:1)", () => {
    const entry = (kind: CalendarEntry['kind'], color: string): CalendarEntry => ({
      id: `${kind}-1`,
      kind,
      title: 'Gardasee',
      allDay: true,
      start: '2027-05-03',
      end: '2027-05-03',
      color,
      event: null,
      editable: false,
      link: null,
      ref: 'GAR-1',
    });
    const textOn = (kind: CalendarEntry['kind'], color: string) =>
      toCalendarInput(entry(kind, color), translate).contrastColor;
    expect(textOn('option', AUTOMATIC_ENTRY_COLORS.option)).toBe('rgba(0, 0, 0, 0.87)');
    expect(textOn('departure', AUTOMATIC_ENTRY_COLORS.departure)).toBe('#fff');
    // The calendars' own colours: only the orange is too light for white text.
    expect(CALENDAR_COLORS.filter((color) => textOn('event', color) !== '#fff')).toEqual(['#ef6c00']);
  });
});
