import ICAL from 'ical.js';
import type { Calendar, CalendarEntry, CalendarEvent, CalendarFeedToken } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { openStream } from '../../../test/sse.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createJourneyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { berlinFields } from '@tourdesk/contracts';
import { ringDueReminders } from './calendar.service.ts';

/** The calendar (issue #17, docs/adr/0027): calendars, events, the window, automatic entries, iCal, reminders. */
describe('calendar', () => {
  let t: TestApp;
  let office = '';
  let colleague = '';
  /** calendar-read, -create and -delete but no update, and no booking rights */
  let reader = '';
  let admin = '';
  let agency = '';

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const calendars = async (as: string): Promise<Calendar[]> =>
    (await call(t.app, as, { method: 'GET', url: '/calendar/calendars' })).json();
  const entries = async (as: string, start: string, end: string): Promise<CalendarEntry[]> => {
    const response = await call(t.app, as, {
      method: 'GET',
      url: `/calendar/entries?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const createEvent = async (as: string, payload: object) =>
    call(t.app, as, { method: 'POST', url: '/calendar/events', payload });
  const defaultCalendar = async (as: string) => (await calendars(as)).find((calendar) => calendar.isDefault)!;
  const publish = () => t.app.realtime.publish.bind(t.app.realtime);

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    colleague = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
    agency = await createLogin(t.ctx, 'agency');
    const role = await createRoleFixture(t.ctx, `calendar-reader-${nextSequence()}`, {
      admin: false,
      access: { calendar: { read: true, create: true, delete: true } },
    });
    reader = `reader-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: reader, role: role.id_roles });
  });
  afterAll(() => t.close());

  it('gives every user a personal calendar on first use, once, and shows shared calendars to all', async () => {
    const [first, again] = await Promise.all([calendars(office), calendars(office)]);
    expect(first.filter((calendar) => calendar.isDefault)).toHaveLength(1);
    expect(again.filter((calendar) => calendar.isDefault).map((calendar) => calendar.id)).toEqual(
      first.filter((calendar) => calendar.isDefault).map((calendar) => calendar.id),
    );
    expect(first[0]).toMatchObject({ shared: false, writable: true });

    const shared = await call(t.app, office, {
      method: 'POST',
      url: '/calendar/calendars',
      payload: { name: 'Büro', color: '#2e7d32', shared: true },
    });
    expect(shared.statusCode).toBe(201);
    const buero = shared.json<Calendar>();
    expect(buero).toMatchObject({ name: 'Büro', shared: true, writable: true });
    expect((await calendars(colleague)).map((calendar) => calendar.name)).toContain('Büro');
    // A reader without calendar-update sees it but may not write to it, nor make shared calendars.
    expect((await calendars(reader)).find((calendar) => calendar.id === buero.id)?.writable).toBe(false);
    const refused = await call(t.app, reader, {
      method: 'POST',
      url: '/calendar/calendars',
      payload: { name: 'Auch Büro', color: '#2e7d32', shared: true },
    });
    expect(refused.statusCode).toBe(403);

    const renamed = await call(t.app, colleague, {
      method: 'PATCH',
      url: `/calendar/calendars/${buero.id}`,
      payload: { name: 'Büro Dresden' },
    });
    expect(renamed.json<Calendar>().name).toBe('Büro Dresden');
    const bad = await call(t.app, office, {
      method: 'POST',
      url: '/calendar/calendars',
      payload: { name: '', color: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Array<{ field: string; key: string }> }>().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', key: 'error.empty' }),
        expect.objectContaining({ field: 'color', key: 'error.invalid' }),
      ]),
    );
    expect((await call(t.app, agency, { method: 'GET', url: '/calendar/calendars' })).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/calendar/calendars' })).statusCode).toBe(401);
  });

  it('keeps a personal calendar and its events to its owner: to anyone else they are 404', async () => {
    const mine = await defaultCalendar(office);
    const created = await createEvent(office, {
      calendarId: mine.id,
      title: 'Zahnarzt',
      allDay: false,
      start: '2027-02-10T08:00:00.000Z',
      end: '2027-02-10T09:00:00.000Z',
    });
    expect(created.statusCode).toBe(201);
    const event = created.json<CalendarEvent>();
    expect(event).toMatchObject({ title: 'Zahnarzt', calendarId: mine.id, description: null, reminderMinutes: null });
    expect((await call(t.app, office, { method: 'GET', url: `/calendar/events/${event.id}` })).statusCode).toBe(200);
    for (const request of [
      { method: 'GET' as const, url: `/calendar/events/${event.id}` },
      { method: 'PATCH' as const, url: `/calendar/events/${event.id}`, payload: { title: 'Meins' } },
      { method: 'DELETE' as const, url: `/calendar/events/${event.id}` },
      { method: 'PATCH' as const, url: `/calendar/calendars/${mine.id}`, payload: { name: 'Meins' } },
      { method: 'DELETE' as const, url: `/calendar/calendars/${mine.id}` },
    ])
      expect((await call(t.app, admin, request)).statusCode).toBe(404);
    const intoTheirs = await createEvent(colleague, {
      calendarId: mine.id,
      title: 'Kuckucksei',
      allDay: true,
      start: '2027-02-10',
      end: '2027-02-10',
    });
    expect(intoTheirs.statusCode).toBe(400);
    expect(intoTheirs.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe('calendarId');
    const window = await entries(colleague, '2027-02-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(window.map((entry) => entry.title)).not.toContain('Zahnarzt');
    expect((await calendars(colleague)).map((calendar) => calendar.id)).not.toContain(mine.id);
  });

  it('creates, changes and deletes events, checks the times, and stores all-day events as Berlin days', async () => {
    const mine = await defaultCalendar(admin);
    const bad = await createEvent(admin, {
      calendarId: mine.id,
      title: ' ',
      allDay: false,
      start: '2027-04-01T10:00:00Z',
      end: '2027-04-01T09:00:00Z',
      reminderMinutes: -5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Array<{ field: string; key: string }> }>().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', key: 'error.empty' }),
        expect.objectContaining({ field: 'end', key: 'error.dateTillBeforeFrom' }),
        expect.objectContaining({ field: 'reminderMinutes', key: 'error.number' }),
      ]),
    );
    const dateForTimed = await createEvent(admin, {
      calendarId: mine.id,
      title: 'Falsch',
      allDay: false,
      start: '2027-04-01',
      end: '2027-04-01',
    });
    expect(dateForTimed.json<{ errors: Array<{ field: string; key: string }> }>().errors[0]).toMatchObject({
      field: 'start',
      key: 'error.invalid',
    });

    const holiday = (
      await createEvent(admin, {
        calendarId: mine.id,
        title: 'Urlaub',
        description: 'Ostsee',
        location: 'Binz',
        allDay: true,
        start: '2027-03-26',
        end: '2027-03-29',
      })
    ).json<CalendarEvent>();
    expect(holiday).toMatchObject({ allDay: true, start: '2027-03-26', end: '2027-03-29', location: 'Binz' });
    // Across the change to summer time: from Berlin midnight (+01:00) to Berlin midnight after the last day (+02:00).
    const stored = await t.ctx.db
      .selectFrom('calendar_event')
      .select(['starts_at', 'ends_at'])
      .where('id', '=', holiday.id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.starts_at).toISOString()).toBe('2027-03-25T23:00:00.000Z');
    expect(new Date(stored.ends_at).toISOString()).toBe('2027-03-29T22:00:00.000Z');

    const moved = await call(t.app, admin, {
      method: 'PATCH',
      url: `/calendar/events/${holiday.id}`,
      payload: { end: '2027-03-30', title: 'Urlaub an der Ostsee', description: '' },
    });
    expect(moved.json<CalendarEvent>()).toMatchObject({
      title: 'Urlaub an der Ostsee',
      start: '2027-03-26',
      end: '2027-03-30',
      description: null,
    });
    const backwards = await call(t.app, admin, {
      method: 'PATCH',
      url: `/calendar/events/${holiday.id}`,
      payload: { end: '2027-03-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe('end');
    expect((await call(t.app, admin, { method: 'GET', url: `/calendar/events/${holiday.id}` })).json()).toMatchObject({
      end: '2027-03-30',
    });
    const timed = await call(t.app, admin, {
      method: 'PATCH',
      url: `/calendar/events/${holiday.id}`,
      payload: { allDay: false, start: '2027-03-27T09:00:00Z', end: '2027-03-27T10:30:00Z' },
    });
    expect(timed.json<CalendarEvent>()).toMatchObject({
      allDay: false,
      start: '2027-03-27T09:00:00.000Z',
      end: '2027-03-27T10:30:00.000Z',
    });
    const deleted = await call(t.app, admin, { method: 'DELETE', url: `/calendar/events/${holiday.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, admin, { method: 'GET', url: `/calendar/events/${holiday.id}` })).statusCode).toBe(404);
  });

  it('lets everybody with calendar-update write to a shared calendar, and nobody without', async () => {
    const buero = (
      await call(t.app, office, {
        method: 'POST',
        url: '/calendar/calendars',
        payload: { name: 'Fahrerplanung', color: '#c62828', shared: true },
      })
    ).json<Calendar>();
    const meeting = (
      await createEvent(office, {
        calendarId: buero.id,
        title: 'Teambesprechung',
        allDay: false,
        start: '2027-05-03T07:00:00Z',
        end: '2027-05-03T08:00:00Z',
      })
    ).json<CalendarEvent>();
    const changed = await call(t.app, colleague, {
      method: 'PATCH',
      url: `/calendar/events/${meeting.id}`,
      payload: { location: 'Besprechungsraum 2' },
    });
    expect(changed.json<CalendarEvent>().location).toBe('Besprechungsraum 2');
    const seen = await entries(reader, '2027-05-01T00:00:00Z', '2027-05-08T00:00:00Z');
    expect(seen.find((entry) => entry.id === `event-${meeting.id}`)).toMatchObject({
      kind: 'event',
      editable: false,
      color: '#c62828',
    });
    const refused = await createEvent(reader, {
      calendarId: buero.id,
      title: 'Nicht erlaubt',
      allDay: true,
      start: '2027-05-04',
      end: '2027-05-04',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, reader, { method: 'DELETE', url: `/calendar/events/${meeting.id}` })).statusCode).toBe(
      403,
    );
    // Deleting the calendar takes its events along.
    expect((await call(t.app, admin, { method: 'DELETE', url: `/calendar/calendars/${buero.id}` })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, office, { method: 'GET', url: `/calendar/events/${meeting.id}` })).statusCode).toBe(404);
  });

  it('streams colleagues’ changes: a shared calendar’s events and new shared calendars, never another’s personal one', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const plain = await call(t.app, colleague, { method: 'GET', url: '/calendar/stream' });
    expect(plain.statusCode).toBe(406);
    expect((await call(t.app, agency, { method: 'GET', url: '/calendar/stream' })).statusCode).toBe(403);
    const shared = (
      await call(t.app, office, {
        method: 'POST',
        url: '/calendar/calendars',
        payload: { name: 'Disposition', color: '#2e7d32', shared: true },
      })
    ).json<Calendar>();
    // An empty change changes nothing (and is no error).
    const unchanged = await call(t.app, office, {
      method: 'PATCH',
      url: `/calendar/calendars/${shared.id}`,
      payload: {},
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<Calendar>().name).toBe('Disposition');
    const stream = await openStream(t.app, base, '/calendar/stream', colleague);
    const following = await stream.next();
    expect(following.event).toBe('following');
    expect((following.data as { calendarIds: number[] }).calendarIds).toContain(shared.id);
    // The office clerk's personal calendar is not the colleague's business: its change sends nothing.
    await createEvent(office, {
      calendarId: (await defaultCalendar(office)).id,
      title: 'Zahnarzt',
      allDay: false,
      start: '2027-06-01T07:00:00Z',
      end: '2027-06-01T08:00:00Z',
    });
    await createEvent(office, {
      calendarId: shared.id,
      title: 'Busübergabe',
      allDay: false,
      start: '2027-06-01T09:00:00Z',
      end: '2027-06-01T10:00:00Z',
    });
    expect(await stream.next()).toEqual({ event: 'changed', data: { topic: `calendar:${shared.id}` } });
    await call(t.app, office, {
      method: 'POST',
      url: '/calendar/calendars',
      payload: { name: 'Werkstatt', color: '#c62828', shared: true },
    });
    expect((await stream.next()).event).toBe('calendars');
    await stream.close();
  });

  it('answers only the window asked for, and refuses a window that is missing, reversed or too long', async () => {
    const mine = await defaultCalendar(office);
    for (const [title, start, end] of [
      ['Vorher', '2027-06-01T08:00:00Z', '2027-06-01T09:00:00Z'],
      ['Darin', '2027-06-10T08:00:00Z', '2027-06-10T09:00:00Z'],
      ['Hinein', '2027-06-07T22:00:00Z', '2027-06-08T01:00:00Z'],
      ['Danach', '2027-06-20T08:00:00Z', '2027-06-20T09:00:00Z'],
    ] as const)
      await createEvent(office, { calendarId: mine.id, title, allDay: false, start, end });
    const week = await entries(office, '2027-06-08T00:00:00+02:00', '2027-06-15T00:00:00+02:00');
    expect(week.filter((entry) => entry.kind === 'event').map((entry) => entry.title)).toEqual(['Hinein', 'Darin']);
    for (const query of [
      '',
      '?start=2027-06-15T00:00:00Z&end=2027-06-08T00:00:00Z',
      '?start=2027-01-01T00:00:00Z&end=2029-01-01T00:00:00Z',
      '?start=morgen&end=2027-06-08T00:00:00Z',
    ])
      expect((await call(t.app, office, { method: 'GET', url: `/calendar/entries${query}` })).statusCode).toBe(400);
  });

  it('shows departures and option deadlines, read-only, only to those who may see them', async () => {
    const n = nextSequence();
    const journey = await createJourneyFixture(t.ctx, n, { firstDate: '2027-09-06' });
    const date = journey.dates[0]!;
    const option = await insertTestBooking(t.ctx, {
      nr: date.nr,
      status: 'option',
      optionUntil: '2027-09-01T16:00:00.000Z',
      participants: [{ name: 'Bergmann' }],
    });
    await insertTestBooking(t.ctx, { nr: date.nr, status: 'firm', participants: [{ name: 'Schäfer' }] });

    const seen = await entries(office, '2027-08-30T00:00:00+02:00', '2027-09-13T00:00:00+02:00');
    expect(seen.find((entry) => entry.id === `departure-${date.nr}`)).toEqual({
      id: `departure-${date.nr}`,
      kind: 'departure',
      title: journey.title,
      allDay: true,
      start: '2027-09-06',
      end: '2027-09-10',
      color: expect.any(String),
      event: null,
      editable: false,
      link: `/internet/journeys/${journey.id_jrn_journey}/dates/${date.nr}`,
      ref: date.termincode,
    });
    expect(seen.filter((entry) => entry.kind === 'option')).toEqual([
      expect.objectContaining({
        id: `option-${option.id}`,
        start: '2027-09-01T16:00:00.000Z',
        editable: false,
        link: `/vorgang/${option.id}`,
        ref: String(option.id),
      }),
    ]);
    // Outside the window (the departure ended before it): none.
    const later = await entries(office, '2027-09-11T00:00:00+02:00', '2027-09-12T00:00:00+02:00');
    expect(later.some((entry) => entry.id === `departure-${date.nr}`)).toBe(false);
    // A departure that started before the window but lasts into it is there.
    const within = await entries(office, '2027-09-09T00:00:00+02:00', '2027-09-10T00:00:00+02:00');
    expect(within.some((entry) => entry.id === `departure-${date.nr}`)).toBe(true);
    // Without booking or trip rights: only calendar events.
    const plain = await entries(reader, '2027-08-30T00:00:00+02:00', '2027-09-13T00:00:00+02:00');
    expect(plain.filter((entry) => entry.kind !== 'event')).toEqual([]);
  });

  it('rings the bell once per event and start when a reminder falls due, however often the job runs', async () => {
    const mine = await defaultCalendar(colleague);
    const colleagueId = await userId(colleague);
    const event = (
      await createEvent(colleague, {
        calendarId: mine.id,
        title: 'Busabnahme TÜV',
        allDay: false,
        start: '2027-10-05T08:00:00Z',
        end: '2027-10-05T09:00:00Z',
        reminderMinutes: 30,
      })
    ).json<CalendarEvent>();
    const reminders = () =>
      t.ctx.db
        .selectFrom('staff_notification')
        .select(['id_user', 'text', 'link'])
        .where('kind', '=', 'calendarReminder')
        .where('dedupe_key', 'like', `calendar-reminder:${event.id}:%`)
        .execute();
    expect(await ringDueReminders(t.ctx, publish(), new Date('2027-10-05T07:29:00Z'))).toBe(0);
    expect(await reminders()).toEqual([]);
    // Two instances running the job at once still ring once.
    const [a, b] = await Promise.all([
      ringDueReminders(t.ctx, publish(), new Date('2027-10-05T07:30:00Z')),
      ringDueReminders(t.ctx, publish(), new Date('2027-10-05T07:30:00Z')),
    ]);
    expect(a + b).toBe(1);
    expect(await ringDueReminders(t.ctx, publish(), new Date('2027-10-05T07:45:00Z'))).toBe(0);
    expect(await reminders()).toEqual([
      {
        id_user: colleagueId,
        text: 'Busabnahme TÜV · 05.10.2027 10:00',
        link: `/time/calendar?event=${event.id}&date=2027-10-05`,
      },
    ]);
    // Moved to another start, it rings again for the new one.
    await call(t.app, colleague, {
      method: 'PATCH',
      url: `/calendar/events/${event.id}`,
      payload: { start: '2027-10-06T08:00:00Z', end: '2027-10-06T09:00:00Z' },
    });
    expect(await ringDueReminders(t.ctx, publish(), new Date('2027-10-06T07:31:00Z'))).toBe(1);
    expect(await reminders()).toHaveLength(2);
    // The job is registered with the scheduler.
    expect(t.app.scheduler.jobNames).toContain('calendar-reminders');
  });

  it('serves the iCal feed at a secret address, in right Berlin times across daylight-saving changes', async () => {
    const me = await createLogin(t.ctx, 'office');
    const mine = await defaultCalendar(me);
    expect((await call(t.app, me, { method: 'GET', url: '/calendar/feed-token' })).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await call(t.app, me, { method: 'POST', url: '/calendar/feed-token' });
    expect(made.statusCode).toBe(201);
    const { url } = made.json<CalendarFeedToken>();
    expect(url).toMatch(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(t.app, me, { method: 'GET', url: '/calendar/feed-token' })).json()).toMatchObject({
      active: true,
    });
    // Only a hash is stored.
    const token = url.split('/').pop()!.replace('.ics', '');
    const stored = await t.ctx.db.selectFrom('calendar_feed').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    // 10:00 in Berlin on either side of both changes of 2027 (28 March, 31 October), and an all-day event.
    const local = [
      ['Vor der Sommerzeit', '2027-03-27T10:00:00+01:00'],
      ['In der Sommerzeit', '2027-03-29T10:00:00+02:00'],
      ['Vor der Winterzeit', '2027-10-30T10:00:00+02:00'],
      ['In der Winterzeit', '2027-11-01T10:00:00+01:00'],
    ] as const;
    for (const [title, start] of local)
      await createEvent(me, {
        calendarId: mine.id,
        title,
        allDay: false,
        start,
        end: new Date(Date.parse(start) + 3_600_000).toISOString(),
        reminderMinutes: 15,
      });
    await createEvent(me, {
      calendarId: mine.id,
      title: 'Betriebsausflug',
      allDay: true,
      start: '2027-03-28',
      end: '2027-03-29',
    });

    // The feed covers two months back and a year ahead of today (2026-11): all of these.
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
    const byTitle = new Map(events.map((event) => [event.summary, event]));
    for (const [title] of local) {
      const event = byTitle.get(title);
      expect(event, title).toBeDefined();
      const berlin = berlinFields(event!.startDate.toJSDate());
      expect([berlin.hour, berlin.minute], title).toEqual([10, 0]);
      expect(berlinFields(event!.endDate.toJSDate()).hour, title).toBe(11);
    }
    const trip = byTitle.get('Betriebsausflug')!;
    expect(trip.startDate.isDate).toBe(true);
    expect(trip.startDate.toString()).toBe('2027-03-28');
    // DTEND of a whole-day event is the day after its last.
    expect(trip.endDate.toString()).toBe('2027-03-30');
    expect(byTitle.get('Vor der Sommerzeit')!.component.getFirstSubcomponent('valarm')).not.toBeNull();

    // Regenerating kills the old address.
    const renewed = (await call(t.app, me, { method: 'POST', url: '/calendar/feed-token' })).json<CalendarFeedToken>();
    expect(renewed.url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAA.ics' })).statusCode,
    ).toBe(404);
    // Turning it off kills it too.
    await call(t.app, me, { method: 'DELETE', url: '/calendar/feed-token' });
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(404);
  });

  it('puts automatic entries into the feed only for those who may see them, linked to their screens', async () => {
    const n = nextSequence();
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const journey = await createJourneyFixture(t.ctx, n, { firstDate: soon });
    const option = await insertTestBooking(t.ctx, {
      nr: journey.dates[0]!.nr,
      status: 'option',
      optionUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      participants: [{ name: 'Krüger' }],
    });
    const feedOf = async (as: string) => {
      const { url } = (
        await call(t.app, as, { method: 'POST', url: '/calendar/feed-token' })
      ).json<CalendarFeedToken>();
      return (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body;
    };
    const officeFeed = await feedOf(office);
    expect(officeFeed).toContain(`Optionsfrist Vorgang ${option.id}`);
    expect(officeFeed).toContain(`/vorgang/${option.id}`);
    expect(officeFeed).toContain('Abfahrt: ');
    const readerFeed = await feedOf(reader);
    expect(readerFeed).toContain('BEGIN:VCALENDAR');
    expect(readerFeed).not.toContain('Optionsfrist');
    expect(readerFeed).not.toContain('Abfahrt: ');
  });
});
