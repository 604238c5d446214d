import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';

/** The running app's booking job (booking-jobs.plugin.ts) releases a lapsed option without anyone calling it. */
describe('booking job', () => {
  let t: TestApp;
  let office = '';
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', config: { bookingJobPollMs: 50 } });
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  it('cancels an option whose end has passed and gives its seats back', async () => {
    const fixture = await createDepartureFixture(t.ctx, nextSequence(), { seatPlan: 'minibus19' });
    const created = await call(t.app, office, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin: fixture.nr,
        type: 'option',
        option_until: new Date(Date.now() + 400).toISOString(),
        buchender: { surname: 'Vogel' },
        teilnehmer: [{ name: 'Vogel' }, { name: 'Vogel' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<Booking>();
    expect(booking.status).toBe('option');

    const read = async () =>
      (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${booking.id}` })).json<Booking>();
    await expect.poll(async () => (await read()).status, { timeout: 5000, interval: 100 }).toBe('cancelled');
    const after = await read();
    expect(after.teilnehmer.map((participant) => participant.sitzhin)).toEqual([null, null]);
    const held = await t.ctx.db.selectFrom('quota').select('held').where('id_jrn_date', '=', fixture.nr).execute();
    expect(held.every((quota) => quota.held === 0)).toBe(true);
  });
});
