import { formatDateTime } from '@tourdesk/contracts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { DbContext } from '../../types.ts';
import { findStaffWithPermission, notifyStaff } from '../staff-notifications/staff-notifications.service.ts';
import { findBookingNotice, findLapsingOptions } from './booking-bells.repository.ts';

/**
 * The bookings' bells (issue #17, docs/adr/0029): options about to lapse (a job) and new agency bookings (after
 * the booking's commit) ring the staff who hold vorgang-read. Each notice leads to the booking (/vorgang/{id}).
 */

type Publish = (event: RealtimeEvent) => Promise<void>;

const HOUR_MS = 60 * 60 * 1000;
const bookingLink = (id: number) => `/vorgang/${id}`;
const words = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

/**
 * The job: each option that ends within the next `hours` rings every vorgang-read holder once
 * (`option-lapsing:<id>`, so the next run, or another instance, adds nothing) — those whose account existed when
 * the option entered the window. Answers the bookings rung for.
 */
export async function ringLapsingOptions(
  ctx: DbContext,
  publish: Publish,
  hours: number,
  now: Date,
): Promise<number[]> {
  const options = await findLapsingOptions(
    ctx.db,
    now.toISOString(),
    new Date(now.getTime() + hours * HOUR_MS).toISOString(),
  );
  if (options.length === 0) return [];
  for (const option of options) {
    // The colleagues there when the option entered the window: one who joins later is not rung for old news.
    const entered = new Date(new Date(option.option_until ?? now).getTime() - hours * HOUR_MS);
    const createdBy = (entered > now ? now : entered).toISOString();
    await notifyStaff(ctx, publish, await findStaffWithPermission(ctx.db, 'vorgang-read', { createdBy }), {
      kind: 'optionLapsing',
      text: words(`#${option.id}`, option.booker, option.title, `→ ${formatDateTime(option.option_until)}`),
      link: bookingLink(option.id),
      dedupeKey: `option-lapsing:${option.id}`,
    });
  }
  return options.map((option) => option.id);
}

/** After an agency user's booking committed: the office staff with vorgang-read hear of it (once per booking). */
export async function ringAgencyBooking(ctx: DbContext, publish: Publish, bookingId: number): Promise<void> {
  const booking = await findBookingNotice(ctx.db, bookingId);
  if (!booking) return;
  const staff = await findStaffWithPermission(ctx.db, 'vorgang-read');
  await notifyStaff(ctx, publish, staff, {
    kind: 'agencyBooking',
    text: words(`#${booking.id}`, booking.agency, booking.booker, booking.title),
    link: bookingLink(booking.id),
    dedupeKey: `agency-booking:${booking.id}`,
  });
}
