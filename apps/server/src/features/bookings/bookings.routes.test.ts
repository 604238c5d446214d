import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutFromRows, type Booking } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';

const fieldKeys = (body: { errors?: Array<{ field: string; key: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.key]));

/** Σ holds = held for every quota of the date, and seats only for holding bookings. */
async function quotaState(t: TestApp, nr: number) {
  const quotas = await t.ctx.db.selectFrom('quota').selectAll().where('id_jrn_date', '=', nr).orderBy('id').execute();
  const holds = await t.ctx.db.selectFrom('booking_hold').selectAll().execute();
  for (const quota of quotas) {
    const sum = holds.filter((hold) => hold.id_quota === quota.id).reduce((total, hold) => total + hold.units, 0);
    expect(sum).toBe(quota.held);
  }
  return quotas;
}

describe('bookings: create, read, list', () => {
  let t: TestApp;
  let office = '';
  let traveller = '';
  let fixture: DepartureFixture;
  const booker = { firstName: 'Erika', surname: 'Mustermann', email: 'erika@example.com', city: 'Dresden' };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    fixture = await createDepartureFixture(t.ctx, nextSequence(), {
      seatPlan: layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'SS_SS', 'SS_SS'] }]),
      blocked: ['12'],
    });
  });
  afterAll(() => t.close());

  const book = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t.app, office, { method: 'POST', url: '/ratio_vorgang', payload, headers });

  it('books a firm booking: seats next to each other, stops, rooms, price lines adding up, history', async () => {
    const room = fixture.journey.accommodations[0]!.roomTypes.find((type) => type.kind === 'double')!;
    const response = await book({
      termin: fixture.nr,
      type: 'regular',
      buchender: booker,
      teilnehmer: [
        { anrede: 'Frau', name: 'Mustermann', name1: 'Erika', zustieghin: 2, zustiegrueck: 2, zimmer: 0 },
        { anrede: 'Herr', name: 'Mustermann', name1: 'Max', zustieghin: 1, zimmer: 0 },
      ],
      rooms: [{ id_jrn_room_type: room.id }],
    });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking).toMatchObject({ status: 'firm', type: 4, termin: fixture.nr, option_until: null, version: 1 });
    expect(booking.buchender).toMatchObject({ name: 'Mustermann, Erika', email: 'erika@example.com' });
    expect(booking.teilnehmer.map((p) => [p.sitzhin, p.sitzrueck, p.bushin, p.zustieghin, p.zustiegrueck])).toEqual([
      ['1', '1', 1, 2, 2],
      ['2', '2', 1, 1, null],
    ]);
    // 2 × 649 base, surcharges of stop 2 (10 €) out and back for Erika
    expect(booking.priceLines.map((line) => [line.kind, line.amount])).toEqual([
      ['base', 649],
      ['stop', 10],
      ['stop', 10],
      ['base', 649],
    ]);
    expect(booking.price).toBe(1318);
    // each line names its traveller in full (the family shares a surname) and a stop's line its direction
    expect(booking.priceLines.map((line) => line.description)).toEqual([
      expect.stringMatching(/ – Erika Mustermann$/),
      expect.stringMatching(/^Zustieg Hinfahrt .+ – Erika Mustermann$/),
      expect.stringMatching(/^Zustieg Rückfahrt .+ – Erika Mustermann$/),
      expect.stringMatching(/ – Max Mustermann$/),
    ]);
    const quotas = await quotaState(t, fixture.nr);
    expect(quotas.filter((quota) => quota.kind === 'seat').map((quota) => quota.held)).toEqual([2, 2]);
    expect(quotas.find((quota) => quota.kind === 'room' && quota.ref === room.id)!.held).toBe(1);
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .selectAll()
      .where('id_booking', '=', booking.id)
      .execute();
    expect(events.map((event) => event.kind)).toEqual(['created']);

    const read = await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${booking.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(booking);
  });

  it('lists bookings with filters and paging', async () => {
    const draft = await book({ termin: fixture.nr, buchender: booker, teilnehmer: [] });
    expect(draft.statusCode).toBe(201);
    expect(draft.json<Booking>().status).toBe('draft');
    const all = await call(t.app, office, { method: 'GET', url: `/ratio_vorgang?termin=${fixture.nr}` });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(2);
    const drafts = await call(t.app, office, {
      method: 'GET',
      url: `/ratio_vorgang?termin=${fixture.nr}&status=draft`,
    });
    expect(drafts.json().data.map((row: { id: number }) => row.id)).toEqual([draft.json<Booking>().id]);
    const page = await call(t.app, office, {
      method: 'GET',
      url: `/ratio_vorgang?id_jrn_journey=${fixture.journey.id}&$limit=1&$skip=1`,
    });
    expect(page.json()).toMatchObject({ total: 2, limit: 1, skip: 1 });
    expect(page.json().data[0].status).toBe('firm');
  });

  it('keeps a journey with bookings and a date with bookings (409)', async () => {
    const admin = await createLogin(t.ctx, 'admin');
    const removed = await call(t.app, office, {
      method: 'PATCH',
      url: `/journey-lit/${fixture.journey.id}`,
      payload: {
        dates: fixture.journey.dates
          .filter((date) => date.nr !== fixture.nr)
          .map(({ nr, termincode, date_from, date_till }) => ({ nr, termincode, date_from, date_till })),
      },
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().key).toBe('error.dateHasBookings');
    // the booked double room keeps its hotel and room type
    const hotel = await call(t.app, office, {
      method: 'PATCH',
      url: `/journey-lit/${fixture.journey.id}`,
      payload: { accommodations: [] },
    });
    expect(hotel.statusCode).toBe(409);
    expect(hotel.json().key).toBe('error.conflict');
    const deleted = await call(t.app, admin, { method: 'DELETE', url: `/journey-lit/${fixture.journey.id}` });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().key).toBe('error.journeyHasBookings');
    // a date without bookings can still go
    const other = fixture.journey.dates.find((date) => date.nr !== fixture.nr)!;
    const kept = await call(t.app, office, {
      method: 'PATCH',
      url: `/journey-lit/${fixture.journey.id}`,
      payload: {
        dates: fixture.journey.dates
          .filter((date) => date.nr !== other.nr)
          .map(({ nr, termincode, date_from, date_till }) => ({ nr, termincode, date_from, date_till })),
      },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().dates.map((date: { nr: number }) => date.nr)).toEqual([fixture.nr]);
  });

  it('refuses a traveller (403)', async () => {
    const response = await call(t.app, traveller, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: { termin: fixture.nr, buchender: booker, teilnehmer: [] },
    });
    expect(response.statusCode).toBe(403);
    expect((await call(t.app, traveller, { method: 'GET', url: '/ratio_vorgang' })).statusCode).toBe(403);
  });

  it("writes the lines it makes itself in the booking's language", async () => {
    const response = await book({
      termin: fixture.nr,
      type: 'regular',
      language: 'en',
      buchender: booker,
      teilnehmer: [{ anrede: 'Frau', name: 'Mustermann', name1: 'Erika', zustieghin: 2, zustiegrueck: 2 }],
    });
    expect(response.statusCode).toBe(201);
    const booking = response.json<Booking>();
    expect(booking.language).toBe('en');
    expect(booking.priceLines.filter((line) => line.kind === 'stop').map((line) => line.description)).toEqual([
      expect.stringMatching(/^Boarding outbound .+ – Erika Mustermann$/),
      expect.stringMatching(/^Boarding return .+ – Erika Mustermann$/),
    ]);
  });

  it('refuses a stop that is not on the date and a too long salutation (400 with the field)', async () => {
    const stop = await book({
      termin: fixture.nr,
      type: 'option',
      buchender: booker,
      teilnehmer: [{ name: 'A' }, { name: 'B', zustieghin: 9 }],
    });
    expect(stop.statusCode).toBe(400);
    expect(fieldKeys(stop.json())).toEqual({ 'teilnehmer.1.zustieghin': 'error.stopNotOnDate' });
    const anrede = await book({ termin: fixture.nr, buchender: booker, teilnehmer: [{ name: 'A', anrede: 'Herren' }] });
    expect(anrede.statusCode).toBe(400);
    expect(fieldKeys(anrede.json())).toEqual({ 'teilnehmer.0.anrede': 'error.tooLong' });
  });
});
