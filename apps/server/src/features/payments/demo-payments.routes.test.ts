import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingAccount, BookingSummary, OpenItem } from '@tourdesk/contracts';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';

/** The demo's payments (seed/demo-payments.ts): firm bookings paid in full, with a deposit paid, and unpaid. */
describe('demo payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has paid, part-paid and unpaid firm bookings, each with its schedule', async () => {
    const firm = (
      await call(t.app, 'office', { method: 'GET', url: '/ratio_vorgang?pagination=false&status=firm' })
    ).json<BookingSummary[]>();
    const accounts = await Promise.all(
      firm.map(async (booking) =>
        (
          await call(t.app, 'office', { method: 'GET', url: `/ratio_vorgang/${booking.id}/payments` })
        ).json<BookingAccount>(),
      ),
    );
    expect(accounts.every((account) => account.schedule.length > 0)).toBe(true);
    const paidUp = accounts.filter((account) => account.open === 0);
    const partly = accounts.filter((account) => account.paid > 0 && account.open > 0);
    const unpaid = accounts.filter((account) => account.paid === 0);
    expect(paidUp.length).toBeGreaterThan(2);
    expect(partly.length).toBeGreaterThan(2);
    expect(unpaid.length).toBeGreaterThan(2);
    expect(partly.every((account) => account.schedule[0]!.open === 0)).toBe(true);

    const open = (await call(t.app, 'office', { method: 'GET', url: '/open-items?pagination=false' })).json<
      OpenItem[]
    >();
    const openIds = new Set(open.map((item) => item.id));
    expect(paidUp.some((account) => openIds.has(account.vorgangnr))).toBe(false);
    expect(unpaid.every((account) => openIds.has(account.vorgangnr))).toBe(true);
  });
});
