import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingAccount, CreateBookingBody, OpenItem } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { changeBookingStatus, createBooking, getBooking, type BookingActor } from '../bookings/bookings.service.ts';
import { listOpenItems, runDunning } from './payments.service.ts';

/**
 * Payments (docs/adr/0017) through the API and, where time matters, through the service with a clock of the
 * test's own: the schedule follows every booking change, payments never exceed the open amount, open items and
 * the overdue list, and reminder levels sent once each, by the job or by the office.
 */
describe('payments', () => {
  let t: TestApp;
  let office = '';
  let traveller = '';
  let agencyUser = '';
  let otherAgencyUser = '';
  let agencyId = 0;
  let departure: DepartureFixture;
  let farDeparture: DepartureFixture;
  const staff: BookingActor = { userId: null, agencyId: null };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    // agency users who may book: they see and pay only their own agency's bookings
    const role = await createRoleFixture(t.ctx, 'agency-bookings', {
      access: { vorgang: { read: true, update: true, create: true } },
    });
    const agencyLogin = async (id: number) => {
      const email = `agency-${nextSequence()}@test.example`;
      await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles, agencyId: id });
      return email;
    };
    agencyId = (await createAgencyFixture(t.ctx, nextSequence())).id;
    agencyUser = await agencyLogin(agencyId);
    otherAgencyUser = await agencyLogin((await createAgencyFixture(t.ctx, nextSequence())).id);
    departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-05-03' } });
    // the route tests run on the real clock: departing far ahead, so their balance is not due whenever the suite
    // runs, and booked in the past (2026-01-10), so their deposit is overdue
    farDeparture = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2040-05-07' } });
  });
  afterAll(() => t.close());

  const body = (nr: number, overrides: Partial<CreateBookingBody> = {}): CreateBookingBody => ({
    termin: nr,
    type: 'regular',
    buchender: { surname: `Kunde ${nextSequence()}`, email: `kunde-${nextSequence()}@test.example` },
    teilnehmer: [{ name: 'Eins' }, { name: 'Zwei' }],
    rooms: [],
    extras: [],
    ...overrides,
  });
  const book = async (
    overrides: Partial<CreateBookingBody> = {},
    now = new Date('2027-01-10T09:00:00Z'),
    actor = staff,
  ) => createBooking(t.ctx, body(departure.nr, overrides), actor, now);
  const account = async (id: number, as = office) => {
    const response = await call(t.app, as, { method: 'GET', url: `/ratio_vorgang/${id}/payments` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BookingAccount>();
  };
  const pay = (id: number, amount: unknown, as = office, extra: Record<string, unknown> = {}) =>
    call(t.app, as, {
      method: 'POST',
      url: `/ratio_vorgang/${id}/payments`,
      payload: { amount, paid_on: '2027-01-20', method: 'transfer', reference: 'Überweisung', ...extra },
    });
  const eventsOf = (id: number, kind: string) =>
    t.ctx.db
      .selectFrom('booking_event')
      .select(['kind', 'data'])
      .where('id_booking', '=', id)
      .where('kind', '=', kind)
      .execute();
  const remindersOf = (id: number) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'to_address', 'text'])
      .where('ref', '=', `booking:${id}`)
      // the booking's other mails (confirmation …) are the booking mails' business
      .where('template', '=', 'paymentReminder')
      .orderBy('id')
      .execute();

  it('writes the schedule of a firm booking: deposit after confirmation, balance before departure', async () => {
    const booking = await book();
    expect(booking.price).toBe(1298);
    const read = await account(booking.id);
    expect(read).toMatchObject({ vorgangnr: booking.id, total: 1298, paid: 0, open: 1298, dunningLevel: 0 });
    expect(read.schedule).toEqual([
      { kind: 'deposit', amount: 259.6, due_date: '2027-01-24', covered: 0, open: 259.6, overdue: expect.any(Boolean) },
      {
        kind: 'balance',
        amount: 1038.4,
        due_date: '2027-04-03',
        covered: 0,
        open: 1038.4,
        overdue: expect.any(Boolean),
      },
    ]);
  });

  it('rewrites the schedule on every change: none for a request, from the booking day for an option, gone when cancelled', async () => {
    const dues = (id: number) =>
      t.ctx.db.selectFrom('payment_due').select(['kind', 'amount_cents']).where('id_booking', '=', id).execute();
    const request = await book({ type: 'anfrage' });
    expect(await dues(request.id)).toEqual([]);
    const now = new Date('2027-01-12T09:00:00Z');
    await changeBookingStatus(t.ctx, request.id, { status: 'option' }, staff, now);
    // an option not yet confirmed counts from the day it was booked
    expect((await account(request.id)).schedule.map((due) => [due.kind, due.due_date])).toEqual([
      ['deposit', '2027-01-24'],
      ['balance', '2027-04-03'],
    ]);
    await changeBookingStatus(t.ctx, request.id, { status: 'firm' }, staff, new Date('2027-02-01T09:00:00Z'));
    expect((await account(request.id)).schedule[0]).toMatchObject({ kind: 'deposit', due_date: '2027-02-15' });
    await changeBookingStatus(t.ctx, request.id, { status: 'cancelled' }, staff, new Date('2027-02-02T09:00:00Z'));
    expect(await dues(request.id)).toEqual([]);
  });

  it("follows the journey's own payment terms before the setting", async () => {
    const fixture = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-05-03' } });
    await t.ctx.db
      .updateTable('jrn_journey')
      .set({ payment_terms: JSON.stringify({ depositPercent: 50, depositDays: 7, balanceDaysBefore: 14 }) })
      .where('id_jrn_journey', '=', fixture.journey.id_jrn_journey)
      .execute();
    const booking = await createBooking(t.ctx, body(fixture.nr), staff, new Date('2027-01-10T09:00:00Z'));
    expect((await account(booking.id)).schedule.map((due) => [due.kind, due.amount, due.due_date])).toEqual([
      ['deposit', 649, '2027-01-17'],
      ['balance', 649, '2027-04-19'],
    ]);
  });

  it('records a payment, covers the oldest instalment first and writes the history', async () => {
    const booking = await book();
    const response = await pay(booking.id, 300.5);
    expect(response.statusCode, response.body).toBe(201);
    const read = response.json<BookingAccount>();
    expect(read).toMatchObject({ paid: 300.5, open: 997.5 });
    expect(read.schedule.map((due) => [due.covered, due.open])).toEqual([
      [259.6, 0],
      [40.9, 997.5],
    ]);
    expect(read.payments).toEqual([
      expect.objectContaining({ amount: 300.5, paid_on: '2027-01-20', method: 'transfer', reference: 'Überweisung' }),
    ]);
    expect(read.payments[0]!.createdByName).toBeTruthy();
    expect((await getBooking(t.ctx, booking.id)).paid).toBe(300.5);
    const [event] = await eventsOf(booking.id, 'payment');
    expect(JSON.parse(event!.data as string)).toMatchObject({ after: { amount: 300.5, method: 'transfer' } });
  });

  it('refuses bad amounts with the field and key, and more than is open with 409, writing nothing', async () => {
    const booking = await book();
    for (const [amount, key] of [
      [12.345, 'error.float'],
      [0, 'error.float'],
      [-5, 'error.float'],
      ['zehn', 'error.float'],
    ] as const) {
      const response = await pay(booking.id, amount);
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'amount', key })]),
      );
    }
    const badDate = await pay(booking.id, 10, office, { paid_on: '2027-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].field).toBe('paid_on');
    const badMethod = await pay(booking.id, 10, office, { method: 'bitcoin' });
    expect(badMethod.statusCode).toBe(400);
    const tooMuch = await pay(booking.id, 1298.01);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().key).toBe('error.paymentExceedsOpen');
    expect(await account(booking.id)).toMatchObject({ paid: 0, payments: [] });
    expect(await eventsOf(booking.id, 'payment')).toEqual([]);
    expect((await pay(booking.id, 1298)).statusCode).toBe(201);
    expect((await pay(booking.id, 0.01)).json().key).toBe('error.paymentExceedsOpen');
  });

  it('lets only one of two simultaneous payments of the whole open amount through', async () => {
    const booking = await book();
    const answers = await Promise.all([pay(booking.id, 1298), pay(booking.id, 1298), pay(booking.id, 1298)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await account(booking.id)).toMatchObject({ paid: 1298, open: 0 });
    expect((await account(booking.id)).payments).toHaveLength(1);
  });

  it('deletes a wrongly recorded payment with its history, and 404s another booking’s payment', async () => {
    const booking = await book();
    const other = await book();
    const paid = (await pay(booking.id, 100)).json<BookingAccount>();
    const paymentId = paid.payments[0]!.id;
    const wrong = await call(t.app, office, {
      method: 'DELETE',
      url: `/ratio_vorgang/${other.id}/payments/${paymentId}`,
    });
    expect(wrong.statusCode).toBe(404);
    const removed = await call(t.app, office, {
      method: 'DELETE',
      url: `/ratio_vorgang/${booking.id}/payments/${paymentId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<BookingAccount>()).toMatchObject({ paid: 0, open: 1298, payments: [] });
    expect(await eventsOf(booking.id, 'paymentDeleted')).toHaveLength(1);
    const again = await call(t.app, office, {
      method: 'DELETE',
      url: `/ratio_vorgang/${booking.id}/payments/${paymentId}`,
    });
    expect(again.statusCode).toBe(404);
    const badId = await call(t.app, office, { method: 'DELETE', url: `/ratio_vorgang/${booking.id}/payments/abc` });
    expect(badId.statusCode).toBe(400);
    const hugeId = await call(t.app, office, {
      method: 'DELETE',
      url: `/ratio_vorgang/${booking.id}/payments/99999999999999`,
    });
    expect(hugeId.statusCode).toBe(400);
    expect(hugeId.json().errors).toEqual([expect.objectContaining({ field: 'paymentId', key: 'error.invalid' })]);
  });

  it('keeps agencies to their own bookings and needs the permissions', async () => {
    const own = await book({}, undefined, { userId: null, agencyId });
    expect((await account(own.id, agencyUser)).total).toBe(1298);
    expect(
      (await call(t.app, otherAgencyUser, { method: 'GET', url: `/ratio_vorgang/${own.id}/payments` })).statusCode,
    ).toBe(404);
    expect((await pay(own.id, 10, otherAgencyUser)).statusCode).toBe(404);
    expect(
      (await call(t.app, otherAgencyUser, { method: 'POST', url: `/ratio_vorgang/${own.id}/dunning` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, traveller, { method: 'GET', url: `/ratio_vorgang/${own.id}/payments` })).statusCode).toBe(
      403,
    );
    expect((await pay(own.id, 10, traveller)).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/open-items' })).statusCode).toBe(401);
    expect((await call(t.app, office, { method: 'GET', url: '/ratio_vorgang/999999/payments' })).statusCode).toBe(404);
    const mine = (await call(t.app, agencyUser, { method: 'GET', url: '/open-items?$limit=-1' })).json<{
      data: OpenItem[];
    }>();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((item) => item.agencyId === agencyId)).toBe(true);
  });

  it('lists open items soonest first, with the overdue list and filters', async () => {
    const booked = new Date('2026-01-10T09:00:00Z');
    const late = await createBooking(t.ctx, body(farDeparture.nr), staff, booked);
    const fresh = await createBooking(t.ctx, body(farDeparture.nr), staff, new Date());
    const paidUp = await createBooking(t.ctx, body(farDeparture.nr), staff, booked);
    expect((await pay(paidUp.id, 1298)).statusCode).toBe(201);
    const list = async (query: string) => {
      const response = await call(t.app, office, { method: 'GET', url: `/open-items?$limit=-1&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ total: number; data: OpenItem[] }>().data;
    };
    // through the service with the test's clock: on the booking day nothing is overdue, in 2035 both deposits are
    const ids = (items: Array<Partial<OpenItem>>) => items.map((item) => item.id);
    const overdueAt = async (now: string) => {
      const page = await listOpenItems(t.ctx, { $limit: -1, overdue: true }, staff, new Date(now));
      return ids(Array.isArray(page) ? page : page.data);
    };
    expect(await overdueAt('2026-01-24T12:00:00Z')).not.toContain(late.id);
    expect(await overdueAt('2026-01-25T12:00:00Z')).toContain(late.id);
    expect(await overdueAt('2035-01-01T12:00:00Z')).toEqual(expect.arrayContaining([late.id, fresh.id]));

    const all = await list('');
    const lateItem = all.find((item) => item.id === late.id);
    expect(lateItem).toMatchObject({ nextDueDate: '2026-01-24', overdue: true, open: 1298, dunningLevel: 0 });
    expect(all.find((item) => item.id === paidUp.id)).toBeUndefined();
    const dates = all.map((item) => item.nextDueDate ?? '9999');
    expect(dates).toEqual([...dates].sort());

    const overdue = await list('overdue=true');
    expect(ids(overdue)).toContain(late.id);
    expect(ids(overdue)).not.toContain(fresh.id);
    expect(overdue.every((item) => item.overdue)).toBe(true);
    expect(ids(await list('overdue=false'))).toContain(fresh.id);
    expect(ids(await list('dunningLevel=2'))).not.toContain(late.id);
    const byAgency = await list(`agencyId=${agencyId}`);
    expect(byAgency.every((item) => item.agencyId === agencyId)).toBe(true);
    const bad = await call(t.app, office, { method: 'GET', url: '/open-items?overdue=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'overdue' });
    expect((await call(t.app, office, { method: 'GET', url: '/open-items?nextDueDate=2030-01-01' })).statusCode).toBe(
      400,
    );
  });

  it('sends reminder levels by the terms, once each, in the booker’s language, and starts again after payment', async () => {
    const booking = await book({ language: 'en' });
    const day = (iso: string) => new Date(`${iso}T06:00:00Z`);
    expect(await runDunning(t.ctx, day('2027-01-30'))).not.toContain(booking.id);
    // several instances at once, and again later: the level read is the claim, so level 1 goes out once
    const first = await Promise.all([1, 2, 3].map(() => runDunning(t.ctx, day('2027-01-31'))));
    expect(first.flat().filter((id) => id === booking.id)).toHaveLength(1);
    expect(await runDunning(t.ctx, day('2027-02-01'))).not.toContain(booking.id);
    let mails = await remindersOf(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Payment reminder (level 1) for booking ${booking.id}`);
    expect(mails[0]!.text).toContain('€259.60');
    expect(mails[0]!.text).toContain('24/01/2027');
    expect((await account(booking.id)).dunningLevel).toBe(1);

    expect(await runDunning(t.ctx, day('2027-02-14'))).toContain(booking.id);
    expect(await runDunning(t.ctx, day('2027-02-28'))).toContain(booking.id);
    expect(await runDunning(t.ctx, day('2027-06-30'))).not.toContain(booking.id);
    mails = await remindersOf(booking.id);
    expect(mails.map((mail) => mail.subject.match(/level (\d)/)?.[1])).toEqual(['1', '2', '3']);
    expect(
      (await eventsOf(booking.id, 'dunning')).map((event) => JSON.parse(event.data as string).after.level),
    ).toEqual([1, 2, 3]);

    // paying what is overdue starts the levels again
    expect((await pay(booking.id, 259.6)).statusCode).toBe(201);
    expect((await account(booking.id)).dunningLevel).toBe(0);
  });

  it('runs as the scheduler job payments.dunning', async () => {
    const booking = await book();
    expect(t.app.scheduler.jobNames).toContain('payments.dunning');
    const reports = await t.app.scheduler.runDue(new Date('2027-02-01T06:00:00Z'));
    expect(reports.find((report) => report.name === 'payments.dunning')).toMatchObject({ ran: true, error: null });
    expect((await account(booking.id)).dunningLevel).toBe(1);
    const mails = await remindersOf(booking.id);
    expect(mails[0]!.subject).toBe(`Zahlungserinnerung (Stufe 1) zur Buchung ${booking.id}`);
  });

  it('lets the office send the next level at once, and refuses with 409 when nothing is due', async () => {
    const late = await createBooking(t.ctx, body(farDeparture.nr), staff, new Date('2026-01-10T09:00:00Z'));
    const fresh = await createBooking(t.ctx, body(farDeparture.nr), staff, new Date());
    const remind = (id: number) => call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${id}/dunning` });
    const notDue = await remind(fresh.id);
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().key).toBe('error.dunningNotDue');
    expect(await remindersOf(fresh.id)).toEqual([]);
    for (const level of [1, 2, 3]) {
      const response = await remind(late.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<BookingAccount>().dunningLevel).toBe(level);
    }
    const beyond = await remind(late.id);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().key).toBe('error.dunningNotDue');
    expect(await remindersOf(late.id)).toHaveLength(3);
  });
});
