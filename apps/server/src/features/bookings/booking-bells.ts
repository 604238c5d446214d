import { formatDateTime } from '@tourdesk/contracts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { DbContext } from '../../types.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  addStaffNotices,
  findStaffWithPermission,
  hasNoticeWithKey,
  notifyStaff,
  ringBells,
} from '../staff-notifications/staff-notifications.service.ts';
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
 * (`option-lapsing:<id>`) — those whose account existed when the option entered the window. An option's notices are
 * written in one transaction, so an option with one notice was rung completely, and a later run (or another
 * instance) passes it by without reading the staff: with many colleagues that read is what a run costs. Answers the
 * options rung for in this run.
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
  const rung: number[] = [];
  for (const option of options) {
    const dedupeKey = `option-lapsing:${option.id}`;
    if (await hasNoticeWithKey(ctx.db, dedupeKey)) continue;
    // The colleagues there when the option entered the window: one who joins later is not rung for old news.
    const entered = new Date(new Date(option.option_until ?? now).getTime() - hours * HOUR_MS);
    const createdBy = (entered > now ? now : entered).toISOString();
    const staff = await findStaffWithPermission(ctx.db, 'vorgang-read', { createdBy });
    const added = await inTransaction(ctx, (trx) =>
      addStaffNotices(trx.db, staff, {
        kind: 'optionLapsing',
        text: words(`#${option.id}`, option.booker, option.title, `→ ${formatDateTime(option.option_until)}`),
        link: bookingLink(option.id),
        dedupeKey,
      }),
    );
    await ringBells(publish, added);
    rung.push(option.id);
  }
  return rung;
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
