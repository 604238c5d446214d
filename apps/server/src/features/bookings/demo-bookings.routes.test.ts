import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSummary } from '@tourdesk/contracts';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';
import { seedDemoBookings } from '../../seed/demo-bookings.ts';

/** The demo's bookings (seed/demo-bookings.ts), as the office sees them. */
describe('demo bookings', () => {
  let t: TestApp;
  let bookings: BookingSummary[];
  beforeAll(async () => {
    t = await buildTestApp();
    bookings = (await call(t.app, 'office', { method: 'GET', url: '/ratio_vorgang?pagination=false' })).json();
  });
  afterAll(() => t.close());

  it('has a realistic mix of statuses on four dates, and the app demo’s trips on four more', async () => {
    const byStatus = (status: string) => bookings.filter((booking) => booking.status === status);
    // The booking demo's four dates; the driver's day trip, the coach on the road today, and the demo traveller's
    // coming and past trips (issue #13) are dates of their own.
    expect(new Set(bookings.map((booking) => booking.termin)).size).toBe(8);
    expect(byStatus('firm').length).toBeGreaterThan(10);
    expect(byStatus('processing')).toHaveLength(1);
    expect(byStatus('cancelled')).toHaveLength(1);
    expect(byStatus('request')).toHaveLength(1);
    expect(byStatus('draft')).toHaveLength(1);
    const tomorrow = Date.now() + 86_400_000;
    expect(
      byStatus('option').some((booking) => Math.abs(Date.parse(booking.option_until!) - tomorrow) < 3_600_000),
    ).toBe(true);
    expect(bookings.every((booking) => booking.bookerName && booking.journeyTitle)).toBe(true);
  });

  it('has firm bookings of both demo agencies with their frozen rates, and a collective invoice for the first', async () => {
    const agencyBookings = await t.ctx.db
      .selectFrom('booking')
      .select(['id', 'id_organization', 'commission_bp', 'status'])
      .where('id_organization', 'is not', null)
      .orderBy('id')
      .execute();
    const agencies = [...new Set(agencyBookings.map((booking) => booking.id_organization))];
    expect(agencies).toHaveLength(2);
    expect(agencyBookings.filter((booking) => booking.id_organization === agencies[0])).toHaveLength(3);
    expect(agencyBookings.every((booking) => booking.status === 'firm' && booking.commission_bp! > 0)).toBe(true);
    const list = await call(t.app, 'agency', {
      method: 'GET',
      url: `/ratio/api/bulk-invoices/?getByAgency=${agencies[0]}`,
    });
    expect(list.statusCode).toBe(200);
    const invoices = list.json<Array<{ bookings: number; total: number; commissionTotal: number }>>();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ bookings: 3 });
    expect(invoices[0]!.commissionTotal).toBeGreaterThan(0);
    const rates = await call(t.app, 'agency', { method: 'GET', url: `/organization/${agencies[0]}/commission-rates` });
    expect(rates.json().rates).toEqual(
      expect.arrayContaining([expect.objectContaining({ categoryId: null, percent: 10 })]),
    );
  });

  it('has a sold-out date with three bookings on its waiting list, and every hold adds up', async () => {
    const waiting = bookings.filter((booking) => booking.status === 'waitlist');
    expect(waiting).toHaveLength(3);
    const nr = waiting[0]!.termin;
    const quotas = await t.ctx.db.selectFrom('quota').selectAll().execute();
    const seats = quotas.filter((quota) => quota.id_jrn_date === nr && quota.kind === 'seat');
    expect(seats.every((quota) => quota.held === quota.capacity)).toBe(true);
    const holds = await t.ctx.db.selectFrom('booking_hold').selectAll().execute();
    for (const quota of quotas)
      expect(holds.filter((hold) => hold.id_quota === quota.id).reduce((sum, hold) => sum + hold.units, 0)).toBe(
        quota.held,
      );
    // seeding again writes nothing
    expect(await seedDemoBookings(t.ctx)).toBe(0);
  });
});
