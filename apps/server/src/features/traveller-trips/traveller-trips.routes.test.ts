import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, TripDetail, TripSummary } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, tokenFor, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/agency-money.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { berlinToday, linkTraveller } from './traveller-trips.service.ts';

/** The traveller's way to a trip and "My journeys" (issue #13, spec §4 invitation flow, §7, §8). */

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  bookingNumber: '0',
  bookerSurname: 'Kühn',
  bookerZip: '87629',
  firstname: 'Rosa',
  lastname: 'Reiselust',
  email,
  password: 'Urlaub2027!',
  passwordRepeat: 'Urlaub2027!',
  acceptTerms: true,
  acceptPrivacy: true,
  language: 'de',
  ...overrides,
});

describe('traveller trips', () => {
  let t: TestApp;
  let office = '';
  let departure: DepartureFixture;
  let booking: Booking;
  let pastBooking = 0;
  let ip = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const bookingExists = async (id: number) =>
    (await t.ctx.db.selectFrom('booking').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const mailsTo = (email: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['template', 'subject', 'text'])
      .where('to_address', '=', email)
      .execute();
  const addTrip = (as: string, nr: string | number, body = { surname: 'Kühn', zip: '87629' }) =>
    call(t.app, as, { method: 'PUT', url: `/login-vorgang/${nr}`, payload: body });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    const today = berlinToday();
    departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: addDays(today, 20) } });
    const response = await call(t.app, office, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin: departure.nr,
        type: 'regular',
        language: 'de',
        buchender: { firstName: 'Jörg', surname: 'Kühn', zip: '87629', email: 'joerg.kuehn@example.org' },
        teilnehmer: [
          { name: 'Kühn', name1: 'Jörg', zustieghin: 2, zustiegrueck: 1 },
          { name: 'Kühn', name1: 'Anna', zustieghin: 2, zustiegrueck: 1 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    booking = response.json<Booking>();
    await t.ctx.db.updateTable('booking').set({ ratio_vorgangnr: 'R-777' }).where('id', '=', booking.id).execute();
    const past = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: addDays(today, -60) } });
    pastBooking = (
      await insertTestBooking(t.ctx, {
        nr: past.nr,
        status: 'firm',
        bookerCardId: booking.buchender!.id_vc_card,
        participants: [{ name: 'Kühn', name1: 'Jörg', stopOut: past.stops.outbound[0], stopRet: past.stops.return[0] }],
      })
    ).id;
  });
  afterAll(() => t.close());

  describe('POST /registration-process', () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/registration-process',
        payload,
        remoteAddress: `198.18.1.${++ip}`,
      });

    it('registers an account linked as booker once verified', async () => {
      const response = await post(registration('rosa@example.org', { bookingNumber: String(booking.id) }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        email: 'rosa@example.org',
        link: { relation: 'booker', status: 'confirmed' },
      });
      const [mail] = await mailsTo('rosa@example.org');
      expect(mail?.template).toBe('verify');
      const code = /\/auth\/verify-email\/([\w-]+)/.exec(mail!.text)![1]!;
      expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/registration/${code}` })).statusCode).toBe(200);
      const token = await tokenFor(t.app, 'rosa@example.org', 'Urlaub2027!');
      const trips = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users-vorgaenge-app',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(trips.json().map((trip: TripSummary) => [trip.id, trip.relation])).toEqual([[booking.id, 'booker']]);
    });

    it('finds the booking by its RATIO number too', async () => {
      const response = await post(registration('ratio@example.org', { bookingNumber: 'R-777' }));
      expect(response.statusCode, response.body).toBe(201);
      // The booking already has a booker: the new account asks to see it.
      expect(response.json().link).toEqual({ relation: 'guest', status: 'requested' });
    });

    it('answers 404 bookingNotFound for a wrong surname, postcode or number alike', async () => {
      for (const overrides of [
        { bookingNumber: String(booking.id), bookerSurname: 'Kuhn' },
        { bookingNumber: String(booking.id), bookerZip: '87600' },
        { bookingNumber: '99999999' },
      ]) {
        const response = await post(registration('falsch@example.org', overrides));
        expect(response.statusCode).toBe(404);
        expect(response.json().key).toBe('error.bookingNotFound');
      }
      expect(await mailsTo('falsch@example.org')).toEqual([]);
    });

    it('answers 409 userHasAccount for an address that has an app account', async () => {
      const existing = await createLogin(t.ctx, 'traveller');
      const response = await post(registration(existing, { bookingNumber: String(booking.id) }));
      expect(response.statusCode).toBe(409);
      expect(response.json().key).toBe('error.userHasAccount');
    });
  });

  describe('PUT /login-vorgang/{id} and sharing', () => {
    let booker = '';
    let guest = '';

    beforeAll(async () => {
      booker = await createLogin(t.ctx, 'traveller');
      guest = await createLogin(t.ctx, 'traveller');
      // The registration tests may have linked Rosa as booker; this flow starts on a booking of its own.
    });

    it('links the first account as booker, a second one as requested guest with a mail to the booker', async () => {
      const other = await createDepartureFixture(t.ctx, nextSequence(), {
        journey: { firstDate: addDays(berlinToday(), 30) },
      });
      const created = await call(t.app, office, {
        method: 'POST',
        url: '/ratio_vorgang',
        payload: {
          termin: other.nr,
          type: 'regular',
          language: 'en',
          buchender: { firstName: 'Eva', surname: 'Brandt', zip: '10115' },
          teilnehmer: [{ name: 'Brandt', name1: 'Eva', zustieghin: 1, zustiegrueck: 1 }],
        },
      });
      const id = created.json<Booking>().id;
      const check = { surname: 'brandt ', zip: '101 15' };

      const first = await addTrip(booker, id, check);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ bookingId: id, relation: 'booker', status: 'confirmed' });

      const second = await addTrip(guest, id, check);
      expect(second.json()).toEqual({ bookingId: id, relation: 'guest', status: 'requested' });
      const mails = await mailsTo(booker);
      expect(mails.map((mail) => mail.template)).toEqual(['shareRequest']);
      expect(mails[0]!.subject).toContain('would like to see your trip');
      expect(mails[0]!.text).toContain(`/appuser/aktJourneys/${id}`);

      const again = await addTrip(guest, id, check);
      expect(again.statusCode).toBe(409);
      expect(again.json().key).toBe('error.shareRequestPending');

      // The guest does not see the trip until the booker confirms.
      expect((await call(t.app, guest, { method: 'GET', url: `/users-vorgaenge/${id}` })).statusCode).toBe(404);
      const requests = await call(t.app, booker, { method: 'GET', url: `/users-vorgaenge/${id}/share-requests` });
      expect(requests.json()).toEqual([expect.objectContaining({ userId: await userId(guest), email: guest })]);
      // Only the booker sees and answers requests.
      expect(
        (await call(t.app, guest, { method: 'GET', url: `/users-vorgaenge/${id}/share-requests` })).statusCode,
      ).toBe(404);
      const confirmed = await call(t.app, booker, {
        method: 'POST',
        url: `/users-vorgaenge/${id}/share-requests/${await userId(guest)}/confirm`,
      });
      expect(confirmed.json()).toEqual([]);
      const seen = await call(t.app, guest, { method: 'GET', url: `/users-vorgaenge/${id}` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json<TripDetail>().relation).toBe('guest');
      // The booker's own booking again: nothing changes.
      expect((await addTrip(booker, id, check)).json().relation).toBe('booker');
    });

    it('lets the booker decline a request; the traveller may ask again', async () => {
      const third = await createLogin(t.ctx, 'traveller');
      const own = await createLogin(t.ctx, 'traveller');
      // Rosa registered first and is the booker; `own` waits as a guest.
      expect((await addTrip(own, booking.id)).json()).toMatchObject({ relation: 'guest', status: 'requested' });
      await linkTraveller(t.ctx, {
        userId: await userId(own),
        bookingId: booking.id,
        relation: 'booker',
        status: 'confirmed',
      });
      expect((await addTrip(third, booking.id)).json().status).toBe('requested');
      const declined = await call(t.app, own, {
        method: 'DELETE',
        url: `/users-vorgaenge/${booking.id}/share-requests/${await userId(third)}`,
      });
      expect(declined.statusCode).toBe(200);
      expect(declined.json().map((r: { userId: number }) => r.userId)).not.toContain(await userId(third));
      expect((await call(t.app, third, { method: 'GET', url: `/users-vorgaenge/${booking.id}` })).statusCode).toBe(404);
      expect((await addTrip(third, booking.id)).json().status).toBe('requested');
    });

    it('answers 404 bookingNotFound for wrong details, 403 without myJourneys-read', async () => {
      const wrong = await addTrip(guest, booking.id, { surname: 'Kühn', zip: '00000' });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().key).toBe('error.bookingNotFound');
      expect((await addTrip(office, booking.id)).statusCode).toBe(403);
    });
  });

  describe('My journeys', () => {
    let traveller = '';
    let stranger = '';

    beforeAll(async () => {
      traveller = await createLogin(t.ctx, 'traveller');
      stranger = await createLogin(t.ctx, 'traveller');
      const id = await userId(traveller);
      await linkTraveller(t.ctx, { userId: id, bookingId: booking.id, relation: 'guest', status: 'confirmed' });
      await linkTraveller(t.ctx, { userId: id, bookingId: pastBooking, relation: 'booker', status: 'confirmed' });
      await call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${booking.id}/invoices` });
      await t.ctx.db
        .insertInto('emergency_number')
        .values({ position: 1, label: 'Notruf Büro', phone: '+49 8321 1234' })
        .execute();
    });

    it('lists active and past trips', async () => {
      const active = await call(t.app, traveller, { method: 'GET', url: '/users-vorgaenge-app?show_active=1' });
      expect(active.json<TripSummary[]>().map((trip) => trip.id)).toEqual([booking.id]);
      expect(active.json<TripSummary[]>()[0]).toMatchObject({ title: departure.journey.title, active: true });
      const past = await call(t.app, traveller, { method: 'GET', url: '/users-vorgaenge-app?show_inactive=1' });
      expect(past.json<TripSummary[]>().map((trip) => trip.id)).toEqual([pastBooking]);
      const all = await call(t.app, traveller, { method: 'GET', url: '/users-vorgaenge-app' });
      expect(all.json()).toHaveLength(2);
      expect((await call(t.app, stranger, { method: 'GET', url: '/users-vorgaenge-app' })).json()).toEqual([]);
    });

    it('shows the journey: stop, pick-up time, seat, itinerary, hotel, documents, emergency numbers', async () => {
      const response = await call(t.app, traveller, { method: 'GET', url: `/users-vorgaenge/${booking.id}` });
      expect(response.statusCode, response.body).toBe(200);
      const trip = response.json<TripDetail>();
      expect(trip.departure).toMatchObject({ direction: 'outbound', time: '07:00', date: trip.dateFrom, dayOffset: 0 });
      expect(trip.participants).toHaveLength(2);
      expect(trip.participants[0]!.name).toBe('Jörg Kühn');
      expect(trip.participants[0]!.return).toMatchObject({ time: '18:00', date: trip.dateTill });
      expect(trip.participants[0]!.seatOutward).toMatch(/^\d+[A-D]?$/);
      expect(trip.participants[0]!.seatReturn).not.toBeNull();
      expect(trip.days.map((d) => [d.dayNo, d.title])).toEqual([
        [1, 'Anreise'],
        [2, 'Sirmione'],
      ]);
      expect(trip.days[1]!.date).toBe(addDays(trip.dateFrom, 1));
      expect(trip.hotels[0]).toMatchObject({ name: 'Hotel Bella Riva', stars: 4 });
      expect(trip.documents.map((d) => d.kind)).toEqual(['confirmation', 'invoice']);
      expect(trip.emergencyNumbers).toEqual([{ label: 'Notruf Büro', phone: '+49 8321 1234' }]);
      expect(trip.qrTickets).toBe(false);
    });

    it('answers the documents as PDF to the traveller and 404 to anyone else', async () => {
      const trip = (
        await call(t.app, traveller, { method: 'GET', url: `/users-vorgaenge/${booking.id}` })
      ).json<TripDetail>();
      for (const document of trip.documents) {
        const pdf = await call(t.app, traveller, { method: 'GET', url: document.href });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(await pdfText(pdf.rawPayload)).toContain(String(booking.id));
        expect((await call(t.app, stranger, { method: 'GET', url: document.href })).statusCode).toBe(404);
      }
      // An invoice of another booking through this trip's path is 404 too.
      expect(
        (await call(t.app, traveller, { method: 'GET', url: `/users-vorgaenge/${pastBooking}/documents/invoices/1` }))
          .statusCode,
      ).toBe(404);
      expect((await call(t.app, stranger, { method: 'GET', url: `/users-vorgaenge/${booking.id}` })).statusCode).toBe(
        404,
      );
    });

    it('answers the processes of the traveller, [] / {} for anything else', async () => {
      const list = await call(t.app, traveller, { method: 'GET', url: '/users-process-app?show_active=1' });
      expect(list.json().map((p: { nr: number }) => p.nr)).toEqual([booking.id]);
      const one = await call(t.app, traveller, { method: 'GET', url: `/users-process-app/${booking.id}` });
      expect(one.json()).toMatchObject({ nr: booking.id, name: departure.journey.title });
      const foreign = await call(t.app, stranger, { method: 'GET', url: `/users-process-app/${booking.id}` });
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json()).toEqual({});
      const missing = await call(t.app, traveller, { method: 'GET', url: '/users-process-app/99999999' });
      expect(missing.json()).toEqual({});
      expect((await call(t.app, stranger, { method: 'GET', url: '/users-process-app' })).json()).toEqual([]);
      expect((await call(t.app, office, { method: 'GET', url: '/users-process-app' })).statusCode).toBe(403);
    });

    it('DELETE unlinks the trip, never the booking', async () => {
      const leaver = await createLogin(t.ctx, 'traveller');
      await linkTraveller(t.ctx, {
        userId: await userId(leaver),
        bookingId: pastBooking,
        relation: 'guest',
        status: 'confirmed',
      });
      expect(
        (await call(t.app, stranger, { method: 'DELETE', url: `/users-vorgaenge/${pastBooking}` })).statusCode,
      ).toBe(404);
      const removed = await call(t.app, leaver, { method: 'DELETE', url: `/users-vorgaenge/${pastBooking}` });
      expect(removed.json()).toEqual({ ok: true });
      expect((await call(t.app, leaver, { method: 'GET', url: `/users-vorgaenge/${pastBooking}` })).statusCode).toBe(
        404,
      );
      expect(await bookingExists(pastBooking)).toBe(true);
      // The process route does the same.
      const processLeaver = await createLogin(t.ctx, 'traveller');
      await linkTraveller(t.ctx, {
        userId: await userId(processLeaver),
        bookingId: pastBooking,
        relation: 'guest',
        status: 'confirmed',
      });
      const gone = await call(t.app, processLeaver, { method: 'DELETE', url: `/users-process-app/${pastBooking}` });
      expect(gone.json().nr).toBe(pastBooking);
      expect((await call(t.app, processLeaver, { method: 'GET', url: '/users-process-app' })).json()).toEqual([]);
      expect(await bookingExists(pastBooking)).toBe(true);
    });
  });

  describe('emergency numbers', () => {
    it('staff with app user management keep the list; travellers may not', async () => {
      const admin = await createLogin(t.ctx, 'admin');
      const items = [
        { label: 'Notruf Reiseleitung', phone: '+49 170 1234567' },
        { label: 'Büro', phone: '+49 8321 1234' },
      ];
      const put = await call(t.app, admin, { method: 'PUT', url: '/emergency-numbers', payload: { items } });
      expect(put.statusCode, put.body).toBe(200);
      expect((await call(t.app, admin, { method: 'GET', url: '/emergency-numbers' })).json()).toEqual({ items });
      const traveller = await createLogin(t.ctx, 'traveller');
      expect((await call(t.app, traveller, { method: 'GET', url: '/emergency-numbers' })).statusCode).toBe(403);
      expect(
        (await call(t.app, traveller, { method: 'PUT', url: '/emergency-numbers', payload: { items } })).statusCode,
      ).toBe(403);
      const bad = await call(t.app, admin, {
        method: 'PUT',
        url: '/emergency-numbers',
        payload: { items: [{ label: '', phone: '1' }] },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
