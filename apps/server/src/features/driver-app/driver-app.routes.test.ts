import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DriverTransport } from '@tourdesk/contracts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import { buildTestApp, call, createLogin, tokenFor, type TestApp } from '../../../test/helpers.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { addDays, createDriverFixture, DEMO_PASSWORD, nextSequence } from '../../seed/factories.ts';
import { dayTripCode } from '../../seed/demo-driver-app.ts';
import { findDateByCode } from '../../seed/seed.repository.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';
import { officeDay, signTicket } from './driver-app.service.ts';

/** Resolves with the first event `topic` brings (or rejects after a while). */
function nextEvent(app: TestApp['app'], topic: string): Promise<RealtimeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event on ${topic}`)), 5000);
    const stop = app.realtime.subscribe(topic, (event) => {
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** The driver app (issue #13 items 8, 9): the driver's coaches, pick-up list, check-in, staff's view, QR tickets. */
describe('driver app', () => {
  let t: TestApp;
  let office: string;
  let agency: string;
  let traveller: string;
  let stranger: string;
  let driver: string;
  let colleague: string;
  let today: DepartureFixture;
  let later: DepartureFixture;
  /** today's outbound coach (driver's), a second outbound coach, today's return coach (colleague's) */
  let coach = 0;
  let coach2 = 0;
  let back = 0;
  let laterCoach = 0;
  let family: { id: number; participants: number[] };
  let other: { id: number; participants: number[] };
  let laterBooking: { id: number; participants: number[] };

  const put = (as: string, transport: number, participant: number, status: string | null) =>
    call(t.app, as, {
      method: 'PUT',
      url: `/driver/transports/${transport}/checkins/${participant}`,
      payload: { status },
    });
  const scan = (as: string, transport: number, token: string) =>
    call(t.app, as, { method: 'POST', url: `/driver/transports/${transport}/checkins/scan`, payload: { token } });
  const setQrTickets = (value: string) =>
    t.ctx.db.updateTable('sys_settings').set({ value }).where('key', '=', 'QR_TICKETS').execute();

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    agency = await createLogin(t.ctx, 'agency');
    traveller = await createLogin(t.ctx, 'traveller');
    stranger = await createLogin(t.ctx, 'traveller');
    const mine = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    const theirs = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    driver = mine.loginEmail;
    colleague = theirs.loginEmail;
    const day = officeDay();
    today = await createDepartureFixture(t.ctx, nextSequence(), { stops: 3, journey: { firstDate: day } });
    later = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: addDays(day, 10) } });
    const outbound = today.transports.find((transport) => transport.direction === 'outbound')!;
    coach = outbound.id;
    back = today.transports.find((transport) => transport.direction === 'return')!.id;
    laterCoach = later.transports.find((transport) => transport.direction === 'outbound')!.id;
    const layout = await t.ctx.db
      .selectFrom('transport')
      .select('layout')
      .where('id', '=', coach)
      .executeTakeFirstOrThrow();
    coach2 = (
      await t.ctx.db
        .insertInto('transport')
        .values({
          id_jrn_date: today.nr,
          direction: 'outbound',
          position: 2,
          name: 'Bus 2 Hinfahrt',
          layout: layout.layout,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .insertInto('quota')
      .values({ id_jrn_date: today.nr, kind: 'seat', ref: coach2, name: 'Sitzplätze Bus 2', capacity: 49 })
      .execute();
    const drive = (transport: number, card: number) =>
      t.ctx.db.updateTable('transport').set({ id_driver_card: card }).where('id', '=', transport).execute();
    await drive(coach, mine.customer.id);
    await drive(laterCoach, mine.customer.id);
    await drive(back, theirs.customer.id);
    family = await insertTestBooking(t.ctx, {
      nr: today.nr,
      status: 'firm',
      participants: [
        {
          name: 'Zeller, Anna',
          stopOut: today.stops.outbound[1]!,
          seats: [{ transport: coach, seat: outbound.seats[1]! }],
        },
        {
          name: 'Adler, Bernd',
          stopOut: today.stops.outbound[0]!,
          seats: [{ transport: coach, seat: outbound.seats[0]! }],
        },
      ],
    });
    await t.ctx.db
      .updateTable('participant')
      .set({ telefon: '+49 170 1234567' })
      .where('id', '=', family.participants[0]!)
      .execute();
    other = await insertTestBooking(t.ctx, {
      nr: today.nr,
      status: 'firm',
      participants: [
        { name: 'Kurz, Carla', stopOut: today.stops.outbound[0]!, seats: [{ transport: coach2, seat: '1' }] },
      ],
    });
    laterBooking = await insertTestBooking(t.ctx, {
      nr: later.nr,
      status: 'firm',
      participants: [{ name: 'Lang, Dora', stopOut: later.stops.outbound[0]! }],
    });
    const travellerId = await t.ctx.db
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', traveller)
      .executeTakeFirstOrThrow();
    await linkTraveller(t.ctx, {
      userId: travellerId.id,
      bookingId: family.id,
      relation: 'booker',
      status: 'confirmed',
    });
  });
  afterAll(() => t.close());

  it('lists only the coaches the driver drives, today’s first, with passengers and first stop', async () => {
    const response = await call(t.app, driver, { method: 'GET', url: '/driver/transports' });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((transport: { id: number }) => transport.id)).toEqual([coach, laterCoach]);
    expect(list[0]).toMatchObject({
      departureNr: today.nr,
      direction: 'outbound',
      dateFrom: officeDay(),
      passengers: 2,
      boarded: 0,
      firstStop: { number: 1, time: '06:00' },
    });
    const theirs = (await call(t.app, colleague, { method: 'GET', url: '/driver/transports' })).json();
    expect(theirs.map((transport: { id: number }) => transport.id)).toEqual([back]);
    // a traveller drives nothing; staff without the driver's right may not ask
    expect((await call(t.app, traveller, { method: 'GET', url: '/driver/transports' })).json()).toEqual([]);
    expect((await call(t.app, office, { method: 'GET', url: '/driver/transports' })).statusCode).toBe(403);
  });

  it('gives the driver the pick-up list of their coach per stop in route order, and refuses another coach', async () => {
    const response = await call(t.app, driver, { method: 'GET', url: `/driver/transports/${coach}/passengers` });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.qrTickets).toBe(false);
    expect(list.stops.map((group: { stop: { number: number } }) => group.stop.number)).toEqual([1, 2, 3]);
    expect(list.stops[0].passengers).toEqual([
      expect.objectContaining({ participantId: family.participants[1], name: 'Adler, Bernd', checkin: null }),
    ]);
    expect(list.stops[1].passengers[0]).toMatchObject({
      participantId: family.participants[0],
      phone: '+49 170 1234567',
      seat: today.transports[0]!.seats[1],
    });
    const everyone = list.stops.flatMap((group: { passengers: Array<{ participantId: number }> }) =>
      group.passengers.map((passenger) => passenger.participantId),
    );
    expect(everyone).not.toContain(other.participants[0]);
    const refused = await call(t.app, colleague, { method: 'GET', url: `/driver/transports/${coach}/passengers` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('error.notYourDeparture');
  });

  it('checks a traveller in, marks a no-show, undoes it, and tells the departure’s followers', async () => {
    const [anna, bernd] = family.participants as [number, number];
    const heard = nextEvent(t.app, `departure:${today.nr}`);
    const boarded = await put(driver, coach, anna, 'boarded');
    expect(boarded.statusCode).toBe(200);
    expect(boarded.json()).toMatchObject({ transportId: coach, participantId: anna, status: 'boarded' });
    expect(boarded.json().at).toEqual(expect.any(String));
    expect(await heard).toEqual({
      topic: `departure:${today.nr}`,
      type: 'checkin',
      data: { transportId: coach, participantId: anna, status: 'boarded' },
    });
    expect((await put(driver, coach, bernd, 'no_show')).json().status).toBe('no_show');
    const undone = await put(driver, coach, bernd, null);
    expect(undone.json()).toMatchObject({ status: null, at: null });
    const list = (await call(t.app, driver, { method: 'GET', url: `/driver/transports/${coach}/passengers` })).json();
    expect(list.transport).toMatchObject({ boarded: 1, noShow: 0, passengers: 2 });
    expect(list.stops[1].passengers[0].checkin).toMatchObject({ status: 'boarded' });
    expect((await put(driver, coach, anna, 'gone')).statusCode).toBe(400);
  });

  it('keeps the time a queued check-in was made on the phone, unless the phone’s clock cannot be right', async () => {
    const bernd = family.participants[1]!;
    const putAt = (at: unknown) =>
      call(t.app, driver, {
        method: 'PUT',
        url: `/driver/transports/${coach}/checkins/${bernd}`,
        payload: { status: 'no_show', at },
      });
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const madeOffline = minutes(-40);
    expect((await putAt(madeOffline)).json().at).toBe(madeOffline);
    for (const implausible of [minutes(30), minutes(-25 * 60)]) {
      const before = Date.now();
      const at = Date.parse((await putAt(implausible)).json().at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const bad = await putAt('yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'at', key: 'error.invalid' }] });
    expect((await put(driver, coach, bernd, null)).json().status).toBeNull();
  });

  it('answers 404 for a participant not on the coach and 403 for another driver', async () => {
    expect((await put(driver, coach, other.participants[0]!, 'boarded')).statusCode).toBe(404);
    expect((await put(driver, coach, laterBooking.participants[0]!, 'boarded')).statusCode).toBe(404);
    const refused = await put(colleague, coach, family.participants[0]!, 'boarded');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('error.notYourDeparture');
    expect((await put(traveller, coach, family.participants[0]!, 'boarded')).statusCode).toBe(403);
    expect((await put(agency, coach, family.participants[0]!, 'boarded')).statusCode).toBe(403);
  });

  it('lets staff check in on any coach and read the departure’s check-ins', async () => {
    expect((await put(office, coach2, other.participants[0]!, 'no_show')).statusCode).toBe(200);
    expect((await put(office, 999_999, other.participants[0]!, 'no_show')).statusCode).toBe(404);
    const response = await call(t.app, office, { method: 'GET', url: `/departures/${today.nr}/checkins` });
    expect(response.statusCode).toBe(200);
    const state = response.json();
    expect(state.coaches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: coach, passengers: 2, boarded: 1, noShow: 0 }),
        expect.objectContaining({ id: coach2, passengers: 1, boarded: 0, noShow: 1 }),
      ]),
    );
    const riders = state.coaches.find((one: { id: number }) => one.id === coach).riders;
    expect(riders).toEqual([
      expect.objectContaining({ participantId: family.participants[1], name: 'Adler, Bernd', status: null }),
      expect.objectContaining({ participantId: family.participants[0], name: 'Zeller, Anna', status: 'boarded' }),
    ]);
    expect(state.checkins).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ transportId: coach, participantId: family.participants[0], status: 'boarded' }),
        expect.objectContaining({ transportId: coach2, participantId: other.participants[0], status: 'no_show' }),
      ]),
    );
    expect(state.checkins).toHaveLength(2);
    for (const who of [agency, driver, traveller])
      expect((await call(t.app, who, { method: 'GET', url: `/departures/${today.nr}/checkins` })).statusCode).toBe(403);
    expect((await call(t.app, office, { method: 'GET', url: '/departures/999999/checkins' })).statusCode).toBe(404);
  });

  it('streams the check-ins to staff: the state first, then each check-in', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/api/v1/departures/${today.nr}/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${await tokenFor(t.app, office)}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += value;
      }
    };
    await until('event: checkins');
    await put(driver, coach, family.participants[1]!, 'boarded');
    await until('event: checkin\n');
    expect(text).toContain(`"participantId":${family.participants[1]},"status":"boarded"`);
    await reader.cancel();
    const refused = await fetch(`${base}/api/v1/departures/${today.nr}/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${await tokenFor(t.app, driver)}` },
    });
    expect(refused.status).toBe(403);
  });

  describe('QR tickets', () => {
    const tickets = (as: string, booking: number) =>
      call(t.app, as, { method: 'GET', url: `/users-vorgaenge/${booking}/tickets` });

    it('has no tickets while QR_TICKETS is 0', async () => {
      await setQrTickets('0');
      expect((await tickets(traveller, family.id)).statusCode).toBe(404);
      expect((await scan(driver, coach, 't1.1.1.x')).statusCode).toBe(404);
    });

    it('gives the traveller a signed ticket per participant, and nothing of another traveller’s booking', async () => {
      await setQrTickets('1');
      const response = await tickets(traveller, family.id);
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer.tickets.map((ticket: { participantId: number }) => ticket.participantId)).toEqual(
        family.participants,
      );
      expect(answer.tickets[0]).toMatchObject({
        name: 'Zeller, Anna',
        departureNr: today.nr,
        seat: today.transports[0]!.seats[1],
        stop: { number: 2 },
        token: expect.stringMatching(new RegExp(`^t1\\.${family.participants[0]}\\.${today.nr}\\.`)),
      });
      expect((await tickets(stranger, family.id)).statusCode).toBe(404);
      expect((await tickets(traveller, other.id)).statusCode).toBe(404);
      expect((await tickets(driver, family.id)).statusCode).toBe(403);
    });

    it('checks a scanned ticket in, harmlessly twice, and refuses forged and other departures’ tickets', async () => {
      await setQrTickets('1');
      await put(driver, coach, family.participants[0]!, null);
      const [ticket] = (await tickets(traveller, family.id)).json().tickets;
      const first = await scan(driver, coach, ticket.token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ participantId: family.participants[0], status: 'boarded', already: false });
      const again = await scan(driver, coach, ticket.token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'boarded', already: true, at: first.json().at });

      const signature = ticket.token.split('.')[3] as string;
      const forged = `t1.${family.participants[1]}.${today.nr}.${signature}`;
      const refused = await scan(driver, coach, forged);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().key).toBe('error.ticketInvalid');
      // signed with another key: not this installation's
      const foreign = signTicket(Buffer.from('not the installation key'), family.participants[1]!, today.nr);
      expect((await scan(driver, coach, foreign)).statusCode).toBe(400);
      expect((await scan(driver, coach, 'garbage')).statusCode).toBe(400);

      const laterTraveller = await t.ctx.db
        .selectFrom('user_account')
        .select('id')
        .where('email', '=', stranger)
        .executeTakeFirstOrThrow();
      await linkTraveller(t.ctx, {
        userId: laterTraveller.id,
        bookingId: laterBooking.id,
        relation: 'booker',
        status: 'confirmed',
      });
      const [otherDeparture] = (await tickets(stranger, laterBooking.id)).json().tickets;
      const wrong = await scan(driver, coach, otherDeparture.token);
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().key).toBe('error.ticketInvalid');
      expect((await scan(colleague, coach, ticket.token)).statusCode).toBe(403);
    });
  });
});

/**
 * The demo (seed/demo-driver-app.ts): the demo driver's day trip leaves today, with travellers and QR tickets —
 * also seeded just after midnight in Berlin (still the day before in UTC), the day before a demo trip the demo
 * driver drives (Weihnachtsmärkte im Elsass leaves on 26.11.2026), and on the day such a trip leaves.
 */
describe.each([
  ['now', null],
  ['just after midnight in Berlin, the day before a trip of the demo driver', '2026-11-24T23:30:00Z'],
  // Weihnachtsmärkte im Elsass leaves on 3.12.2026, a coach of it driven by the demo driver too
  ['on the day another demo trip of the demo driver leaves', '2026-12-03T08:00:00Z'],
])('driver app demo seeded %s', (_when, instant) => {
  let t: TestApp;
  beforeAll(async () => {
    if (instant) vi.setSystemTime(instant);
    t = await buildTestApp({ seed: 'fresh' });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('shows the demo driver today’s trip with passengers, and the demo traveller their tickets', async () => {
    const list: DriverTransport[] = (await call(t.app, 'driver', { method: 'GET', url: '/driver/transports' })).json();
    // the day trip by its code: on some days another demo date of the demo driver leaves too
    const departure = await findDateByCode(t.ctx.db, dayTripCode(new Date()));
    const today = list.find(
      (transport) => transport.departureNr === departure?.nr && transport.direction === 'outbound',
    )!;
    expect(today.dateFrom).toBe(officeDay());
    expect(today).toMatchObject({ direction: 'outbound', passengers: 14 });
    const passengers = (
      await call(t.app, 'driver', { method: 'GET', url: `/driver/transports/${today.id}/passengers` })
    ).json();
    expect(passengers.qrTickets).toBe(true);
    expect(passengers.stops.map((group: { stop: { name: string } }) => group.stop.name)).toEqual([
      'Leipzig Hauptbahnhof, Ostseite',
      'Leipzig Augustusplatz',
      'Grimma, Busbahnhof',
    ]);
    const seated = passengers.stops.flatMap((group: { passengers: Array<{ seat: string | null }> }) =>
      group.passengers.filter((passenger) => passenger.seat !== null),
    );
    expect(seated).toHaveLength(14);
    const link = await t.ctx.db
      .selectFrom('traveller_booking')
      .innerJoin('user_account', 'user_account.id', 'traveller_booking.id_user')
      .innerJoin('booking', 'booking.id', 'traveller_booking.id_booking')
      .select('traveller_booking.id_booking')
      .where('user_account.email', '=', 'traveller@example.com')
      .where('booking.id_jrn_date', '=', today.departureNr)
      .executeTakeFirstOrThrow();
    const bookingId = link.id_booking;
    const tickets = await call(t.app, 'traveller', { method: 'GET', url: `/users-vorgaenge/${bookingId}/tickets` });
    expect(tickets.statusCode).toBe(200);
    expect(tickets.json().tickets).toHaveLength(2);
  });
});
