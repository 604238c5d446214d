import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutFromRows, type Booking } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { offerWaitlist, releaseExpiredOptions } from './bookings.service.ts';

const fieldKeys = (body: { errors?: Array<{ field: string; key: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.key]));

// 2 + 2 seats in two rows, seat 8 blocked: 7 seats to sell per coach.
const smallCoach = layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'SS_SS'] }]);
const booker = { firstName: 'Hans', surname: 'Schäfer', email: 'hans.schaefer@example.com' };

describe('bookings: capacity, seats, changes, statuses', () => {
  let t: TestApp;
  let office = '';
  let admin = '';
  let fixture: DepartureFixture;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  const newDeparture = () => createDepartureFixture(t.ctx, nextSequence(), { seatPlan: smallCoach, blocked: ['8'] });
  const party = (...names: string[]) => names.map((name) => ({ name }));
  const book = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t.app, office, { method: 'POST', url: '/ratio_vorgang', payload: { buchender: booker, ...payload }, headers });
  const bookOk = async (payload: Record<string, unknown>) => {
    const response = await book(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };
  const bookingCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('booking')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const held = async (nr: number) =>
    (await t.ctx.db.selectFrom('quota').select(['kind', 'held']).where('id_jrn_date', '=', nr).orderBy('id').execute())
      .filter((quota) => quota.kind === 'seat')
      .map((quota) => quota.held);
  const status = (id: number, body: Record<string, unknown>) =>
    call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${id}/status`, payload: body });
  const put = (nr: number, body: Record<string, unknown>) =>
    call(t.app, office, { method: 'PUT', url: `/ratio/api/booking/${nr}`, payload: body });
  const zustieg = (nr: number, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'PUT') =>
    call(t.app, office, { method, url: `/ratio/api/zustiege/${nr}`, payload: body });

  beforeAll(async () => {
    fixture = await newDeparture();
  });

  it('409 error.soldOut when the seats are gone, and nothing of the refused booking is stored', async () => {
    const departure = await newDeparture();
    await bookOk({ termin: departure.nr, type: 'regular', teilnehmer: party('A', 'B', 'C', 'D', 'E') });
    const before = await bookingCount();
    const refused = await book({ termin: departure.nr, type: 'option', teilnehmer: party('F', 'G', 'H') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('error.soldOut');
    expect(await bookingCount()).toBe(before);
    expect(await held(departure.nr)).toEqual([5, 5]);
    // a waiting list booking holds nothing and is accepted
    const waiting = await bookOk({ termin: departure.nr, type: 'waitlist', teilnehmer: party('F', 'G', 'H') });
    expect(waiting.teilnehmer[0]!.sitzhin).toBeNull();
    expect(await held(departure.nr)).toEqual([5, 5]);
  });

  it('rooms and limited extras are pools too; unlimited extras and the default option end', async () => {
    const departure = await createDepartureFixture(t.ctx, nextSequence(), {
      seatPlan: smallCoach,
      journey: {
        accommodations: [{ name: 'Hotel Elbblick', roomTypes: [{ kind: 'single', name: 'Einzelzimmer', rooms: 1 }] }],
        extras: [
          { type: 'Ausflug', value: 'Dampferfahrt', price: 25, price_due: 'per_person', units: 3 },
          { type: 'Parken', value: 'Parkplatz', price: 8, price_due: 'per_night' },
        ],
      },
    });
    const single = departure.journey.accommodations[0]!.roomTypes[0]!.id;
    // a date never read through the departures API yet has no room pool: the booking makes it (ADR 0013)
    await t.ctx.db.deleteFrom('quota').where('id_jrn_date', '=', departure.nr).where('kind', '=', 'room').execute();
    const [boat, parking] = departure.journey.extras;
    const first = await bookOk({
      termin: departure.nr,
      type: 'option',
      teilnehmer: [{ name: 'Solo', zimmer: 0 }],
      rooms: [{ id_jrn_room_type: single }],
      extras: [
        { id_jrn_extra: boat!.id, units: 2 },
        { id_jrn_extra: parking!.id, units: 1 },
      ],
    });
    const days = (Date.parse(first.option_until!) - Date.parse(first.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    // 649 in the double room's price (no single price line), 120 single supplement, 25 × 2 × 1 person, 8 × 4 nights
    expect(first.priceLines.map((line) => [line.kind, line.amount])).toEqual([
      ['base', 649],
      ['room', 120],
      ['extra', 50],
      ['extra', 32],
    ]);
    expect(first.price).toBe(649 + 120 + 50 + 32);
    const room = await book({
      termin: departure.nr,
      type: 'regular',
      teilnehmer: party('B'),
      rooms: [{ id_jrn_room_type: single }],
    });
    expect(room.json().key).toBe('error.soldOut');
    const extra = await book({
      termin: departure.nr,
      type: 'regular',
      teilnehmer: party('B'),
      extras: [{ id_jrn_extra: boat!.id, units: 2 }],
    });
    expect(extra.json().key).toBe('error.soldOut');
    await bookOk({
      termin: departure.nr,
      type: 'regular',
      teilnehmer: party('B'),
      extras: [{ id_jrn_extra: parking!.id, units: 9 }],
    });
    const bus = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'C', bushin: 2 }] });
    expect(fieldKeys(bus.json())).toEqual({ 'teilnehmer.0.bushin': 'error.invalid' });
    const wrongRoom = await book({
      termin: departure.nr,
      type: 'regular',
      teilnehmer: party('C'),
      rooms: [{ id_jrn_room_type: 999999 }],
    });
    expect(fieldKeys(wrongRoom.json())).toEqual({ 'rooms.0.id_jrn_room_type': 'error.invalid' });
  });

  it('409 error.seatTaken and error.seatUnavailable for chosen seats', async () => {
    await bookOk({ termin: fixture.nr, type: 'regular', teilnehmer: [{ name: 'A', sitzhin: '3' }] });
    const taken = await book({ termin: fixture.nr, type: 'regular', teilnehmer: [{ name: 'B', sitzhin: '3' }] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().key).toBe('error.seatTaken');
    const blocked = await book({ termin: fixture.nr, type: 'regular', teilnehmer: [{ name: 'B', sitzhin: '8' }] });
    expect(blocked.json().key).toBe('error.seatUnavailable');
    const noSeat = await book({ termin: fixture.nr, type: 'regular', teilnehmer: [{ name: 'B', sitzrueck: '42' }] });
    expect(noSeat.statusCode).toBe(409);
    expect(noSeat.json().key).toBe('error.seatUnavailable');
    const twice = await book({
      termin: fixture.nr,
      type: 'regular',
      teilnehmer: [
        { name: 'B', sitzhin: '5' },
        { name: 'C', sitzhin: '5' },
      ],
    });
    expect(twice.json().key).toBe('error.seatTaken');
  });

  it('409 error.departureNotBookable for anything but a draft on a date that is not bookable', async () => {
    const departure = await newDeparture();
    await t.ctx.db.updateTable('jrn_date').set({ bookable: 2 }).where('nr', '=', departure.nr).execute();
    const refused = await book({ termin: departure.nr, type: 'anfrage', teilnehmer: party('A') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('error.departureNotBookable');
    const draft = await bookOk({ termin: departure.nr, type: 'entwurf', teilnehmer: party('A') });
    expect((await status(draft.id, { status: 'option' })).json().key).toBe('error.departureNotBookable');
  });

  it('Idempotency-Key: a retry answers the first answer and stores one booking; another body is refused', async () => {
    const departure = await newDeparture();
    const headers = { 'idempotency-key': 'retry-1' };
    const payload = { termin: departure.nr, type: 'option', teilnehmer: party('A', 'B') };
    const first = await book(payload, headers);
    expect(first.statusCode).toBe(201);
    const before = await bookingCount();
    const again = await book(payload, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await bookingCount()).toBe(before);
    expect(await held(departure.nr)).toEqual([2, 2]);
    const other = await book({ ...payload, teilnehmer: party('C') }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().key).toBe('error.idempotencyKeyReused');
    // another key books again
    expect((await book(payload, { 'idempotency-key': 'retry-2' })).statusCode).toBe(201);
    expect(await bookingCount()).toBe(before + 1);
  });

  it('Idempotency-Key: an entry older than a day is ignored and replaced', async () => {
    const departure = await newDeparture();
    const user = await t.ctx.db
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', office)
      .executeTakeFirstOrThrow();
    const scopeKey = `${user.id}:POST /ratio_vorgang:old-key`;
    await t.ctx.db
      .insertInto('idempotency_key')
      .values({
        scope_key: scopeKey,
        request_hash: 'something else',
        status_code: 201,
        response: '{}',
        created_at: new Date(Date.now() - 25 * 3_600_000).toISOString(),
      })
      .execute();
    const fresh = await book(
      { termin: departure.nr, type: 'option', teilnehmer: party('A') },
      { 'idempotency-key': 'old-key' },
    );
    expect(fresh.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('idempotency_key')
      .selectAll()
      .where('scope_key', '=', scopeKey)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.response).id).toBe(fresh.json<Booking>().id);
  });

  it('Idempotency-Key: concurrent duplicates store one booking and all answer the same', async () => {
    const departure = await newDeparture();
    const headers = { 'idempotency-key': 'parallel-1' };
    const payload = { termin: departure.nr, type: 'regular', teilnehmer: party('A') };
    const before = await bookingCount();
    const answers = await Promise.all([1, 2, 3].map(() => book(payload, headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json<Booking>().id)).size).toBe(1);
    expect(await bookingCount()).toBe(before + 1);
  });

  it('the status graph: holding statuses take and give back capacity; other moves answer 409', async () => {
    const departure = await newDeparture();
    const draft = await bookOk({ termin: departure.nr, teilnehmer: party('A', 'B') });
    expect(await held(departure.nr)).toEqual([0, 0]);
    const option = await status(draft.id, { status: 'option', option_until: '2030-01-01T12:00:00Z' });
    expect(option.statusCode).toBe(200);
    expect(option.json()).toMatchObject({ status: 'option', option_until: '2030-01-01T12:00:00.000Z', version: 2 });
    expect(await held(departure.nr)).toEqual([2, 2]);
    const back = await status(draft.id, { status: 'draft' });
    expect(back.statusCode).toBe(409);
    expect(back.json().key).toBe('error.statusTransition');
    expect((await status(draft.id, { status: 'waitlist' })).json().status).toBe('waitlist');
    expect(await held(departure.nr)).toEqual([0, 0]);
    expect((await status(draft.id, { status: 'firm' })).json().status).toBe('firm');
    expect(await held(departure.nr)).toEqual([2, 2]);
    const stale = await status(draft.id, { status: 'processing', version: 1 });
    expect(stale.json().key).toBe('error.versionConflict');
    expect((await status(draft.id, { status: 'processing' })).json().status).toBe('processing');
    expect(await held(departure.nr)).toEqual([2, 2]);

    // in processing: only a status change
    const edit = await put(draft.id, { teilnehmer: party('A') });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().key).toBe('error.processInProgress');
    expect(
      (await zustieg(draft.id, { teilnehmerNr: draft.teilnehmer[0]!.nr, richtung: 'H', platznummer: '7' })).json().key,
    ).toBe('error.processInProgress');
    expect((await status(draft.id, { status: 'cancelled' })).json().status).toBe('cancelled');
    expect(await held(departure.nr)).toEqual([0, 0]);
    const after = await status(draft.id, { status: 'firm' });
    expect(after.json().key).toBe('error.bookingCancelled');
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select('kind')
      .where('id_booking', '=', draft.id)
      .execute();
    expect(events.map((event) => event.kind)).toEqual(['created', 'status', 'status', 'status', 'status', 'status']);
  });

  it('PUT /ratio/api/booking/{nr}: changes, adds and removes participants, keeps seats, recomputes price', async () => {
    const departure = await newDeparture();
    const booking = await bookOk({
      termin: departure.nr,
      type: 'regular',
      teilnehmer: [{ name: 'Anna', sitzhin: '6' }, { name: 'Bernd' }, { name: 'Carla' }],
    });
    expect(booking.teilnehmer.map((p) => p.sitzhin)).toEqual(['6', '1', '2']);
    const [anna, , carla] = booking.teilnehmer;
    const changed = await put(booking.id, {
      version: 1,
      title: 'Familie',
      teilnehmer: [
        { nr: anna!.nr, name: 'Anna Maria', zustieghin: 2 },
        { nr: carla!.nr, name: 'Carla' },
        { name: 'Dora', sitzhin: '7' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = changed.json<Booking>();
    expect(answer).toMatchObject({ title: 'Familie', version: 2 });
    expect(answer.teilnehmer.map((p) => [p.name, p.sitzhin, p.zustieghin])).toEqual([
      ['Anna Maria', '6', 2],
      ['Carla', '2', null],
      ['Dora', '7', null],
    ]);
    expect(answer.teilnehmer[0]!.nr).toBe(anna!.nr);
    expect(answer.price).toBe(3 * 649 + 10);
    expect(answer.price).toBe(answer.priceLines.reduce((sum, line) => sum + line.amount, 0));
    expect(await held(departure.nr)).toEqual([3, 3]);

    const stale = await put(booking.id, { version: 1, teilnehmer: party('X') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('error.versionConflict');
    const taken = await put(booking.id, { teilnehmer: [{ nr: anna!.nr, name: 'Anna', sitzhin: '8' }] });
    expect(taken.json().key).toBe('error.seatUnavailable');
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select('kind')
      .where('id_booking', '=', booking.id)
      .execute();
    expect(events.map((event) => event.kind)).toEqual(['created', 'participants', 'seat', 'price']);
  });

  it('PUT /ratio/api/booking/{nr}: another date moves the holds; a type changes the status along the graph', async () => {
    const first = await newDeparture();
    const second = await newDeparture();
    const booking = await bookOk({ termin: first.nr, type: 'option', teilnehmer: [{ name: 'A', zustieghin: 1 }] });
    const moved = await put(booking.id, {
      termin: second.nr,
      type: 'regular',
      teilnehmer: [{ nr: booking.teilnehmer[0]!.nr, name: 'A', zustieghin: 2 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ termin: second.nr, status: 'firm', option_until: null });
    expect(moved.json().teilnehmer[0]).toMatchObject({ zustieghin: 2, sitzhin: '1' });
    expect(await held(first.nr)).toEqual([0, 0]);
    expect(await held(second.nr)).toEqual([1, 1]);
    const back = await put(booking.id, { type: 'anfrage', teilnehmer: party('A') });
    expect(back.json().key).toBe('error.statusTransition');
    expect(await held(second.nr)).toEqual([1, 1]);
  });

  it('zustiege: a stop without a number is skipped and the seat still applied; seats move; 400s', async () => {
    const departure = await newDeparture();
    const other = await bookOk({ termin: departure.nr, type: 'regular', teilnehmer: party('X') });
    const booking = await bookOk({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'A', zustieghin: 1 }] });
    const nr = booking.teilnehmer[0]!.nr;
    const moved = await zustieg(
      booking.id,
      { teilnehmerNr: nr, richtung: 'H', knotenhaltnr: '', platznummer: '5' },
      'POST',
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().teilnehmer[0]).toMatchObject({ zustieghin: 1, sitzhin: '5', sitzrueck: '2' });
    const stop = await zustieg(booking.id, { teilnehmerNr: nr, richtung: 'R', knotenhaltnr: 2 });
    expect(stop.json().teilnehmer[0]).toMatchObject({ zustiegrueck: 2, sitzrueck: '2' });
    expect(stop.json().price).toBe(649 + 10);
    const seat = await t.ctx.db
      .selectFrom('seat_assignment')
      .select('seat')
      .where('id_booking', '=', booking.id)
      .execute();
    expect(seat.map((row) => row.seat).sort()).toEqual(['2', '5']);

    const taken = await zustieg(booking.id, {
      teilnehmerNr: nr,
      richtung: 'H',
      platznummer: other.teilnehmer[0]!.sitzhin,
    });
    expect(taken.json().key).toBe('error.seatTaken');
    const blocked = await zustieg(booking.id, { teilnehmerNr: nr, richtung: 'H', platznummer: '8' });
    expect(blocked.json().key).toBe('error.seatUnavailable');
    const badStop = await zustieg(booking.id, { teilnehmerNr: nr, richtung: 'H', knotenhaltnr: 7 });
    expect(fieldKeys(badStop.json())).toEqual({ knotenhaltnr: 'error.stopNotOnDate' });
    const notMine = await zustieg(booking.id, {
      teilnehmerNr: other.teilnehmer[0]!.nr,
      richtung: 'H',
      platznummer: '6',
    });
    expect(fieldKeys(notMine.json())).toEqual({ teilnehmerNr: 'error.invalid' });

    const request = await bookOk({ termin: departure.nr, type: 'anfrage', teilnehmer: party('R') });
    const nothingHeld = await zustieg(request.id, {
      teilnehmerNr: request.teilnehmer[0]!.nr,
      richtung: 'H',
      platznummer: '6',
    });
    expect(nothingHeld.statusCode).toBe(400);
    expect(fieldKeys(nothingHeld.json())).toEqual({ platznummer: 'error.invalid' });
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select('kind')
      .where('id_booking', '=', booking.id)
      .execute();
    expect(events.map((event) => event.kind)).toEqual(['created', 'seat', 'stop', 'price']);
  });

  it('DELETE: a draft is deleted, a firm booking cancelled with its capacity given back and its history kept', async () => {
    const departure = await newDeparture();
    const draft = await bookOk({ termin: departure.nr, teilnehmer: party('A') });
    expect((await call(t.app, admin, { method: 'DELETE', url: `/ratio_vorgang/${draft.id}` })).statusCode).toBe(200);
    expect((await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${draft.id}` })).statusCode).toBe(404);
    const firm = await bookOk({ termin: departure.nr, type: 'regular', teilnehmer: party('A', 'B') });
    expect(await held(departure.nr)).toEqual([2, 2]);
    const cancelled = await call(t.app, admin, { method: 'DELETE', url: `/ratio_vorgang/${firm.id}` });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', type: 5 });
    expect(await held(departure.nr)).toEqual([0, 0]);
    const again = await call(t.app, admin, { method: 'DELETE', url: `/ratio_vorgang/${firm.id}` });
    expect(again.json().key).toBe('error.bookingCancelled');
    expect((await put(firm.id, { teilnehmer: party('A') })).json().key).toBe('error.bookingCancelled');
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select('kind')
      .where('id_booking', '=', firm.id)
      .execute();
    expect(events.map((event) => event.kind)).toEqual(['created', 'cancelled']);
  });

  it('expired options are released and the oldest waiting booking that fits is offered the place, with a mail', async () => {
    const departure = await newDeparture();
    // other tests' options end in 7 days at the earliest
    const expiry = new Date(Date.now() + 86_400_000);
    const minutes = (n: number) => new Date(expiry.getTime() + n * 60_000);
    await bookOk({ termin: departure.nr, type: 'regular', teilnehmer: party('A', 'B', 'C', 'D') });
    const option = await bookOk({
      termin: departure.nr,
      type: 'option',
      option_until: expiry.toISOString(),
      teilnehmer: party('E', 'F', 'G'),
    });
    const big = await bookOk({ termin: departure.nr, type: 'waitlist', teilnehmer: party('H', 'I', 'J', 'K') });
    const small = await bookOk({ termin: departure.nr, type: 'waitlist', teilnehmer: party('L', 'M') });
    const later = await bookOk({ termin: departure.nr, type: 'waitlist', teilnehmer: party('N') });

    expect(await releaseExpiredOptions(t.ctx, minutes(-1))).toEqual([]);
    const now = minutes(1);
    expect(await releaseExpiredOptions(t.ctx, now)).toEqual([option.id]);
    expect(await releaseExpiredOptions(t.ctx, now)).toEqual([]);
    const read = async (id: number) =>
      (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${id}` })).json<Booking>();
    expect((await read(option.id)).status).toBe('cancelled');
    expect((await read(big.id)).status).toBe('waitlist');
    const offered = await read(small.id);
    expect(offered).toMatchObject({
      status: 'option',
      option_until: new Date(now.getTime() + 48 * 3_600_000).toISOString(),
    });
    expect(offered.teilnehmer.every((p) => p.sitzhin !== null)).toBe(true);
    expect((await read(later.id)).status).toBe('option');
    expect(await held(departure.nr)).toEqual([7, 7]);
    expect(await offerWaitlist(t.ctx, departure.nr, now)).toEqual([]);
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select(['id_booking', 'kind'])
      .where('kind', 'in', ['expired', 'offered'])
      .execute();
    expect(
      events.filter((event) => [option.id, small.id, later.id].includes(event.id_booking)).map((e) => e.kind),
    ).toEqual(['expired', 'offered', 'offered']);
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'template'])
      .where('template', '=', 'waitlistOffer')
      .execute();
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails[0]).toMatchObject({ to_address: 'hans.schaefer@example.com' });
    expect(mails[0]!.subject).toContain('Ein Platz ist frei geworden');

    // a cancellation offers the freed places too
    await t.ctx.db
      .updateTable('booking')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', big.id)
      .execute();
    const firm = (
      await t.ctx.db
        .selectFrom('booking')
        .select('id')
        .where('id_jrn_date', '=', departure.nr)
        .where('status', '=', 'firm')
        .executeTakeFirstOrThrow()
    ).id;
    await call(t.app, admin, { method: 'DELETE', url: `/ratio_vorgang/${firm}` });
    expect((await read(big.id)).status).toBe('option');
  });
});
