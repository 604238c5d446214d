import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Booking,
  BookingSummary,
  DateOccupancy,
  Departure,
  Invoice,
  Journey,
  JourneySummary,
  RatioParticipant,
  RatioTermin,
  SeatMap,
} from '@tourdesk/contracts';
import { createDepartureFixture, type DepartureFixture } from '../src/seed/departure-factories.ts';
import {
  createAgencyFixture,
  createCustomerFixture,
  createJourneyFixture,
  nextSequence,
} from '../src/seed/factories.ts';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';

type Page<T> = { total: number; data: T[] };

/**
 * The agency portal's bookings (issue #12, docs/adr/0019): two agencies book for their own customers through
 * the one booking API. Whatever an agency user tries — by id, booking number, search, filter, document link or
 * invoice number — another agency's booking, participants, documents, invoices and payments answer 404; it
 * books only for its own customers; the office's rights (processing, deleting) stay the office's.
 */
describe('agency isolation of bookings, documents, invoices and payments', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', agency2: '', lost: '' };
  let agencyA = { id: 0, name: '', email: '' };
  let agencyB = { id: 0, name: '', email: '' };
  let customerOfA = 0;
  let customerOfB = 0;
  let officeCustomer = 0;
  let kennzifferOfB = '';
  let fixture: DepartureFixture;
  let mine: Booking;
  let theirs: Booking;
  let officeBooking: Booking;
  let theirInvoice: Invoice;
  let myInvoice: Invoice;

  const get = (who: string, url: string) => call(t.app, who, { method: 'GET', url });
  const book = async (who: string, payload: Record<string, unknown>, expected = 201) => {
    const response = await call(t.app, who, { method: 'POST', url: '/ratio_vorgang', payload });
    expect(response.statusCode, response.body).toBe(expected);
    return response.json<Booking>();
  };
  const firmFor = (customer: number, names: string[]) => ({
    termin: fixture.nr,
    type: 'regular',
    language: 'en',
    buchender: { id_vc_card: customer },
    teilnehmer: names.map((name) => ({ name, name1: 'Test' })),
  });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    const [a, b] = [await createAgencyFixture(t.ctx, nextSequence()), await createAgencyFixture(t.ctx, nextSequence())];
    agencyA = { id: a.id, name: a.name, email: a.email! };
    agencyB = { id: b.id, name: b.name, email: b.email! };
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    as.agency = await createLogin(t.ctx, 'agency', { agencyId: agencyA.id });
    as.agency2 = await createLogin(t.ctx, 'agency', { agencyId: agencyB.id });
    as.lost = await createLogin(t.ctx, 'agency', { agencyId: null });
    customerOfA = (await createCustomerFixture(t.ctx, nextSequence(), { agencyId: agencyA.id })).id;
    kennzifferOfB = `77${nextSequence()}`;
    customerOfB = (
      await createCustomerFixture(t.ctx, nextSequence(), { agencyId: agencyB.id, ratio_id: kennzifferOfB })
    ).id;
    officeCustomer = (await createCustomerFixture(t.ctx, nextSequence())).id;
    fixture = await createDepartureFixture(t.ctx, nextSequence());

    mine = await book(as.agency, firmFor(customerOfA, ['Ahrens', 'Albers']));
    theirs = await book(as.agency2, firmFor(customerOfB, ['Brückner', 'Bäumler']));
    officeBooking = await book(as.office, firmFor(officeCustomer, ['Otten']));
    const issue = async (id: number) => {
      const response = await call(t.app, as.office, { method: 'POST', url: `/ratio_vorgang/${id}/invoices` });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Invoice>();
    };
    theirInvoice = await issue(theirs.id);
    myInvoice = await issue(mine.id);
    const paid = await call(t.app, as.office, {
      method: 'POST',
      url: `/ratio_vorgang/${theirs.id}/payments`,
      payload: { amount: 50, paid_on: new Date().toISOString().slice(0, 10), method: 'transfer' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });
  afterAll(() => t.close());

  it('agency bookings carry their agency; each agency sees its own', async () => {
    expect(mine.agencyId).toBe(agencyA.id);
    expect(theirs.agencyId).toBe(agencyB.id);
    expect(officeBooking.agencyId).toBeNull();
    expect((await get(as.agency, `/ratio_vorgang/${mine.id}`)).statusCode).toBe(200);
    expect((await get(as.agency2, `/ratio_vorgang/${theirs.id}`)).statusCode).toBe(200);
    const list = (await get(as.agency, '/ratio_vorgang?$limit=100')).json<Page<BookingSummary>>();
    expect(list.data.map((row) => row.id)).toContain(mine.id);
    expect(list.data.every((row) => row.agencyId === agencyA.id)).toBe(true);
  });

  it('reading another agency’s booking: 404 by id, nothing by number, search, filter or export', async () => {
    for (const url of [
      `/ratio_vorgang/${theirs.id}`,
      `/ratio_vorgang/${officeBooking.id}`,
      `/ratio_vorgang/${theirs.id}/history`,
      `/ratio_vorgang/${theirs.id}/mails`,
      `/ratio_vorgang/${theirs.id}/payments`,
      `/ratio_vorgang/${theirs.id}/invoices`,
      `/ratio_vorgang/${theirs.id}/documents/confirmation.pdf`,
      `/ratio/api/cancellation?getProcessCancellation=true&processId=${theirs.id}`,
      `/insurances/ergo?vorgangnr=${theirs.id}`,
    ]) {
      const response = await get(as.agency, url);
      expect(response.statusCode, url).toBe(404);
    }
    const ids = async (query: string) =>
      (await get(as.agency, `/ratio_vorgang?${query}`)).json<Page<BookingSummary>>().data.map((row) => row.id);
    expect(await ids(`id=${theirs.id}`)).toEqual([]);
    expect(await ids(`vorgangnr=${theirs.id}`)).toEqual([]);
    expect(await ids('lit-search=Brückner')).toEqual([]);
    expect(await ids(`lit-search=${theirInvoice.number}`)).toEqual([]);
    expect(await ids(`id_booker_card=${customerOfB}`)).toEqual([]);
    // filtering for the other agency still lists the own agency's only
    const filtered = await ids(`agencyId=${agencyB.id}`);
    expect(filtered).not.toContain(theirs.id);
    expect(filtered).toContain(mine.id);
    expect(await ids(`agencyId[$in]=${agencyB.id}&agencyId[$in]=${agencyA.id}`)).not.toContain(theirs.id);
    const csv = await get(as.agency, `/ratio_vorgang/export.csv?agencyId=${agencyB.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(String(mine.id));
    expect(csv.body).not.toContain('Brückner');
  });

  it('another agency’s invoice: 404 by id, by invoice number and by booking number', async () => {
    for (const url of [
      `/invoices/${theirInvoice.id}/pdf`,
      `/invoices/${theirInvoice.id}/xrechnung-cii`,
      `/ratio/api/templates/?getInvoice=${theirInvoice.number}`,
      `/ratio/api/templates/?getInvoice=${theirs.id}`,
    ]) {
      const response = await get(as.agency, url);
      expect(response.statusCode, url).toBe(404);
    }
    // the own invoice downloads
    const own = await get(as.agency, `/invoices/${myInvoice.id}/pdf`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toContain('application/pdf');
    expect((await get(as.agency, `/ratio/api/templates/?getInvoice=${myInvoice.number}`)).statusCode).toBe(200);
    expect((await get(as.agency2, `/invoices/${theirInvoice.id}/pdf`)).statusCode).toBe(200);
  });

  it('the own booking’s documents, payments, invoices, history and insurance offers are readable', async () => {
    const pdf = await get(as.agency, `/ratio_vorgang/${mine.id}/documents/confirmation.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    for (const url of [
      `/ratio_vorgang/${mine.id}/payments`,
      `/ratio_vorgang/${mine.id}/invoices`,
      `/ratio_vorgang/${mine.id}/history`,
      `/ratio_vorgang/${mine.id}/mails`,
      `/insurances/ergo?vorgangnr=${mine.id}`,
      `/ratio/api/cancellation?getProcessCancellation=true&processId=${mine.id}`,
    ]) {
      const response = await get(as.agency, url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    }
    expect((await get(as.agency, `/ratio_vorgang/${mine.id}/invoices`)).json<Invoice[]>()[0]!.id).toBe(myInvoice.id);
  });

  it('changing or cancelling another agency’s booking: 404, and nothing changes', async () => {
    const participant = theirs.teilnehmer[0]!;
    const attempts = [
      {
        method: 'PUT' as const,
        url: `/ratio/api/booking/${theirs.id}`,
        payload: { termin: fixture.nr, version: theirs.version, teilnehmer: [{ name: 'Gekapert' }] },
      },
      {
        method: 'POST' as const,
        url: `/ratio/api/zustiege/${theirs.id}`,
        payload: { teilnehmerNr: participant.nr, richtung: 'H', knotenhaltnr: 1 },
      },
      { method: 'POST' as const, url: `/ratio_vorgang/${theirs.id}/status`, payload: { status: 'cancelled' } },
      {
        method: 'GET' as const,
        url: `/ratio/api/cancellation?initProcessCancellation=true&processId=${theirs.id}`,
      },
    ];
    for (const attempt of attempts) {
      const response = await call(t.app, as.agency, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url} ${response.body}`).toBe(404);
    }
    const after = (await get(as.office, `/ratio_vorgang/${theirs.id}`)).json<Booking>();
    expect(after.status).toBe('firm');
    expect(after.version).toBe(theirs.version);
    expect(after.teilnehmer.map((row) => row.name)).toEqual(['Brückner', 'Bäumler']);
  });

  it('books only for the own customers: another agency’s or an office customer is 404; a new booker is the agency’s', async () => {
    const before = (await get(as.office, '/ratio_vorgang?$limit=0')).json<Page<BookingSummary>>().total;
    for (const buchender of [
      { id_vc_card: customerOfB },
      { id_vc_card: officeCustomer },
      { kennziffer: kennzifferOfB },
      { id_vc_card: 99_999_999 },
    ]) {
      const response = await call(t.app, as.agency, {
        method: 'POST',
        url: '/ratio_vorgang',
        payload: { termin: fixture.nr, type: 'regular', buchender, teilnehmer: [{ name: 'Niemand' }] },
      });
      expect(response.statusCode, JSON.stringify(buchender)).toBe(404);
    }
    expect((await get(as.office, '/ratio_vorgang?$limit=0')).json<Page<BookingSummary>>().total).toBe(before);
    // changing the own booking's booker to another agency's customer is refused as well
    const current = (await get(as.agency, `/ratio_vorgang/${mine.id}`)).json<Booking>();
    const swap = await call(t.app, as.agency, {
      method: 'PUT',
      url: `/ratio/api/booking/${mine.id}`,
      payload: {
        termin: fixture.nr,
        version: current.version,
        buchender: { id_vc_card: customerOfB },
        teilnehmer: current.teilnehmer.map((row) => ({ nr: row.nr, name: row.name, name1: row.name1 })),
      },
    });
    expect(swap.statusCode, swap.body).toBe(404);

    // a booker created on the spot (even with another agency's RATIO number) is filed as the agency's customer
    const fresh = await book(as.agency, {
      termin: fixture.nr,
      type: 'option',
      agencyId: agencyB.id, // ignored: an agency books for itself
      buchender: { firstName: 'Frida', surname: 'Neumann', kennziffer: kennzifferOfB },
      teilnehmer: [{ name: 'Neumann', name1: 'Frida' }],
    });
    expect(fresh.agencyId).toBe(agencyA.id);
    const card = (await get(as.admin, `/customers/${fresh.buchender!.id_vc_card}`)).json();
    expect(card.agencyId).toBe(agencyA.id);
    expect(fresh.buchender!.id_vc_card).not.toBe(customerOfB);
    expect((await get(as.agency, `/customers/${fresh.buchender!.id_vc_card}`)).statusCode).toBe(200);
  });

  it('moves the own booking along the status graph but may neither set processing nor delete (403)', async () => {
    const option = await book(as.agency, { ...firmFor(customerOfA, ['Option']), type: 'option' });
    expect(option.status).toBe('option');
    const processing = await call(t.app, as.agency, {
      method: 'POST',
      url: `/ratio_vorgang/${option.id}/status`,
      payload: { status: 'processing' },
    });
    expect(processing.statusCode, processing.body).toBe(403);
    const viaPut = await call(t.app, as.agency, {
      method: 'PUT',
      url: `/ratio/api/booking/${option.id}`,
      payload: {
        termin: fixture.nr,
        type: 'processing',
        teilnehmer: option.teilnehmer.map((row) => ({ nr: row.nr, name: row.name })),
      },
    });
    // `processing` is no booking type of the body: it is read as another status or refused, never processing
    expect((await get(as.office, `/ratio_vorgang/${option.id}`)).json<Booking>().status).not.toBe('processing');
    expect([200, 400, 403, 409]).toContain(viaPut.statusCode);
    const firm = await call(t.app, as.agency, {
      method: 'POST',
      url: `/ratio_vorgang/${option.id}/status`,
      payload: { status: 'firm' },
    });
    expect(firm.statusCode, firm.body).toBe(200);
    expect(firm.json<Booking>().status).toBe('firm');
    expect(firm.json<Booking>().confirmedAt).not.toBeNull();
    const deleted = await call(t.app, as.agency, { method: 'DELETE', url: `/ratio_vorgang/${option.id}` });
    expect(deleted.statusCode).toBe(403);
    expect((await get(as.office, `/ratio_vorgang/${option.id}`)).json<Booking>().status).toBe('firm');
    // an agency user who also holds the office's delete right is still refused
    const strong = await createLogin(t.ctx, 'admin', { agencyId: agencyA.id });
    expect((await call(t.app, strong, { method: 'DELETE', url: `/ratio_vorgang/${option.id}` })).statusCode).toBe(403);
    const toProcessing = await call(t.app, strong, {
      method: 'POST',
      url: `/ratio_vorgang/${option.id}/status`,
      payload: { status: 'processing' },
    });
    expect(toProcessing.statusCode).toBe(403);
    // the office may
    const office = await call(t.app, as.office, {
      method: 'POST',
      url: `/ratio_vorgang/${option.id}/status`,
      payload: { status: 'processing' },
    });
    expect(office.statusCode, office.body).toBe(200);
  });

  it('cancels its own booking in two steps', async () => {
    const booking = await book(as.agency, firmFor(customerOfA, ['Storno']));
    const quote = await get(as.agency, `/ratio/api/cancellation?getProcessCancellation=true&processId=${booking.id}`);
    expect(quote.statusCode, quote.body).toBe(200);
    const done = await get(as.agency, `/ratio/api/cancellation?initProcessCancellation=true&processId=${booking.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(as.agency, `/ratio_vorgang/${booking.id}`)).json<Booking>().status).toBe('cancelled');
  });

  it('an agency user without an agency is refused (403) everywhere, before any data is read', async () => {
    for (const url of [
      '/ratio_vorgang',
      `/ratio_vorgang/${mine.id}`,
      `/ratio_vorgang/${mine.id}/payments`,
      `/ratio_vorgang/${mine.id}/documents/confirmation.pdf`,
      `/invoices/${myInvoice.id}/pdf`,
      `/insurances/ergo?vorgangnr=${mine.id}`,
      `/insurances/ergo?termin=${fixture.nr}&traveller=500`,
      '/journey-lit',
      `/journey-lit/${fixture.journey.id}`,
      `/departures/${fixture.nr}`,
      `/departures/${fixture.nr}/seat-map`,
      `/ratio/api/termine/${fixture.nr}`,
      `/ratio/api/participants/${fixture.nr}`,
    ]) {
      const response = await get(as.lost, url);
      expect(response.statusCode, url).toBe(403);
    }
    const create = await call(t.app, as.lost, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: firmFor(customerOfA, ['Verloren']),
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('staff book on behalf of an agency; the list names the agency', () => {
  let t: TestApp;
  let office = '';
  let agencyLogin = '';
  let agency = { id: 0, name: '' };
  let fixture: DepartureFixture;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    const created = await createAgencyFixture(t.ctx, nextSequence());
    agency = { id: created.id, name: created.name };
    agencyLogin = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    fixture = await createDepartureFixture(t.ctx, nextSequence());
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>) =>
    call(t.app, office, { method: 'POST', url: '/ratio_vorgang', payload });

  it('agencyId makes an agency booking with an agency customer; the agency sees it', async () => {
    const response = await post({
      termin: fixture.nr,
      type: 'option',
      agencyId: agency.id,
      buchender: { firstName: 'Sabine', surname: 'Stellvertreter' },
      teilnehmer: [{ name: 'Stellvertreter', name1: 'Sabine' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json<Booking>();
    expect(booking.agencyId).toBe(agency.id);
    const card = (
      await call(t.app, office, { method: 'GET', url: `/customers/${booking.buchender!.id_vc_card}` })
    ).json();
    expect(card.agencyId).toBe(agency.id);
    expect((await call(t.app, agencyLogin, { method: 'GET', url: `/ratio_vorgang/${booking.id}` })).statusCode).toBe(
      200,
    );

    const list = (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang?agencyId=${agency.id}` })).json<
      Page<BookingSummary>
    >();
    expect(list.data.map((row) => row.id)).toEqual([booking.id]);
    expect(list.data[0]!.agencyName).toBe(agency.name);
  });

  it('office bookings have no agency name; an unknown agency or an office customer is refused', async () => {
    const own = await post({
      termin: fixture.nr,
      type: 'option',
      buchender: { firstName: 'Otto', surname: 'Office' },
      teilnehmer: [{ name: 'Office' }],
    });
    expect(own.statusCode, own.body).toBe(201);
    const rows = (await call(t.app, office, { method: 'GET', url: '/ratio_vorgang?$limit=100' })).json<
      Page<BookingSummary>
    >().data;
    expect(rows.find((row) => row.id === own.json<Booking>().id)!.agencyName).toBeNull();

    const unknown = await post({
      termin: fixture.nr,
      type: 'option',
      agencyId: 99_999_999,
      buchender: { firstName: 'X', surname: 'Y' },
      teilnehmer: [{ name: 'Y' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'agencyId', key: 'error.invalid' });

    const officeCustomer = (await createCustomerFixture(t.ctx, nextSequence())).id;
    const foreign = await post({
      termin: fixture.nr,
      type: 'option',
      agencyId: agency.id,
      buchender: { id_vc_card: officeCustomer },
      teilnehmer: [{ name: 'Z' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ field: 'buchender.id_vc_card' });
  });
});

describe('booking mails of an agency booking also go to the agency', () => {
  let t: TestApp;
  let agencyLogin = '';
  let agencyEmail = '';
  let fixture: DepartureFixture;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    agencyEmail = agency.email!;
    agencyLogin = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    fixture = await createDepartureFixture(t.ctx, nextSequence());
  });
  afterAll(() => t.close());

  const outbox = (id: number) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['template', 'language', 'to_address'])
      .where('ref', '=', `booking:${id}`)
      .orderBy('id')
      .execute();

  it('the confirmation and the cancellation go to booker and agency, in the booking’s language', async () => {
    const response = await call(t.app, agencyLogin, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin: fixture.nr,
        type: 'regular',
        language: 'es',
        buchender: { firstName: 'Lucía', surname: 'García', email: 'lucia.garcia@example.com' },
        teilnehmer: [{ name: 'García', name1: 'Lucía' }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json<Booking>();
    const cancel = await call(t.app, agencyLogin, {
      method: 'GET',
      url: `/ratio/api/cancellation?initProcessCancellation=true&processId=${booking.id}`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await outbox(booking.id)).map((mail) => [mail.template, mail.to_address, mail.language])).toEqual([
      ['bookingConfirmation', 'lucia.garcia@example.com', 'es'],
      ['bookingConfirmation', agencyEmail, 'es'],
      ['cancellation', 'lucia.garcia@example.com', 'es'],
      ['cancellation', agencyEmail, 'es'],
    ]);
  });

  it('a booker without e-mail: the agency alone gets the mail', async () => {
    const response = await call(t.app, agencyLogin, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin: fixture.nr,
        type: 'regular',
        buchender: { firstName: 'Ohne', surname: 'Mail' },
        teilnehmer: [{ name: 'Mail' }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mails = await outbox(response.json<Booking>().id);
    expect(mails.map((mail) => [mail.template, mail.to_address])).toEqual([['bookingConfirmation', agencyEmail]]);
  });
});

describe('what an agency reads to book: journeys, dates, seats, stops, prices, insurance offers', () => {
  let t: TestApp;
  let office = '';
  let agencyLogin = '';
  let fixture: DepartureFixture;
  let hidden: Journey;
  let own: Booking;
  let other: Booking;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    agencyLogin = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    fixture = await createDepartureFixture(t.ctx, nextSequence());
    hidden = await createJourneyFixture(t.ctx, nextSequence(), { bookable: 2 });
    const seats = fixture.transports.find((transport) => transport.direction === 'outbound')!.seats;
    const book = async (who: string, name: string, seat: string) => {
      const response = await call(t.app, who, {
        method: 'POST',
        url: '/ratio_vorgang',
        payload: {
          termin: fixture.nr,
          type: 'option',
          // lapsing tomorrow: the departure's alerts name it
          option_until: new Date(Date.now() + 86_400_000).toISOString(),
          buchender: { firstName: name, surname: `${name}mann` },
          teilnehmer: [{ name: `${name}mann`, name1: name, sitzhin: seat }],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Booking>();
    };
    own = await book(agencyLogin, 'Eigen', seats[0]!);
    other = await book(office, 'Fremd', seats[1]!);
  });
  afterAll(() => t.close());

  const read = async <T>(url: string, who = agencyLogin) => {
    const response = await call(t.app, who, { method: 'GET', url });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return response.json<T>();
  };

  it('journeys: bookable ones only, with their dates, prices and extras', async () => {
    const list = await read<Page<JourneySummary>>('/journey-lit?$limit=100');
    const ids = list.data.map((row) => row.id);
    expect(ids).toContain(fixture.journey.id);
    expect(ids).not.toContain(hidden.id);
    expect(
      (await read<Page<JourneySummary>>('/journey-lit?$limit=100&bookable=2')).data.map((row) => row.id),
    ).not.toContain(hidden.id);
    const journey = await read<Journey>(`/journey-lit/${fixture.journey.id}`);
    expect(journey.dates.map((date) => date.nr)).toContain(fixture.nr);
    expect(journey.dates.find((date) => date.nr === fixture.nr)!.prices.length).toBeGreaterThan(0);
    expect(journey.extras.length).toBe(fixture.journey.extras.length);
    expect((await call(t.app, agencyLogin, { method: 'GET', url: `/journey-lit/${hidden.id}` })).statusCode).toBe(404);
    // staff still see it
    expect((await read<Journey>(`/journey-lit/${hidden.id}`, office)).id).toBe(hidden.id);
    // writing the catalogue stays the office's
    const patch = await call(t.app, agencyLogin, {
      method: 'PATCH',
      url: `/journey-lit/${fixture.journey.id}`,
      payload: { title: 'Übernommen' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('dates: live availability per pool, without the office’s planning figures', async () => {
    const occupancy = (await read<{ data: DateOccupancy[] }>(`/journey-lit/${fixture.journey.id}/occupancy`)).data;
    const date = occupancy.find((row) => row.nr === fixture.nr)!;
    expect(date.seats.held).toBe(2);
    expect(date).not.toHaveProperty('bookings');
    expect(date).not.toHaveProperty('optionsExpiring');
    const staff = (await read<{ data: DateOccupancy[] }>(`/journey-lit/${fixture.journey.id}/occupancy`, office)).data;
    expect(staff.find((row) => row.nr === fixture.nr)!.bookings).toBe(2);

    const departure = await read<Departure>(`/departures/${fixture.nr}`);
    expect(departure.quotas.find((quota) => quota.kind === 'seat')!.held).toBeGreaterThan(0);
    expect(departure.travelStops.length).toBeGreaterThan(0);
    expect(departure.transports.every((transport) => transport.driverName === null && transport.vehicle === null)).toBe(
      true,
    );
    // options about to lapse: the own only (the office's option is not named)
    const officeView = await read<Departure>(`/departures/${fixture.nr}`, office);
    expect(officeView.alerts.optionsExpiring.map((row) => row.id).sort()).toEqual([own.id, other.id].sort());
    expect(departure.alerts.optionsExpiring.map((row) => row.id)).not.toContain(other.id);

    const quotas = await read<{ data: unknown[] }>(`/ratio/api/quotas/${fixture.nr}`);
    expect(quotas.data.length).toBeGreaterThan(0);
    const stops = await read<{ data: unknown[] }>(`/ratio/api/travelstops/${fixture.nr}`);
    expect(stops.data.length).toBeGreaterThan(0);
  });

  it('seats: another booking’s seat is a taken seat number, nothing more', async () => {
    const map = await read<SeatMap>(`/departures/${fixture.nr}/seat-map`);
    const outbound = map.transports.find((transport) => transport.direction === 'outbound')!.occupants;
    expect(outbound).toHaveLength(2);
    const mine = outbound.find((occupant) => occupant.id_booking === own.id)!;
    expect(mine.name).toContain('Eigen');
    const theirs = outbound.find((occupant) => occupant.id_booking !== own.id)!;
    expect(theirs).toEqual({ seat: other.teilnehmer[0]!.sitzhin, name: '' });
    expect(JSON.stringify(map)).not.toContain('Fremd');
    const staffMap = await read<SeatMap>(`/departures/${fixture.nr}/seat-map`, office);
    expect(JSON.stringify(staffMap)).toContain('Fremd');

    const termin = (
      await read<{ data: RatioTermin }>(
        `/ratio/api/termine/${fixture.nr}?get_participants=1&get_occupiedSeats=1&get_transport=1`,
      )
    ).data;
    expect(termin.participants!.map((participant) => participant.vorgangnr)).toEqual([own.id]);
    const foreignSeat = termin.occupiedSeats!.find(
      (seat) => seat.richtung === 'H' && seat.platznummer === other.teilnehmer[0]!.sitzhin,
    )!;
    const ownSeat = termin.occupiedSeats!.find(
      (seat) => seat.richtung === 'H' && seat.platznummer === own.teilnehmer[0]!.sitzhin,
    )!;
    expect(ownSeat.vorgangnr).toBe(own.id);
    expect(foreignSeat.vorgangnr).toBeUndefined();
    expect(foreignSeat.teilnehmerNr).toBeUndefined();
    expect(JSON.stringify(termin)).not.toContain('Fremd');
    const list = (
      await read<{ data: RatioTermin[] }>(
        `/ratio/api/termine?byReise=${fixture.journey.id}&get_participants=1&get_occupiedSeats=1`,
      )
    ).data;
    expect(JSON.stringify(list)).not.toContain('Fremd');
    const participants = (await read<{ data: RatioParticipant[] }>(`/ratio/api/participants/${fixture.nr}`)).data;
    expect(participants.map((participant) => participant.vorgangnr)).toEqual([own.id]);
    // staff see everyone
    const staff = (await read<{ data: RatioParticipant[] }>(`/ratio/api/participants/${fixture.nr}`, office)).data;
    expect(staff.map((participant) => participant.vorgangnr).sort()).toEqual([own.id, other.id].sort());
  });

  it('insurance offers for a date and the own booking', async () => {
    const offers = await read<{ status: string; data: unknown[] }>(
      `/insurances/ergo?termin=${fixture.nr}&traveller=899`,
    );
    expect(offers.status).toBe('ok');
    expect((await read<{ status: string }>(`/insurances/ergo?vorgangnr=${own.id}`)).status).toBe('ok');
    const foreign = await call(t.app, agencyLogin, { method: 'GET', url: `/insurances/ergo?vorgangnr=${other.id}` });
    expect(foreign.statusCode).toBe(404);
  });
});
