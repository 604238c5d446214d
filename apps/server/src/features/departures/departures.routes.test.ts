import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_PLAN_TEMPLATES, type Departure, type SeatMap } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createBoardingPointFixture } from '../../seed/catalogue-factories.ts';
import { createCustomerFixture, createDriverFixture, createJourneyFixture } from '../../seed/factories.ts';
import { ensureDateQuotas } from './departures.service.ts';

const fieldKeys = (body: { errors?: Array<{ field: string; key: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.key]));
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe('departures', () => {
  let t: TestApp;
  const as = { office: '', traveller: '' };
  let n = 100;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    as.office = await createLogin(t.ctx, 'office');
    as.traveller = await createLogin(t.ctx, 'traveller');
  });
  afterAll(() => t.close());

  const get = (nr: number) => call(t.app, as.office, { method: 'GET', url: `/departures/${nr}` });
  const put = (nr: number, payload: object) =>
    call(t.app, as.office, { method: 'PUT', url: `/departures/${nr}`, payload });
  const transportsBody = (departure: Departure) =>
    departure.transports.map((transport) => ({
      id: transport.id,
      direction: transport.direction,
      name: transport.name,
      blocked_seats: transport.blocked_seats,
    }));
  const stopsBody = (departure: Departure) =>
    departure.travelStops.map((stop) => ({
      id: stop.id,
      id_zus_zustiege: stop.id_zus_zustiege,
      direction: stop.direction,
      knotenhaltnr: stop.knotenhaltnr,
    }));
  const fixture = (options: Parameters<typeof createDepartureFixture>[2] = {}) =>
    createDepartureFixture(t.ctx, ++n, options);

  it('reads a departure: coaches with capacity, held and driver, stops with travellers, pools and alerts', async () => {
    const f = await fixture({ blocked: ['1'] });
    const driver = await createDriverFixture(t.ctx, ++n);
    await t.ctx.db
      .updateTable('transport')
      .set({ id_driver_card: driver.customer.id })
      .where('id', '=', f.transports[0]!.id)
      .execute();
    const booker = await createCustomerFixture(t.ctx, ++n);
    const [out, ret] = f.transports;
    const option = await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'option',
      optionUntil: hoursFromNow(20),
      bookerCardId: booker.id,
      participants: [
        { name: 'Arndt', stopOut: f.stops.outbound[0], seats: [{ transport: out!.id, seat: '2' }] },
        { name: 'Arndt', stopOut: f.stops.outbound[0], seats: [{ transport: out!.id, seat: '3' }] },
      ],
    });
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'option',
      optionUntil: hoursFromNow(24 * 5),
      participants: [{ name: 'Later', stopOut: f.stops.outbound[1], seats: [{ transport: out!.id, seat: '4' }] }],
    });
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'firm',
      participants: [
        {
          name: 'Fest',
          stopOut: f.stops.outbound[1],
          stopRet: f.stops.return[1],
          seats: [
            { transport: out!.id, seat: '5' },
            { transport: ret!.id, seat: '5' },
          ],
        },
      ],
    });
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'waitlist',
      participants: [{ name: 'Warte', stopOut: f.stops.outbound[0] }],
    });
    await insertTestBooking(t.ctx, { nr: f.nr, status: 'waitlist', participants: [{ name: 'Warte 2' }] });
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'cancelled',
      participants: [{ name: 'Weg', stopOut: f.stops.outbound[0] }],
    });

    const response = await get(f.nr);
    expect(response.statusCode).toBe(200);
    const departure = response.json<Departure>();
    expect(departure).toMatchObject({
      nr: f.nr,
      id_jrn_journey: f.journey.id,
      journeyTitle: f.journey.title,
      termincode: f.journey.dates[0]!.termincode,
      date_from: f.journey.dates[0]!.date_from,
    });
    expect(departure.transports.map((tr) => [tr.direction, tr.position, tr.capacity, tr.held, tr.driverName])).toEqual([
      ['outbound', 1, 48, 4, driver.customer.name],
      ['return', 1, 48, 1, null],
    ]);
    expect(departure.transports[0]!.blocked_seats).toEqual(['1']);
    expect(departure.transports[0]!.layout).toEqual(SEAT_PLAN_TEMPLATES.touring49.layout);
    expect(departure.travelStops.map((stop) => [stop.direction, stop.knotenhaltnr, stop.travellers])).toEqual([
      ['outbound', 1, 2],
      ['outbound', 2, 2],
      ['return', 1, 0],
      ['return', 2, 1],
    ]);
    expect(departure.travelStops[1]!.surcharge).toBe(10);
    expect(departure.quotas.map((quota) => [quota.kind, quota.capacity, quota.held, quota.free])).toEqual([
      ['seat', 48, 4, 44],
      ['seat', 48, 1, 47],
      ['room', 18, 0, 18],
      ['room', 6, 0, 6],
    ]);
    expect(departure.alerts.waitlist).toBe(2);
    expect(departure.alerts.optionsExpiring).toEqual([
      { id: option.id, bookerName: booker.name, option_until: expect.any(String), units: 2 },
    ]);
  });

  it('creates missing room and extra pools when a departure is read, and through ensureDateQuotas', async () => {
    const journey = await createJourneyFixture(t.ctx, ++n, {
      extras: [
        { type: 'Ausflug', value: 'Bootsfahrt', price: 20, price_due: 'per_person', units: 30 },
        { type: 'Ausflug', value: 'Unbegrenzt', price: 5, price_due: 'per_person' },
      ],
    });
    const [first, second] = journey.dates;
    const read = (await get(first!.nr)).json<Departure>();
    expect(read.quotas.map((quota) => [quota.kind, quota.name, quota.capacity])).toEqual([
      ['room', 'Hotel Bella Riva: Doppelzimmer Seeblick', 18],
      ['room', 'Hotel Bella Riva: Einzelzimmer', 6],
      ['extra', 'Bootsfahrt', 30],
    ]);
    expect((await get(first!.nr)).json<Departure>().quotas).toHaveLength(3);
    await ensureDateQuotas(t.ctx, second!.nr);
    await ensureDateQuotas(t.ctx, second!.nr);
    const pools = await t.ctx.db.selectFrom('quota').select('kind').where('id_jrn_date', '=', second!.nr).execute();
    expect(pools.map((pool) => pool.kind).sort()).toEqual(['extra', 'room', 'room']);
  });

  it('plans coaches: copies a seat plan, numbers coaches per direction, keeps each seat pool at the sellable seats', async () => {
    const f = await fixture();
    const plan = await call(t.app, as.office, {
      method: 'POST',
      url: '/seat-plans',
      payload: { name: 'Kleinbus', layout: SEAT_PLAN_TEMPLATES.minibus19.layout },
    });
    const planId = plan.json().id as number;
    const driver = await createDriverFixture(t.ctx, ++n);
    const current = (await get(f.nr)).json<Departure>();
    const body = transportsBody(current);
    const response = await put(f.nr, {
      transports: [
        { ...body[0], blocked_seats: ['1', '2'], id_driver_card: driver.customer.id, vehicle: 'DD-TD 49' },
        body[1],
        { direction: 'outbound', name: 'Bus 2', id_seat_plan: planId },
        {
          direction: 'return',
          name: 'Bus 2 zurück',
          layout: SEAT_PLAN_TEMPLATES.doubleDecker.layout,
          blocked_seats: ['81'],
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const departure = response.json<Departure>();
    expect(
      departure.transports.map((tr) => [
        tr.name,
        tr.direction,
        tr.position,
        tr.capacity,
        tr.id_seat_plan,
        tr.driverName,
      ]),
    ).toEqual([
      ['Bus 1 Hinfahrt', 'outbound', 1, 47, null, driver.customer.name],
      ['Bus 2', 'outbound', 2, 19, planId, null],
      ['Bus 1 Rückfahrt', 'return', 1, 49, null, null],
      ['Bus 2 zurück', 'return', 2, 80, null, null],
    ]);
    expect(departure.transports[0]!.vehicle).toBe('DD-TD 49');
    expect(departure.transports[1]!.layout).toEqual(SEAT_PLAN_TEMPLATES.minibus19.layout);
    expect(departure.quotas.filter((quota) => quota.kind === 'seat').map((quota) => quota.capacity)).toEqual([
      47, 49, 19, 80,
    ]);

    // The return coach goes first: coach numbers follow the order sent.
    const reordered = (await get(f.nr)).json<Departure>();
    const again = transportsBody(reordered);
    const swapped = await put(f.nr, { transports: [again[0], again[1], again[3], again[2]] });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json<Departure>().transports.map((tr) => [tr.name, tr.position])).toEqual([
      ['Bus 1 Hinfahrt', 1],
      ['Bus 2', 2],
      ['Bus 2 zurück', 1],
      ['Bus 1 Rückfahrt', 2],
    ]);
  });

  it('refuses a driver that is no driver card, an unknown plan and a coach without plan or layout (400 with the field)', async () => {
    const f = await fixture();
    const customer = await createCustomerFixture(t.ctx, ++n);
    const body = transportsBody((await get(f.nr)).json<Departure>());
    const notDriver = await put(f.nr, { transports: [{ ...body[0], id_driver_card: customer.id }, body[1]] });
    expect(notDriver.statusCode).toBe(400);
    expect(fieldKeys(notDriver.json())).toEqual({ 'transports.0.id_driver_card': 'error.invalid' });
    const unknownPlan = await put(f.nr, {
      transports: [...body, { direction: 'outbound', name: 'X', id_seat_plan: 999_999 }],
    });
    expect(fieldKeys(unknownPlan.json())).toEqual({ 'transports.2.id_seat_plan': 'error.invalid' });
    const noPlan = await put(f.nr, { transports: [...body, { direction: 'outbound', name: 'X' }] });
    expect(noPlan.statusCode).toBe(400);
    expect(fieldKeys(noPlan.json())).toEqual({ 'transports.2.id_seat_plan': 'error.empty' });
    const foreign = await put(f.nr, { transports: [{ ...body[0], id: 999_999 }] });
    expect(fieldKeys(foreign.json())).toEqual({ 'transports.0.id': 'error.invalid' });
  });

  it('refuses blocking an assigned seat (409 seatTaken naming the field) and removing a coach that carries travellers', async () => {
    const f = await fixture();
    const [out] = f.transports;
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'firm',
      participants: [{ name: 'Sitzt', seats: [{ transport: out!.id, seat: '7' }] }],
    });
    const body = transportsBody((await get(f.nr)).json<Departure>());
    const blocked = await put(f.nr, { transports: [{ ...body[0], blocked_seats: ['1', '7'] }, body[1]] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().key).toBe('error.seatTaken');
    expect(fieldKeys(blocked.json())).toEqual({ 'transports.0.blocked_seats.1': 'error.seatTaken' });

    const oneSeat = { decks: [{ name: null, rows: [[{ txt: '1', idx: 0, isSeat: true }]] }] };
    const smaller = await put(f.nr, { transports: [{ ...body[0], layout: oneSeat }, body[1]] });
    expect(smaller.statusCode).toBe(409);
    expect(fieldKeys(smaller.json())).toEqual({ 'transports.0.layout': 'error.seatTaken' });

    const removed = await put(f.nr, { transports: [body[1]] });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().key).toBe('error.transportInUse');

    const after = (await get(f.nr)).json<Departure>();
    expect(after.transports.map((tr) => [tr.id, tr.blocked_seats, tr.capacity])).toEqual([
      [out!.id, [], 49],
      [f.transports[1]!.id, [], 49],
    ]);

    // A coach nobody sits on can go, and its seat pool with it.
    const gone = await put(f.nr, { transports: [body[0]] });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<Departure>().quotas.filter((quota) => quota.kind === 'seat')).toHaveLength(1);
  });

  it('never lowers a pool below what is held (409 capacityBelowHeld), for seats and rooms', async () => {
    const f = await fixture({ seatPlan: 'minibus19' });
    const seatPool = f.quotas.find((quota) => quota.kind === 'seat' && quota.ref === f.transports[0]!.id)!;
    await t.ctx.db.updateTable('quota').set({ held: 10 }).where('id', '=', seatPool.id).execute();
    const body = transportsBody((await get(f.nr)).json<Departure>());
    const tooMany = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    const below = await put(f.nr, { transports: [{ ...body[0], blocked_seats: tooMany }, body[1]] });
    expect(below.statusCode).toBe(409);
    expect(below.json().key).toBe('error.capacityBelowHeld');
    const fits = await put(f.nr, { transports: [{ ...body[0], blocked_seats: tooMany.slice(0, 9) }, body[1]] });
    expect(fits.statusCode).toBe(200);
    expect(fits.json<Departure>().transports[0]).toMatchObject({ capacity: 10, held: 10 });

    const roomType = f.journey.accommodations[0]!.roomTypes[0]!;
    const roomPool = f.quotas.find((quota) => quota.kind === 'room' && quota.ref === roomType.id)!;
    await t.ctx.db.updateTable('quota').set({ held: 5 }).where('id', '=', roomPool.id).execute();
    const rooms = await put(f.nr, { quotas: [{ kind: 'room', ref: roomType.id, capacity: 4 }] });
    expect(rooms.statusCode).toBe(409);
    expect(fieldKeys(rooms.json())).toEqual({ 'quotas.0.capacity': 'error.capacityBelowHeld' });
    const ok = await put(f.nr, { quotas: [{ kind: 'room', ref: roomType.id, capacity: 5 }] });
    expect(ok.json<Departure>().quotas.find((quota) => quota.id === roomPool.id)).toMatchObject({
      capacity: 5,
      held: 5,
      free: 0,
    });
  });

  it('sets room and extra pools only for the journey’s room types and extras', async () => {
    const f = await fixture({
      journey: { extras: [{ type: 'Ausflug', value: 'Oper', price: 80, price_due: 'per_person', units: 40 }] },
    });
    const other = await fixture();
    const extra = f.journey.extras[0]!;
    const ok = await put(f.nr, { quotas: [{ kind: 'extra', ref: extra.id, capacity: 25 }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Departure>().quotas.find((quota) => quota.kind === 'extra')).toMatchObject({
      ref: extra.id,
      capacity: 25,
    });
    // An extra without limited units gets a pool when one is set.
    const unlimited = other.journey.extras[0]!;
    const set = await put(other.nr, { quotas: [{ kind: 'extra', ref: unlimited.id, capacity: 12 }] });
    expect(set.json<Departure>().quotas.find((quota) => quota.kind === 'extra')).toMatchObject({
      ref: unlimited.id,
      name: unlimited.value,
      capacity: 12,
      held: 0,
    });
    const foreignRoom = other.journey.accommodations[0]!.roomTypes[0]!.id;
    const refused = await put(f.nr, {
      quotas: [
        { kind: 'extra', ref: extra.id, capacity: 30 },
        { kind: 'room', ref: foreignRoom, capacity: 3 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldKeys(refused.json())).toEqual({ 'quotas.1.ref': 'error.invalid' });
    expect((await get(f.nr)).json<Departure>().quotas.find((quota) => quota.kind === 'extra')!.capacity).toBe(25);
  });

  it('replaces travel stops: next free number by default, unique numbers and points, existing boarding points', async () => {
    const f = await fixture();
    const point = await createBoardingPointFixture(t.ctx, ++n * 10);
    const current = stopsBody((await get(f.nr)).json<Departure>());
    const added = await put(f.nr, {
      travelStops: [
        ...current,
        {
          id_zus_zustiege: point.id_zus_zustiege,
          direction: 'outbound',
          time: '05:45',
          surcharge: 12.5,
          day_offset: 0,
        },
      ],
    });
    expect(added.statusCode).toBe(200);
    const stops = added.json<Departure>().travelStops;
    expect(stops.map((stop) => [stop.direction, stop.knotenhaltnr, stop.position])).toEqual([
      ['outbound', 1, 0],
      ['outbound', 2, 1],
      ['outbound', 3, 2],
      ['return', 1, 0],
      ['return', 2, 1],
    ]);
    expect(stops[2]).toMatchObject({ name: point.name, time: '05:45', surcharge: 12.5 });

    const duplicate = await put(f.nr, {
      travelStops: [current[0], { ...current[1], knotenhaltnr: current[0]!.knotenhaltnr }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(fieldKeys(duplicate.json())).toEqual({ 'travelStops.1.knotenhaltnr': 'error.invalid' });
    const samePoint = await put(f.nr, {
      travelStops: [current[0], { id_zus_zustiege: current[0]!.id_zus_zustiege, direction: 'outbound' }],
    });
    expect(fieldKeys(samePoint.json())).toEqual({ 'travelStops.1.id_zus_zustiege': 'error.invalid' });
    const unknown = await put(f.nr, { travelStops: [{ id_zus_zustiege: 999_999, direction: 'return' }] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldKeys(unknown.json())).toEqual({ 'travelStops.0.id_zus_zustiege': 'error.invalid' });

    // Swapping two numbers works (numbers are moved aside first).
    const swapped = await put(f.nr, {
      travelStops: [
        { ...current[0], knotenhaltnr: 2 },
        { ...current[1], knotenhaltnr: 1 },
      ],
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json<Departure>().travelStops.map((stop) => [stop.id, stop.knotenhaltnr])).toEqual([
      [current[1]!.id, 1],
      [current[0]!.id, 2],
    ]);
  });

  it('refuses removing a travel stop a participant uses (409), and the whole PUT with it', async () => {
    const f = await fixture();
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'request',
      participants: [{ name: 'Steigt zu', stopRet: f.stops.return[1] }],
    });
    const departure = (await get(f.nr)).json<Departure>();
    const stops = stopsBody(departure);
    const body = transportsBody(departure);
    const refused = await put(f.nr, {
      transports: [{ ...body[0], name: 'Umbenannt' }, body[1]],
      travelStops: stops.filter((stop) => stop.id !== f.stops.return[1]),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('error.travelStopInUse');
    const after = (await get(f.nr)).json<Departure>();
    expect(after.transports[0]!.name).toBe('Bus 1 Hinfahrt');
    expect(after.travelStops).toHaveLength(4);
    const unused = await put(f.nr, { travelStops: stops.filter((stop) => stop.id !== f.stops.return[0]) });
    expect(unused.statusCode).toBe(200);
    expect(unused.json<Departure>().travelStops).toHaveLength(3);
  });

  it('makes travel stops from the journey’s offered stops, numbered per direction, skipping those already there', async () => {
    const points = await Promise.all([1, 2, 3].map((i) => createBoardingPointFixture(t.ctx, ++n * 10 + i)));
    const journey = await createJourneyFixture(t.ctx, ++n, {
      stops: [
        { id_zus_zustiege: points[0]!.id_zus_zustiege, direction: 'outbound', time: '06:00', surcharge: 0 },
        { id_zus_zustiege: points[1]!.id_zus_zustiege, direction: 'outbound', time: '06:40', surcharge: 15 },
        { id_zus_zustiege: points[2]!.id_zus_zustiege, direction: 'return', time: '17:00', day_offset: 4 },
      ],
    });
    const nr = journey.dates[0]!.nr;
    await put(nr, { travelStops: [{ id_zus_zustiege: points[1]!.id_zus_zustiege, direction: 'outbound' }] });
    const response = await put(nr, { stopsFromJourney: true });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<Departure>()
        .travelStops.map((stop) => [
          stop.direction,
          stop.knotenhaltnr,
          stop.id_zus_zustiege,
          stop.time,
          stop.day_offset,
          stop.surcharge,
        ]),
    ).toEqual([
      ['outbound', 1, points[1]!.id_zus_zustiege, null, 0, 0],
      ['outbound', 2, points[0]!.id_zus_zustiege, '06:00', 0, 0],
      ['return', 1, points[2]!.id_zus_zustiege, '17:00', 4, 0],
    ]);
  });

  it('answers the seat map with each coach’s occupants, their names and booking status', async () => {
    const f = await fixture({ blocked: ['49'] });
    const [out, ret] = f.transports;
    const booking = await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'option',
      optionUntil: hoursFromNow(100),
      participants: [
        {
          name: 'Krause',
          name1: 'Anna',
          seats: [
            { transport: out!.id, seat: '3' },
            { transport: ret!.id, seat: '4' },
          ],
        },
        { name: 'Krause', name1: 'Ben', seats: [{ transport: out!.id, seat: '4' }] },
      ],
    });
    const response = await call(t.app, as.office, { method: 'GET', url: `/departures/${f.nr}/seat-map` });
    expect(response.statusCode).toBe(200);
    const map = response.json<SeatMap>();
    expect(map.transports.map((tr) => [tr.id, tr.blocked_seats])).toEqual([
      [out!.id, ['49']],
      [ret!.id, ['49']],
    ]);
    expect(map.transports[0]!.occupants).toEqual([
      {
        seat: '3',
        id_participant: booking.participants[0],
        id_booking: booking.id,
        name: 'Anna Krause',
        status: 'option',
      },
      {
        seat: '4',
        id_participant: booking.participants[1],
        id_booking: booking.id,
        name: 'Ben Krause',
        status: 'option',
      },
    ]);
    expect(map.transports[1]!.occupants.map((occupant) => occupant.seat)).toEqual(['4']);
  });

  it('answers a journey’s occupancy per date', async () => {
    const f: DepartureFixture = await fixture({ seatPlan: 'minibus19' });
    const [out, ret] = f.transports;
    const second = f.journey.dates[1]!;
    const roomType = f.journey.accommodations[0]!.roomTypes[0]!.id;
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'firm',
      rooms: [roomType],
      participants: [
        {
          name: 'A',
          room: 0,
          seats: [
            { transport: out!.id, seat: '1' },
            { transport: ret!.id, seat: '1' },
          ],
        },
        {
          name: 'B',
          room: 0,
          seats: [
            { transport: out!.id, seat: '2' },
            { transport: ret!.id, seat: '2' },
          ],
        },
      ],
    });
    await insertTestBooking(t.ctx, {
      nr: f.nr,
      status: 'option',
      optionUntil: hoursFromNow(10),
      participants: [{ name: 'C', seats: [{ transport: out!.id, seat: '3' }] }],
    });
    await insertTestBooking(t.ctx, { nr: f.nr, status: 'waitlist', participants: [{ name: 'D' }] });
    await insertTestBooking(t.ctx, { nr: f.nr, status: 'cancelled', participants: [{ name: 'E' }] });
    const response = await call(t.app, as.office, { method: 'GET', url: `/journey-lit/${f.journey.id}/occupancy` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        nr: f.nr,
        termincode: f.journey.dates[0]!.termincode,
        date_from: f.journey.dates[0]!.date_from,
        date_till: f.journey.dates[0]!.date_till,
        bookable: 0,
        seats: { capacity: 19, held: 3 },
        rooms: { capacity: 24, held: 1 },
        optionsExpiring: 1,
        waitlist: 1,
        bookings: 2,
      },
      {
        nr: second.nr,
        termincode: second.termincode,
        date_from: second.date_from,
        date_till: second.date_till,
        bookable: 0,
        seats: { capacity: 0, held: 0 },
        rooms: { capacity: 0, held: 0 },
        optionsExpiring: 0,
        waitlist: 0,
        bookings: 0,
      },
    ]);
    expect((await call(t.app, as.office, { method: 'GET', url: '/journey-lit/999999/occupancy' })).statusCode).toBe(
      404,
    );
  });

  it('tells which other dates a driver drives a coach on during a date’s days', async () => {
    const [first, second, third] = [await fixture(), await fixture(), await fixture()];
    const days = new Map([
      [first.nr, ['2031-06-10', '2031-06-14']],
      [second.nr, ['2031-06-14', '2031-06-16']],
      [third.nr, ['2031-06-17', '2031-06-20']],
    ]);
    for (const [nr, [from, till]] of days)
      await t.ctx.db.updateTable('jrn_date').set({ date_from: from, date_till: till }).where('nr', '=', nr).execute();
    const driver = (await createDriverFixture(t.ctx, ++n)).customer.id;
    const idle = (await createDriverFixture(t.ctx, ++n)).customer.id;
    const drive = (ids: number[]) =>
      t.ctx.db.updateTable('transport').set({ id_driver_card: driver }).where('id', 'in', ids).execute();
    await drive([...first.transports.map((tr) => tr.id), second.transports[0]!.id, third.transports[1]!.id]);
    const trips = async (nr: number, who: number | string) => {
      const response = await call(t.app, as.office, {
        method: 'GET',
        url: `/departures/${nr}/driver-trips?driver=${who}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Array<{ nr: number; date_from: string; date_till: string; coaches: string[] }>>();
    };

    // The first date ends on the day the second begins: both ways count, the date itself does not.
    expect(await trips(first.nr, driver)).toEqual([
      expect.objectContaining({
        nr: second.nr,
        date_from: '2031-06-14',
        date_till: '2031-06-16',
        coaches: ['Bus 1 Hinfahrt'],
      }),
    ]);
    expect((await trips(second.nr, driver)).map((trip) => [trip.nr, trip.coaches])).toEqual([
      [first.nr, ['Bus 1 Hinfahrt', 'Bus 1 Rückfahrt']],
    ]);
    expect(await trips(third.nr, driver)).toEqual([]);
    expect(await trips(first.nr, idle)).toEqual([]);

    const wrong = await call(t.app, as.office, { method: 'GET', url: `/departures/${first.nr}/driver-trips?driver=x` });
    expect([wrong.statusCode, fieldKeys(wrong.json())]).toEqual([400, { driver: 'error.invalid' }]);
    const missing = await call(t.app, as.office, {
      method: 'GET',
      url: `/departures/999999/driver-trips?driver=${driver}`,
    });
    expect(missing.statusCode).toBe(404);
    // Who drives is planning data: an agency user (who reads departures to book) and a traveller are refused.
    const agency = await createLogin(t.ctx, 'agency');
    for (const login of [agency, as.traveller]) {
      const refused = await call(t.app, login, {
        method: 'GET',
        url: `/departures/${first.nr}/driver-trips?driver=${driver}`,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('tells which other dates a vehicle is on during a date’s days, however its plate is written', async () => {
    const [first, second, third, fourth] = [await fixture(), await fixture(), await fixture(), await fixture()];
    const days = new Map([
      [first.nr, ['2032-06-10', '2032-06-14']],
      [second.nr, ['2032-06-14', '2032-06-16']],
      [third.nr, ['2032-06-17', '2032-06-20']],
      [fourth.nr, ['2032-06-11', '2032-06-12']],
    ]);
    for (const [nr, [from, till]] of days)
      await t.ctx.db.updateTable('jrn_date').set({ date_from: from, date_till: till }).where('nr', '=', nr).execute();
    const plate = `ÖHR-T ${++n}`;
    const park = (vehicle: string, ids: number[]) =>
      t.ctx.db.updateTable('transport').set({ vehicle }).where('id', 'in', ids).execute();
    await park(plate, [...first.transports.map((tr) => tr.id), third.transports[1]!.id]);
    await park(plate.toLowerCase().replace('-', ' ').replace(' ', ''), [second.transports[0]!.id]);
    await park(`${plate}9`, [fourth.transports[0]!.id]);
    const trips = async (nr: number, vehicle: string) => {
      const response = await call(t.app, as.office, {
        method: 'GET',
        url: `/departures/${nr}/vehicle-trips?vehicle=${encodeURIComponent(vehicle)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Array<{ nr: number; coaches: string[] }>>();
    };

    // Capitals, spaces and dashes do not matter; another plate that begins the same is another vehicle.
    expect((await trips(first.nr, plate)).map((trip) => [trip.nr, trip.coaches])).toEqual([
      [second.nr, ['Bus 1 Hinfahrt']],
    ]);
    expect((await trips(second.nr, ` ${plate.toLowerCase()} `)).map((trip) => [trip.nr, trip.coaches])).toEqual([
      [first.nr, ['Bus 1 Hinfahrt', 'Bus 1 Rückfahrt']],
    ]);
    expect(await trips(third.nr, plate)).toEqual([]);
    expect(await trips(first.nr, '- -')).toEqual([]);

    for (const [vehicle, key] of [
      ['', 'error.empty'],
      ['x'.repeat(41), 'error.tooLong'],
    ]) {
      const wrong = await call(t.app, as.office, {
        method: 'GET',
        url: `/departures/${first.nr}/vehicle-trips?vehicle=${vehicle}`,
      });
      expect([wrong.statusCode, fieldKeys(wrong.json())]).toEqual([400, { vehicle: key }]);
    }
    // The coach card suggests each plate once, as last planned, the most recent first.
    const vehicles = await call(t.app, as.office, { method: 'GET', url: '/departures/vehicles' });
    expect(vehicles.statusCode, vehicles.body).toBe(200);
    const plates = vehicles.json<string[]>();
    expect(plates.filter((one) => one.startsWith(plate.slice(0, 3)) || one.startsWith('öhr'))).toEqual([
      plate,
      `${plate}9`,
    ]);
    const missing = await call(t.app, as.office, { method: 'GET', url: '/departures/999999/vehicle-trips?vehicle=A' });
    expect(missing.statusCode).toBe(404);
    const agency = await createLogin(t.ctx, 'agency');
    for (const login of [agency, as.traveller]) {
      const refused = await call(t.app, login, {
        method: 'GET',
        url: `/departures/${first.nr}/vehicle-trips?vehicle=A`,
      });
      expect(refused.statusCode).toBe(403);
      expect((await call(t.app, login, { method: 'GET', url: '/departures/vehicles' })).statusCode).toBe(403);
    }
  });

  it('answers 404 for a date that does not exist and 403 to a traveller', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await put(999_999, { stopsFromJourney: true })).statusCode).toBe(404);
    const f = await fixture();
    for (const [method, url] of [
      ['GET', `/departures/${f.nr}`],
      ['PUT', `/departures/${f.nr}`],
      ['GET', `/departures/${f.nr}/seat-map`],
      ['GET', `/journey-lit/${f.journey.id}/occupancy`],
    ] as const) {
      const response = await call(t.app, as.traveller, { method, url, payload: method === 'PUT' ? {} : undefined });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
