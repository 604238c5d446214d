import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_PLAN_TEMPLATES, layoutSeats } from '@tourdesk/contracts';
import { createDepartureFixture } from '../src/seed/departure-factories.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

describe('departure fixture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(() => t.close());

  it('plans a date with a coach per direction, seat, room and extra pools and numbered stops', async () => {
    const fixture = await createDepartureFixture(t.ctx, 1, { blocked: ['1', '2'], stops: 3 });
    expect(fixture.transports.map((transport) => transport.seats.length)).toEqual([47, 47]);
    const quotas = await t.ctx.db
      .selectFrom('quota')
      .select(['kind', 'capacity', 'held'])
      .where('id_jrn_date', '=', fixture.nr)
      .orderBy('id')
      .execute();
    expect(quotas).toEqual([
      { kind: 'seat', capacity: 47, held: 0 },
      { kind: 'seat', capacity: 47, held: 0 },
      { kind: 'room', capacity: 18, held: 0 },
      { kind: 'room', capacity: 6, held: 0 },
    ]);
    expect(fixture.stops.outbound).toHaveLength(3);
    expect(layoutSeats(SEAT_PLAN_TEMPLATES.coach57.layout)).toHaveLength(57);
  });

  it('refuses a held count above capacity at the database level', async () => {
    const fixture = await createDepartureFixture(t.ctx, 2, { seatPlan: 'minibus19' });
    const seatQuota = fixture.quotas.find((quota) => quota.kind === 'seat')!;
    await expect(
      t.ctx.db.updateTable('quota').set({ held: 20 }).where('id', '=', seatQuota.id).execute(),
    ).rejects.toThrow();
  });
});
