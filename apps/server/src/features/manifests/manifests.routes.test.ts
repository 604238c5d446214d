import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { BookingStatus, StopDirection } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createCustomerFixture } from '../../seed/factories.ts';

/**
 * Bookings are written as rows here (booking, participants, holds, seats, rooms): the manifests only read them,
 * and the booking service is another feature's work.
 */
type PartyMember = {
  name: string;
  telefon?: string;
  seats: Partial<Record<StopDirection, string>>;
  /** index into the fixture's stops per direction */
  stop?: number;
  room?: number;
};

async function book(
  t: TestApp,
  fixture: DepartureFixture,
  party: { status: BookingStatus; bookerCard?: number; members: PartyMember[]; rooms?: number[] },
) {
  const db = t.ctx.db;
  const booking = await db
    .insertInto('booking')
    .values({
      id_jrn_date: fixture.nr,
      id_jrn_journey: fixture.journey.id_jrn_journey,
      id_booker_card: party.bookerCard ?? null,
      id_organization: null,
      status: party.status,
      option_until: null,
      title: null,
      comment: null,
      ratio_vorgangnr: null,
      invoice_number: null,
      created_by: null,
      cancelled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roomIds: number[] = [];
  for (const [i, roomTypeId] of (party.rooms ?? []).entries()) {
    const room = await db
      .insertInto('booking_room')
      .values({ id_booking: booking.id, id_jrn_room_type: roomTypeId, position: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    roomIds.push(room.id);
  }
  const holding = ['option', 'firm', 'processing'].includes(party.status);
  for (const [i, member] of party.members.entries()) {
    const participant = await db
      .insertInto('participant')
      .values({
        id_booking: booking.id,
        position: i + 1,
        anrede: null,
        titel: null,
        name: member.name,
        name1: null,
        name2: null,
        name3: null,
        namenszusatz: null,
        geburtstag: '1961-04-12',
        nation: 'DE',
        passnummer: null,
        telefon: member.telefon ?? null,
        email: null,
        info1: null,
        info2: null,
        ref1: null,
        ref2: null,
        gruppe: null,
        status: null,
        reservierungsnr: null,
        leistungen: null,
        id_jrn_date_price: null,
        id_travel_stop_out: fixture.stops.outbound[member.stop ?? 0] ?? null,
        id_travel_stop_ret: fixture.stops.return[member.stop ?? 0] ?? null,
        id_booking_room: member.room === undefined ? null : (roomIds[member.room] ?? null),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!holding) continue;
    for (const transport of fixture.transports) {
      const seat = member.seats[transport.direction];
      if (!seat) continue;
      await db
        .insertInto('seat_assignment')
        .values({ id_transport: transport.id, seat, id_participant: participant.id, id_booking: booking.id })
        .execute();
    }
  }
  if (holding) {
    for (const transport of fixture.transports) {
      const quota = fixture.quotas.find((q) => q.kind === 'seat' && q.ref === transport.id)!;
      await db
        .insertInto('booking_hold')
        .values({ id_booking: booking.id, id_quota: quota.id, units: party.members.length })
        .execute();
    }
  }
  return booking.id;
}

const pdfText = async (body: Buffer) => {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
};

/** The CSV without its byte-order mark, split into rows of fields (no field here holds a `;`). */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));

describe('manifests of a departure', () => {
  let t: TestApp;
  let fixture: DepartureFixture;
  let roomTypes: number[];
  const as = { office: '', traveller: '', agency: '' };
  const bookings: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['office', 'traveller', 'agency'] as const) as[role] = await createLogin(t.ctx, role);
    await t.ctx.db.updateTable('user_account').set({ language: 'de' }).where('email', '=', as.office).execute();
    fixture = await createDepartureFixture(t.ctx, 71, { stops: 2 });
    roomTypes = fixture.quotas.filter((q) => q.kind === 'room').map((q) => q.ref);
    const booker = await createCustomerFixture(t.ctx, 71, {
      phones: [{ key: 'phone-mobile', value: '+49 171 5550001' }],
    });
    bookings.mueller = await book(t, fixture, {
      status: 'firm',
      bookerCard: booker.id_vc_card,
      rooms: [roomTypes[0]!],
      members: [
        { name: 'Müller, Jürgen', seats: { outbound: '5', return: '7' }, stop: 0, room: 0 },
        { name: 'Müller, Käthe', telefon: '0351 4445566', seats: { outbound: '6', return: '8' }, stop: 0, room: 0 },
      ],
    });
    bookings.oswald = await book(t, fixture, {
      status: 'option',
      rooms: [roomTypes[1]!],
      members: [{ name: 'Oßwald, Björn', telefon: '+49 160 1234567', seats: { outbound: '12' }, stop: 1, room: 0 }],
    });
    bookings.cancelled = await book(t, fixture, {
      status: 'cancelled',
      members: [{ name: 'Storniert, Sven', seats: {}, stop: 0 }],
    });
  });
  afterAll(() => t.close());

  const manifest = (kind: string, format: string, query = '') =>
    call(t.app, as.office, { method: 'GET', url: `/departures/${fixture.nr}/manifests/${kind}.${format}${query}` });

  it('prints the boarding list per stop with times, names, seats and phone numbers', async () => {
    const response = await manifest('boarding', 'pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const code = fixture.journey.dates[0]!.termincode;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Zustiegsliste_${code}_Hinfahrt.pdf"; filename*=UTF-8''Zustiegsliste_${code}_Hinfahrt.pdf`,
    );
    const text = await pdfText(response.rawPayload);
    const [first, second] = await Promise.all(
      fixture.stops.outbound.map((id) =>
        t.ctx.db
          .selectFrom('travel_stop')
          .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
          .select(['zus_zustiege.name', 'travel_stop.time'])
          .where('travel_stop.id', '=', id)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(text).toContain('Zustiegsliste');
    expect(text).toContain(`1 · ${first!.time} · ${first!.name}`);
    expect(text).toContain(`2 · ${second!.time} · ${second!.name}`);
    for (const name of ['Müller, Jürgen', 'Müller, Käthe', 'Oßwald, Björn']) expect(text).toContain(name);
    expect(text).not.toContain('Storniert');
    // the participant's own phone, else the booker's
    expect(text).toContain('0351 4445566');
    expect(text).toContain('+49 171 5550001');
    expect(text).toContain('+49 160 1234567');
    expect(text).toMatch(/Seite 1 von 1/);
    expect(text).toMatch(/Gedruckt am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    // seats follow their names in the rows
    expect(text).toMatch(/Müller, Jürgen\s+5\b/);
    expect(text).toMatch(/Oßwald, Björn\s+12\b/);
  });

  it('answers the boarding list of the return trip in English as CSV for Excel', async () => {
    const response = await manifest('boarding', 'csv', '?direction=return&lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('Boarding_list_');
    expect(response.headers['content-disposition']).toContain('_Return.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(['Stop', 'Time', 'Boarding point', 'Address', 'Name', 'Seat', 'Coach', 'Booking', 'Phone']);
    expect(rows.map((row) => [row[0], row[1], row[4], row[5], row[7], row[8]])).toEqual([
      ['1', '18:00', 'Müller, Jürgen', '7', String(bookings.mueller), '+49 171 5550001'],
      ['1', '18:00', 'Müller, Käthe', '8', String(bookings.mueller), '0351 4445566'],
      ['2', '19:00', 'Oßwald, Björn', '', String(bookings.oswald), '+49 160 1234567'],
    ]);
  });

  it('draws the seat plan with names in the seats, and lists taken seats in the CSV', async () => {
    const pdf = await manifest('seats', 'pdf');
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Sitzplan');
    expect(text).toContain('Bus 1 Hinfahrt · 3 von 49 Plätzen belegt');
    expect(text).toMatch(/5\s+Müller, Jürgen/);
    expect(text).toMatch(/12\s+Oßwald, Björn/);
    expect(text).toContain('frei');

    // Björn has no seat on the way back: listed under the plan
    const back = await pdfText((await manifest('seats', 'pdf', '?direction=return')).rawPayload);
    expect(back).toContain('Bus 1 Rückfahrt · 2 von 49 Plätzen belegt');
    expect(back).toMatch(/Ohne Sitzplatz[\s\S]*Oßwald, Björn/);

    const csv = await manifest('seats', 'csv');
    const [header, ...rows] = csvRows(csv.body);
    expect(header).toEqual(['Bus', 'Sitz', 'Name', 'Vorgang', 'Zustieg', 'Zeit', 'Telefon']);
    expect(rows.map((row) => [row[0], row[1], row[2]])).toEqual([
      ['Bus 1 Hinfahrt', '5', 'Müller, Jürgen'],
      ['Bus 1 Hinfahrt', '6', 'Müller, Käthe'],
      ['Bus 1 Hinfahrt', '12', 'Oßwald, Björn'],
    ]);
  });

  it('lists the participants with both directions, in Spanish when asked', async () => {
    const csv = await manifest('participants', 'csv', '?lang=es');
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csvRows(csv.body);
    expect(header!.slice(0, 6)).toEqual(['N.º', 'Nombre', 'Fecha de nacimiento', 'Nacionalidad', 'Reserva', 'Estado']);
    expect(rows.map((row) => [row[1], row[2], row[5], row[7], row[9]])).toEqual([
      ['Müller, Jürgen', '12.04.1961', 'Confirmada', '5', '7'],
      ['Müller, Käthe', '12.04.1961', 'Confirmada', '6', '8'],
      ['Oßwald, Björn', '12.04.1961', 'Opción', '12', ''],
    ]);
    const pdf = await manifest('participants', 'pdf', '?lang=es');
    expect(pdf.headers['content-disposition']).toContain('Lista_de_participantes_');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Lista de participantes');
    expect(text).toContain('Página 1 de 1');
    expect(text).toContain('Oßwald, Björn');
  });

  it('lists the rooms per accommodation with who sleeps where', async () => {
    const csv = await manifest('rooming', 'csv');
    const [header, ...rows] = csvRows(csv.body);
    expect(header).toEqual(['Unterkunft', 'Zimmer', 'Zimmerart', 'Name', 'Vorgang']);
    expect(rows.map((row) => [row[1], row[3], row[4]])).toEqual([
      ['1', 'Müller, Jürgen', String(bookings.mueller)],
      ['1', 'Müller, Käthe', String(bookings.mueller)],
      ['2', 'Oßwald, Björn', String(bookings.oswald)],
    ]);
    const pdf = await manifest('rooming', 'pdf', '?lang=ru');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Список размещения');
    expect(text).toContain('Hotel Bella Riva');
    expect(text).toContain('Müller, Käthe');
  });

  it('writes the manifests in the language of the user when none is asked for', async () => {
    const english = await createLogin(t.ctx, 'office');
    await t.ctx.db.updateTable('user_account').set({ language: 'en' }).where('email', '=', english).execute();
    const response = await call(t.app, english, {
      method: 'GET',
      url: `/departures/${fixture.nr}/manifests/rooming.csv`,
    });
    expect(csvRows(response.body)[0]).toEqual(['Accommodation', 'Room', 'Room type', 'Name', 'Booking']);
  });

  it('answers 404 for an unknown departure and 400 naming a bad kind, format or direction', async () => {
    const unknown = await call(t.app, as.office, { method: 'GET', url: '/departures/999999/manifests/boarding.pdf' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().key).toBe('error.notFound');

    const badKind = await manifest('tickets', 'pdf');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().errors).toEqual([expect.objectContaining({ field: 'kind', key: 'error.invalid' })]);
    const badFormat = await manifest('boarding', 'xlsx');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors).toEqual([expect.objectContaining({ field: 'format', key: 'error.invalid' })]);
    const badDirection = await manifest('boarding', 'pdf', '?direction=sideways');
    expect(badDirection.statusCode).toBe(400);
    expect(badDirection.json().errors).toEqual([expect.objectContaining({ field: 'direction' })]);
  });

  it('is for staff only: a traveller is refused, and so is a visitor', async () => {
    const traveller = await call(t.app, as.traveller, {
      method: 'GET',
      url: `/departures/${fixture.nr}/manifests/boarding.pdf`,
    });
    expect(traveller.statusCode).toBe(403);
    const anonymous = await call(t.app, null, {
      method: 'GET',
      url: `/departures/${fixture.nr}/manifests/boarding.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prints an empty departure with a note instead of tables', async () => {
    const empty = await createDepartureFixture(t.ctx, 72, { stops: 1 });
    const response = await call(t.app, as.office, {
      method: 'GET',
      url: `/departures/${empty.nr}/manifests/participants.pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('Keine Reisenden gebucht.');
  });
});
