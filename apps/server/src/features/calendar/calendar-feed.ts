import ical, { ICalAlarmType } from 'ical-generator';
import { hasPermission, plusDays, type CalendarEntry } from '@tourdesk/contracts';
import { notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { resolveAuthUser } from '../auth/auth.service.ts';

import { findFeedUser } from './calendar.repository.ts';
import { feedTokenHash, listEntries } from './calendar.service.ts';

/**
 * The iCal feed of a user's calendar (docs/adr/0027): a secret address (GET /calendar/feed/{token}.ics) that
 * calendar apps subscribe to, with the user's events, the shared calendars and the automatic entries they may see.
 *
 * Timed entries are written in UTC (`…Z`): ical-generator writes a JS Date with `timezone: 'Europe/Berlin'` in
 * the server's own zone, two hours off on a UTC server in summer (the trap of the libraries note). The calendar app
 * shows UTC in its user's zone, right on both sides of a daylight-saving change. All-day entries are DATE values of
 * their Berlin days (ical-generator writes a date-only Date by its UTC fields).
 */

/** What the feed covers: two months back, a year ahead. */
const FEED_PAST_DAYS = 60;
const FEED_FUTURE_DAYS = 365;

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

const summaryOf = (entry: CalendarEntry) => {
  if (entry.kind === 'departure') return `Abfahrt: ${entry.title} (${entry.ref ?? ''})`;
  if (entry.kind === 'option') return `Optionsfrist Vorgang ${entry.ref ?? ''}: ${entry.title}`;
  return entry.title;
};

/** The feed as text/calendar, or 404 for an unknown (or regenerated) secret or a user who lost the right. */
export async function renderFeed(ctx: DbContext, token: string, origin: string, now: Date): Promise<string> {
  const userId = await findFeedUser(ctx.db, feedTokenHash(token));
  if (userId === undefined) throw notFound();
  const auth = await resolveAuthUser(ctx, userId, now.getTime());
  if (auth instanceof Error || auth.kind !== 'staff' || !hasPermission(auth, 'calendar-read')) throw notFound();
  const entries = await listEntries(ctx, auth, {
    start: new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString(),
    end: new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000).toISOString(),
  });
  const calendar = ical({ name: 'Tourdesk', prodId: { company: 'Tourdesk', product: 'calendar', language: 'DE' } });
  const host = new URL(origin).host;
  for (const entry of entries) {
    const event = calendar.createEvent({
      id: `${entry.id}@${host}`,
      summary: summaryOf(entry),
      description: entry.event?.description ?? null,
      location: entry.event?.location ?? null,
      url: entry.link ? `${origin}${entry.link}` : null,
      stamp: now,
      ...(entry.allDay
        ? { allDay: true, start: utcDay(entry.start), end: utcDay(plusDays(entry.end, 1)) }
        : { start: new Date(entry.start), end: new Date(entry.end) }),
    });
    const minutes = entry.event?.reminderMinutes;
    if (minutes !== null && minutes !== undefined)
      event.createAlarm({ type: ICalAlarmType.display, trigger: minutes * 60, description: entry.title });
  }
  return calendar.toString();
}
