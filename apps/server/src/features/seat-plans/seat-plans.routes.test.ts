import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_PLAN_TEMPLATES, layoutFromRows, type SeatPlan } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';

const fieldKeys = (body: { errors?: Array<{ field: string; key: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.key]));

describe('seat plans', () => {
  let t: TestApp;
  const as = { admin: '', office: '', traveller: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    as.traveller = await createLogin(t.ctx, 'traveller');
  });
  afterAll(() => t.close());

  const create = (payload: object) => call(t.app, as.office, { method: 'POST', url: '/seat-plans', payload });

  it('answers the four templates with their sellable seat counts', async () => {
    const response = await call(t.app, as.office, { method: 'GET', url: '/seat-plans/templates' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((item: { key: string; seat_count: number }) => [item.key, item.seat_count])).toEqual([
      ['touring49', 49],
      ['coach57', 57],
      ['minibus19', 19],
      ['doubleDecker', 81],
    ]);
  });

  it('creates a plan counting sellable seats (blocked cells excluded), reads, lists and searches it', async () => {
    const layout = layoutFromRows([{ rows: ['D_TT', 'S_SS', 'S_SS'] }]);
    layout.decks[0]!.rows[1]![0]!.blocked = true;
    const created = await create({ name: 'Ärztebus Klein', description: 'Sechs Sitze', layout });
    expect(created.statusCode).toBe(201);
    const plan = created.json<SeatPlan>();
    expect(plan).toMatchObject({ name: 'Ärztebus Klein', seat_count: 5, active: true, description: 'Sechs Sitze' });
    expect(plan.layout).toEqual(layout);
    await create({ name: 'Zebra Reisebus', layout: SEAT_PLAN_TEMPLATES.touring49.layout });
    await create({ name: 'Bären-Bus', layout: SEAT_PLAN_TEMPLATES.minibus19.layout });

    const read = await call(t.app, as.office, { method: 'GET', url: `/seat-plans/${plan.id}` });
    expect(read.json()).toEqual(plan);
    const list = await call(t.app, as.office, { method: 'GET', url: '/seat-plans?$limit=10' });
    expect(list.json().data.map((row: SeatPlan) => row.name)).toEqual([
      'Ärztebus Klein',
      'Bären-Bus',
      'Zebra Reisebus',
    ]);
    const search = await call(t.app, as.office, { method: 'GET', url: '/seat-plans?lit-search=arzte' });
    expect(search.json().data.map((row: SeatPlan) => row.name)).toEqual(['Ärztebus Klein']);
  });

  it('updates the layout and recounts the seats; refuses a duplicate seat label with the field', async () => {
    const plan = (await create({ name: 'Umbau', layout: SEAT_PLAN_TEMPLATES.minibus19.layout })).json<SeatPlan>();
    const patched = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/seat-plans/${plan.id}`,
      payload: { layout: SEAT_PLAN_TEMPLATES.touring49.layout, active: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Umbau', seat_count: 49, active: false });

    const duplicate = layoutFromRows([{ rows: ['SS'] }]);
    duplicate.decks[0]!.rows[0]![1]!.txt = '1';
    const refused = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/seat-plans/${plan.id}`,
      payload: { layout: duplicate },
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldKeys(refused.json())).toEqual({ 'layout.decks.0.rows.0.1.txt': 'error.seatLabelDuplicate' });
    expect((await call(t.app, as.office, { method: 'GET', url: `/seat-plans/${plan.id}` })).json().seat_count).toBe(49);
  });

  it('deletes a plan a transport was copied from: the transport keeps its layout and loses the link', async () => {
    const plan = (await create({ name: 'Alt', layout: SEAT_PLAN_TEMPLATES.minibus19.layout })).json<SeatPlan>();
    const fixture = await createDepartureFixture(t.ctx, 71);
    const transportId = fixture.transports[0]!.id;
    await t.ctx.db.updateTable('transport').set({ id_seat_plan: plan.id }).where('id', '=', transportId).execute();
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/seat-plans/${plan.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'GET', url: `/seat-plans/${plan.id}` })).statusCode).toBe(404);
    const transport = await t.ctx.db
      .selectFrom('transport')
      .select(['id_seat_plan', 'layout'])
      .where('id', '=', transportId)
      .executeTakeFirstOrThrow();
    expect(transport.id_seat_plan).toBeNull();
    expect(JSON.parse(transport.layout)).toEqual(SEAT_PLAN_TEMPLATES.touring49.layout);
  });

  it('is for staff with internet rights: a traveller gets 403', async () => {
    expect((await call(t.app, as.traveller, { method: 'GET', url: '/seat-plans' })).statusCode).toBe(403);
    expect(
      (await call(t.app, as.traveller, { method: 'POST', url: '/seat-plans', payload: { name: 'x', layout: {} } }))
        .statusCode,
    ).toBe(403);
  });
});
