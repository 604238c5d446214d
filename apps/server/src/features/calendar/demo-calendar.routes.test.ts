import type { Calendar, CalendarEntry } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';

/** The demo's calendar (seed/demo-calendar.ts): „Büro“ for everybody, the office clerk's own week around today. */
describe('demo calendar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the shared Büro calendar, the clerk’s own events and the departures of the coming days', async () => {
    const calendars = (await call(t.app, 'admin', { method: 'GET', url: '/calendar/calendars' })).json<Calendar[]>();
    expect(calendars.filter((calendar) => calendar.shared).map((calendar) => calendar.name)).toEqual(['Büro']);
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const query = `/calendar/entries?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;
    const office = (await call(t.app, 'office', { method: 'GET', url: query })).json<CalendarEntry[]>();
    const titles = office.map((entry) => entry.title);
    expect(titles).toEqual(expect.arrayContaining(['Morgenrunde Büro', 'Rückruf Hotel Bella Riva', 'Urlaub']));
    expect(office.some((entry) => entry.kind === 'departure')).toBe(true);
    // The clerk's personal events are not the admin's.
    const admin = (await call(t.app, 'admin', { method: 'GET', url: query })).json<CalendarEntry[]>();
    expect(admin.map((entry) => entry.title)).toContain('Morgenrunde Büro');
    expect(admin.map((entry) => entry.title)).not.toContain('Rückruf Hotel Bella Riva');
  });
});
