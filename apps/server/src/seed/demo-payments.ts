import { berlinDate } from '@tourdesk/contracts';
import type { OpenItem } from '@tourdesk/contracts';
import { SYSTEM_ACTOR } from '../features/bookings/bookings.service.ts';
import { getBookingAccount, listOpenItems, recordPayment } from '../features/payments/payments.service.ts';
import type { DbContext } from '../types.ts';

/**
 * Payments on the demo's firm bookings (after seed/demo-bookings.ts): of every three, one paid in full, one
 * with its deposit paid, one not paid yet, so the open items and the booking accounts have something to show.
 * Answers how many payments it recorded.
 */
export async function seedDemoPayments(ctx: DbContext, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const page = await listOpenItems(ctx, { $limit: -1, pagination: 'false', status: 'firm' }, SYSTEM_ACTOR, now);
  const items = (Array.isArray(page) ? page : page.data) as OpenItem[];
  const paidOn = berlinDate(now);
  let count = 0;
  for (const [index, item] of [...items].sort((a, b) => a.id - b.id).entries()) {
    const account = await getBookingAccount(ctx, item.id, SYSTEM_ACTOR, now);
    const amount = index % 3 === 0 ? account.open : index % 3 === 1 ? (account.schedule[0]?.open ?? 0) : 0;
    if (amount <= 0) continue;
    await recordPayment(
      ctx,
      item.id,
      { amount, paid_on: paidOn, method: index % 2 === 0 ? 'transfer' : 'card', reference: `Vorgang ${item.id}` },
      SYSTEM_ACTOR,
      now,
    );
    count++;
  }
  return count;
}
