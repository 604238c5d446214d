import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringLapsingOptions } from '../src/features/bookings/booking-bells.ts';
import { createDepartureFixture } from '../src/seed/departure-factories.ts';
import { insertTestBooking } from './departure-bookings.ts';
import { buildTestApp, createLogin, type TestApp } from './helpers.ts';

/**
 * The option bell rings every colleague with vorgang-read, however many there are: more than one statement can
 * carry parameters (SQLite takes 32,766, PostgreSQL 65,535). A list of their ids bound into one `IN (…)` failed
 * there every minute (found by the load benchmark's 200,000 staff users), and one INSERT per colleague per run
 * kept the job busy long after everyone had been rung.
 */
const COLLEAGUES = 66_000;

describe('staff bells at volume', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(async () => t.close());

  it('rings an option about to lapse to 66,000 colleagues once, and a second run writes nothing', async () => {
    const office = await createLogin(t.ctx, 'office');
    const { id_roles } = await t.ctx.db
      .selectFrom('user_account')
      .select('id_roles')
      .where('email', '=', office)
      .executeTakeFirstOrThrow();
    for (let start = 0; start < COLLEAGUES; start += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, COLLEAGUES - start) }, (_, i) => ({
        kind: 'staff' as const,
        email: `kollege.${start + i}@bells.example`,
        id_roles,
      }));
      await t.ctx.db.insertInto('user_account').values(rows).execute();
    }
    await t.ctx.db.updateTable('user_account').set({ created_at: '2020-01-01T00:00:00.000Z' }).execute();
    const departure = await createDepartureFixture(t.ctx, 1);
    const now = new Date();
    const option = await insertTestBooking(t.ctx, {
      nr: departure.nr,
      status: 'option',
      optionUntil: new Date(now.getTime() + 5 * 60 * 60 * 1000).toISOString(),
      participants: [{ name: 'Adler, Bernd' }],
    });

    const rang: string[] = [];
    const publish = async (event: { topic: string }) => {
      rang.push(event.topic);
    };
    const notices = async () =>
      (
        await t.ctx.db
          .selectFrom('staff_notification')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('dedupe_key', '=', `option-lapsing:${option.id}`)
          .executeTakeFirstOrThrow()
      ).n;

    expect(await ringLapsingOptions(t.ctx, publish, 24, now)).toEqual([option.id]);
    expect(Number(await notices())).toBeGreaterThan(COLLEAGUES);
    expect(new Set(rang).size).toBe(rang.length);
    expect(rang.length).toBe(Number(await notices()));

    rang.length = 0;
    expect(await ringLapsingOptions(t.ctx, publish, 24, now)).toEqual([option.id]);
    expect(rang).toEqual([]);
  });
});
