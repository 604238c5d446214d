import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutFromRows, type Departure } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';

/** The booking path keeps parsed coach layouts between bookings; a changed coach must be read again. */
describe('bookings read a coach layout again after it changed', () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    admin = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  const book = (nr: number, sitzhin: string) =>
    call(t.app, admin, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: { termin: nr, type: 'regular', buchender: { surname: 'Kühn' }, teilnehmer: [{ name: 'Kühn', sitzhin }] },
    });

  it('refuses a seat the changed layout no longer has, and sells one it gained', async () => {
    const fixture = await createDepartureFixture(t.ctx, nextSequence(), {
      seatPlan: layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'SS_SS'] }]),
    });
    expect((await book(fixture.nr, '1')).statusCode).toBe(201);

    // The outbound coach gets a table row and a third row of seats: seats 5–8 exist only in the new layout.
    const departure = (await call(t.app, admin, { method: 'GET', url: `/departures/${fixture.nr}` })).json<Departure>();
    const outbound = departure.transports.find((transport) => transport.direction === 'outbound')!;
    const layout = layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'BB_BB', 'SS_SS'] }]);
    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: `/departures/${fixture.nr}`,
      payload: {
        transports: departure.transports.map((transport) => ({
          id: transport.id,
          direction: transport.direction,
          name: transport.name,
          ...(transport.id === outbound.id ? { layout } : {}),
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // A stale parsed layout would refuse seat 7 as no seat; seat 9 is in neither layout.
    expect((await book(fixture.nr, '7')).statusCode).toBe(201);
    const gone = await book(fixture.nr, '9');
    expect(gone.statusCode).toBe(409);
    expect(gone.json().key).toBe('error.seatUnavailable');
  });
});
