import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutFromRows, type Booking } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { releaseExpiredOptions } from './bookings.service.ts';

/**
 * DOMAIN.md invariant 4 over time, with a controllable clock: a waiting-list offer that lapses passes the place
 * on to the next waiting booking, and so on, until someone confirms.
 */
describe('waiting list: a lapsed offer goes to the next in line', () => {
  let t: TestApp;
  let office = '';
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  it('offers the freed places in turn while offers lapse, and stops when one is confirmed', async () => {
    // 2 + 2 seats: four places per coach.
    const departure = await createDepartureFixture(t.ctx, nextSequence(), {
      seatPlan: layoutFromRows([{ rows: ['D__TT', 'SS_SS'] }]),
    });
    const book = async (type: string, names: string[], extra: Record<string, unknown> = {}) => {
      const response = await call(t.app, office, {
        method: 'POST',
        url: '/ratio_vorgang',
        payload: {
          termin: departure.nr,
          type,
          buchender: { surname: names[0], email: `${names[0]!.toLowerCase()}@example.com` },
          teilnehmer: names.map((name) => ({ name })),
          ...extra,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Booking>();
    };
    const read = async (id: number) =>
      (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${id}` })).json<Booking>();

    const start = new Date(Date.now() + 30 * 86_400_000);
    const hours = (n: number) => new Date(start.getTime() + n * 3_600_000);
    await book('regular', ['Fest', 'Fest']);
    const option = await book('option', ['Option', 'Option'], { option_until: start.toISOString() });
    const first = await book('waitlist', ['Erste', 'Erste']);
    const second = await book('waitlist', ['Zweite', 'Zweite']);
    const third = await book('waitlist', ['Dritte', 'Dritte']);

    // The option lapses: the first in line is offered its places for 48 hours.
    expect(await releaseExpiredOptions(t.ctx, hours(1))).toEqual([option.id]);
    expect((await read(first.id)).status).toBe('option');
    expect((await read(second.id)).status).toBe('waitlist');

    // Nobody answers within 48 hours: the offer lapses and the second in line gets the places.
    expect(await releaseExpiredOptions(t.ctx, hours(48))).toEqual([]);
    expect(await releaseExpiredOptions(t.ctx, hours(50))).toEqual([first.id]);
    expect((await read(first.id)).status).toBe('cancelled');
    expect((await read(second.id)).status).toBe('option');
    expect((await read(third.id)).status).toBe('waitlist');

    // The second confirms: the third keeps waiting, however much later the job runs.
    const confirmed = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${second.id}/status`,
      payload: { status: 'firm' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await releaseExpiredOptions(t.ctx, hours(200))).toEqual([]);
    expect((await read(third.id)).status).toBe('waitlist');
    const quotas = await t.ctx.db
      .selectFrom('quota')
      .select(['kind', 'held', 'capacity'])
      .where('id_jrn_date', '=', departure.nr)
      .execute();
    expect(quotas.filter((quota) => quota.kind === 'seat').map((quota) => quota.held)).toEqual([4, 4]);
  });
});
