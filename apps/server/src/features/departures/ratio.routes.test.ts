import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RatioParticipant, RatioTermin, RatioTravelStop } from '@tourdesk/contracts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { getRatioTermin } from './ratio.service.ts';

describe('RATIO reads: termine, quotas, participants, travel stops', () => {
  let t: TestApp;
  const as = { office: '', traveller: '', agency: '' };
  let f: DepartureFixture;
  let other: DepartureFixture;
  let firm: Awaited<ReturnType<typeof insertTestBooking>>;
  let draft: Awaited<ReturnType<typeof insertTestBooking>>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    as.office = await createLogin(t.ctx, 'office');
    as.traveller = await createLogin(t.ctx, 'traveller');
    f = await createDepartureFixture(t.ctx, 301, { blocked: ['49'], journey: { firstDate: '2027-06-01' } });
    other = await createDepartureFixture(t.ctx, 302, { seatPlan: 'minibus19', journey: { firstDate: '2027-09-01' } });
    const [out, ret] = f.transports;
    const roomType = f.journey.accommodations[0]!.roomTypes[0]!.id;
    const single = f.journey.accommodations[0]!.roomTypes[1]!.id;
    firm = await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'firm',
      rooms: [single, roomType],
      participants: [
        {
          name: 'Lehmann',
          name1: 'Ute',
          stopOut: f.stops.outbound[1],
          stopRet: f.stops.return[0],
          room: 1,
          seats: [
            { transport: out!.id, seat: '10' },
            { transport: ret!.id, seat: '12' },
          ],
        },
        {
          name: 'Lehmann',
          name1: 'Jan',
          stopOut: f.stops.outbound[1],
          room: 1,
          seats: [{ transport: out!.id, seat: '11' }],
        },
      ],
    });
    draft = await insertTestBooking(t.ctx, { nr: f.nr, status: 'draft', participants: [{ name: 'Entwurf' }] });
    await insertTestBooking(t.ctx, { nr: f.nr, status: 'cancelled', participants: [{ name: 'Storniert' }] });
  });
  afterAll(() => t.close());

  const get = <T>(url: string) =>
    call(t.app, as.office, { method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

  it('lists termine by journey and date range, paged, with seats and free seats', async () => {
    const all = await get<{ status: string; data: RatioTermin[]; total: number }>(
      `/ratio/api/termine?byReise=${f.journey.id}`,
    );
    expect(all.status).toBe(200);
    expect(all.body.status).toBe('success');
    expect(all.body.total).toBe(2);
    expect(all.body.data[0]).toEqual({
      nr: f.nr,
      reiseId: f.journey.id,
      termincode: f.journey.dates[0]!.termincode,
      date_from: '2027-06-01',
      date_till: '2027-06-05',
      bookable: 0,
      seats: 48,
      free: 46,
    });
    expect(all.body.data[1]).toMatchObject({ nr: f.journey.dates[1]!.nr, seats: 0, free: 0 });

    const ranged = await get<{ data: RatioTermin[]; total: number }>(
      '/ratio/api/termine?start=2027-06-02&end=2027-09-01',
    );
    expect(ranged.body.data.map((termin) => termin.nr)).toEqual([f.journey.dates[1]!.nr, other.nr]);
    const paged = await get<{ data: RatioTermin[]; total: number }>(
      '/ratio/api/termine?start=2027-06-01&end=2027-09-30&limit=2&offset=1',
    );
    expect(paged.body.total).toBe(4);
    expect(paged.body.data.map((termin) => termin.nr)).toEqual([f.journey.dates[1]!.nr, other.nr]);
    const withParticipants = await get<{ data: RatioTermin[] }>(
      `/ratio/api/termine?byReise=${f.journey.id}&get_participants=1`,
    );
    expect(withParticipants.body.data.map((termin) => termin.participants?.length)).toEqual([3, 0]);
    expect((await get('/ratio/api/termine?start=morgen')).status).toBe(400);
  });

  it('answers one termin with occupied seats, the coaches’ seat plans and the participants', async () => {
    const [out, ret] = f.transports;
    const response = await get<{ status: string; data: RatioTermin }>(
      `/ratio/api/termine/${f.nr}?get_occupiedSeats=1&get_participants=true&get_transport=1`,
    );
    expect(response.status).toBe(200);
    const termin = response.body.data;
    expect(termin.occupiedSeats).toEqual([
      { richtung: 'H', bus: 1, platznummer: '10', teilnehmerNr: firm.participants[0], vorgangnr: firm.id },
      { richtung: 'H', bus: 1, platznummer: '11', teilnehmerNr: firm.participants[1], vorgangnr: firm.id },
      { richtung: 'R', bus: 1, platznummer: '12', teilnehmerNr: firm.participants[0], vorgangnr: firm.id },
    ]);
    expect(termin.transportation!.map((transport) => [transport.id, transport.richtung, transport.bus])).toEqual([
      [out!.id, 'H', 1],
      [ret!.id, 'R', 1],
    ]);
    const cells = termin.transportation![0]!.seatplan[0]!.rows.flat();
    expect(cells.filter((cell) => cell.occupied).map((cell) => cell.txt)).toEqual(['10', '11']);
    expect(cells.find((cell) => cell.txt === '49')).toEqual({
      txt: '49',
      idx: 0,
      isSeat: true,
      occupied: false,
      blocked: true,
    });
    expect(cells[0]).toEqual({ txt: '', idx: 2, isSeat: false, occupied: false });

    expect(termin.participants!.map((participant) => participant.name)).toEqual(['Lehmann', 'Lehmann', 'Entwurf']);
    expect(termin.participants![0]).toMatchObject({
      nr: firm.participants[0],
      vorgangnr: firm.id,
      position: 1,
      name1: 'Ute',
      sitzfest: false,
      zustieghin: 2,
      zustiegrueck: 1,
      sitzhin: '10',
      sitzrueck: '12',
      bushin: 1,
      busrueck: 1,
      zimmer: 1,
    });
    expect(termin.participants![1]).toMatchObject({
      sitzhin: '11',
      sitzrueck: null,
      busrueck: null,
      zustiegrueck: null,
    });
    expect(termin.participants![2]).toMatchObject({
      vorgangnr: draft.id,
      sitzhin: null,
      zimmer: null,
      zustieghin: null,
    });

    const plain = await get<{ data: RatioTermin }>(`/ratio/api/termine/${f.nr}`);
    expect(Object.keys(plain.body.data).sort()).toEqual(
      ['bookable', 'date_from', 'date_till', 'free', 'nr', 'reiseId', 'seats', 'termincode'].sort(),
    );
    expect((await get(`/ratio/api/termine/999999`)).status).toBe(404);
  });

  it('reads a full coach’s termin with the same number of queries as an almost empty one', async () => {
    const full = await createDepartureFixture(t.ctx, 303, { seatPlan: 'touring49' });
    const [out, ret] = full.transports;
    const flags = { get_occupiedSeats: true, get_participants: true, get_transport: true };
    await insertTestBooking(t.ctx, {
      nr: full.nr,
      status: 'firm',
      participants: [{ name: 'Erste', seats: [{ transport: out!.id, seat: '1' }] }],
    });
    const few = await countStatements(t.ctx, (ctx) => getRatioTermin(ctx, full.nr, flags));
    for (let booking = 0; booking < 12; booking++) {
      await insertTestBooking(t.ctx, {
        nr: full.nr,
        status: 'firm',
        rooms: [full.journey.accommodations[0]!.roomTypes[0]!.id],
        participants: [0, 1, 2, 3].map((i) => {
          const seat = String(2 + booking * 4 + i);
          return {
            name: `Gast ${seat}`,
            stopOut: full.stops.outbound[0],
            stopRet: full.stops.return[0],
            room: 0,
            seats: [
              { transport: out!.id, seat },
              { transport: ret!.id, seat },
            ],
          };
        }),
      });
    }
    const many = await countStatements(t.ctx, (ctx) => getRatioTermin(ctx, full.nr, flags));
    expect(many.result.data.participants).toHaveLength(49);
    expect(many.result.data.free).toBe(0);
    expect(many.statements.length).toBe(few.statements.length);
  });

  it('answers a date’s quotas, and with byReise those of a journey’s dates from start to end', async () => {
    const one = await get<{ status: string; data: Array<Record<string, unknown>> }>(`/ratio/api/quotas/${f.nr}`);
    expect(one.status).toBe(200);
    expect(one.body.data.map((quota) => [quota.kind, quota.capacity, quota.held, quota.free, quota.termin])).toEqual([
      ['seat', 48, 2, 46, f.nr],
      ['seat', 48, 1, 47, f.nr],
      ['room', 18, 1, 17, f.nr],
      ['room', 6, 1, 5, f.nr],
    ]);
    const journey = await get<{ data: Array<{ termin: number; termincode: string }> }>(
      `/ratio/api/quotas/${f.journey.id}?byReise=1&start=2027-06-02`,
    );
    expect(journey.body.data).toEqual([]);
    const both = await get<{ data: Array<{ termin: number }> }>(
      `/ratio/api/quotas/${f.journey.id}?byReise=true&start=2027-06-01&end=2027-06-01`,
    );
    expect([...new Set(both.body.data.map((quota) => quota.termin))]).toEqual([f.nr]);
    expect((await get(`/ratio/api/quotas/999999`)).status).toBe(404);
    expect((await get(`/ratio/api/quotas/999999?byReise=1`)).status).toBe(404);
  });

  it('answers the participants of a date’s non-cancelled bookings', async () => {
    const response = await get<{ status: string; data: RatioParticipant[] }>(`/ratio/api/participants/${f.nr}`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.data.map((participant) => [participant.vorgangnr, participant.name])).toEqual([
      [firm.id, 'Lehmann'],
      [firm.id, 'Lehmann'],
      [draft.id, 'Entwurf'],
    ]);
    expect((await get(`/ratio/api/participants/999999`)).status).toBe(404);
  });

  it('answers travel stops grouped by terminId: all, of a date, of a journey, from a start date', async () => {
    const all = await get<{ status: string; data: RatioTravelStop[] }>('/ratio/api/travelstops');
    expect(all.body.status).toBe('success');
    const dates = all.body.data.map((stop) => stop.terminId);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates).toContain(f.nr);
    expect(dates).toContain(other.nr);

    const ofDate = await get<{ data: RatioTravelStop[] }>(`/ratio/api/travelstops/${f.nr}`);
    expect(ofDate.body.data.map((stop) => [stop.richtung, stop.knotenhaltnr, stop.number, stop.terminId])).toEqual([
      ['H', 1, 1, f.nr],
      ['H', 2, 2, f.nr],
      ['R', 1, 1, f.nr],
      ['R', 2, 2, f.nr],
    ]);
    expect(ofDate.body.data[1]).toMatchObject({ id: f.stops.outbound[1], time: '07:00', surcharge: 10, country: 'DE' });
    const byTermin = await get<{ data: RatioTravelStop[] }>(`/ratio/api/travelstops/${f.nr}?byTermin=1`);
    expect(byTermin.body.data).toEqual(ofDate.body.data);
    const byJourney = await get<{ data: RatioTravelStop[] }>(`/ratio/api/travelstops/${other.journey.id}?byReise=1`);
    expect(new Set(byJourney.body.data.map((stop) => stop.terminId))).toEqual(new Set([other.nr]));
    const fromStart = await get<{ data: RatioTravelStop[] }>('/ratio/api/travelstops?start=2027-08-01');
    expect(new Set(fromStart.body.data.map((stop) => stop.terminId)).has(f.nr)).toBe(false);
    expect(new Set(fromStart.body.data.map((stop) => stop.terminId)).has(other.nr)).toBe(true);
    expect((await get(`/ratio/api/travelstops/999999`)).status).toBe(404);
  });

  it('is for booking staff and trip planners: a traveller gets 403', async () => {
    for (const url of [
      '/ratio/api/termine',
      `/ratio/api/termine/${f.nr}`,
      `/ratio/api/quotas/${f.nr}`,
      `/ratio/api/participants/${f.nr}`,
      '/ratio/api/travelstops',
      `/ratio/api/travelstops/${f.nr}`,
    ]) {
      expect((await call(t.app, as.traveller, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});
