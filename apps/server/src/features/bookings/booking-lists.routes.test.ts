import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingSummary } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { createBooking, listBookings } from './bookings.service.ts';

type Page = { total: number; data: BookingSummary[] };

/** An agency's clerk who may read bookings and processes (the demo agency role reads customers only). */
async function agencyClerk(ctx: TestApp['ctx'], agencyId: number): Promise<string> {
  const n = nextSequence();
  const role = await createRoleFixture(ctx, `agency-bookings-${n}`, {
    access: { vorgang: { read: true }, process: { read: true, delete: true } },
  });
  const email = `agency-clerk-${n}@test.example`;
  await createUserFixture(ctx, 'staff', { email, role: role.id_roles, agencyId });
  return email;
}

describe('bookings list: search, filters, summary fields, CSV export', () => {
  let t: TestApp;
  let office = '';
  let agencyLogin = '';
  let otherAgencyLogin = '';
  let traveller = '';
  let fixture: DepartureFixture;
  let departureDay = '';
  let firm: Booking;
  let option: Booking;
  let agencyRequest: Booking;
  let officeUserId = 0;

  const list = async (who: string, query: string) => {
    const response = await call(t.app, who, { method: 'GET', url: `/ratio_vorgang?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const ids = async (who: string, query: string) => (await list(who, query)).data.map((row) => row.id).sort();

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    const otherAgency = await createAgencyFixture(t.ctx, nextSequence());
    agencyLogin = await agencyClerk(t.ctx, agency.id);
    otherAgencyLogin = await agencyClerk(t.ctx, otherAgency.id);
    officeUserId = (
      await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', office).executeTakeFirstOrThrow()
    ).id;
    fixture = await createDepartureFixture(t.ctx, nextSequence());
    departureDay = fixture.journey.dates.find((date) => date.nr === fixture.nr)!.date_from;
    const book = async (who: string, payload: Record<string, unknown>) => {
      const response = await call(t.app, who, { method: 'POST', url: '/ratio_vorgang', payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Booking>();
    };
    firm = await book(office, {
      termin: fixture.nr,
      type: 'regular',
      buchender: { firstName: 'Jürgen', surname: 'Schäfer', email: 'juergen.schaefer@example.com' },
      teilnehmer: [
        { name: 'Schäfer', name1: 'Jürgen' },
        { name: 'Weiß', name1: 'Anna' },
      ],
    });
    option = await book(office, {
      termin: fixture.nr,
      type: 'option',
      buchender: { firstName: 'Petra', surname: 'Köhler' },
      teilnehmer: [{ name: 'Köhler', name1: 'Petra' }],
    });
    // the agency role reads bookings; its bookings come in through the booking service (as the agency portal's)
    agencyRequest = await createBooking(
      t.ctx,
      {
        termin: fixture.nr,
        type: 'anfrage',
        buchender: { firstName: 'Zoë', surname: 'Groß' },
        teilnehmer: [{ name: 'Groß', name1: 'Zoë' }],
        rooms: [],
        extras: [],
      },
      { userId: null, agencyId: agency.id },
    );
  });
  afterAll(() => t.close());

  it('answers the summary fields: journey, booker, creator, paid and open amounts, invoice number', async () => {
    const page = await list(office, `termin=${fixture.nr}`);
    expect(page.total).toBe(3);
    const row = page.data.find((entry) => entry.id === firm.id)!;
    expect(row).toMatchObject({
      vorgangnr: firm.id,
      status: 'firm',
      bookerName: 'Schäfer, Jürgen',
      participants: 2,
      price: firm.price,
      paid: 0,
      open: firm.price,
      invoiceNumber: null,
      id_jrn_journey: fixture.journey.id,
      id_booker_card: firm.buchender!.id_vc_card,
      createdBy: officeUserId,
      date_from: departureDay,
    });
    // newest first
    expect(page.data.map((entry) => entry.id)).toEqual([agencyRequest.id, option.id, firm.id]);
  });

  it('searches booker, participant, booking number, journey title and termincode, spelt any way', async () => {
    const scope = `termin=${fixture.nr}`;
    expect(await ids(office, `${scope}&lit-search=sch%C3%A4f`)).toEqual([firm.id]); // booker and participant
    expect(await ids(office, `${scope}&lit-search=weiss`)).toEqual([firm.id]); // a participant only, ß as ss
    expect(await ids(office, `${scope}&lit-search=K%C3%96HLER%20petra`)).toEqual([option.id]);
    expect(await ids(office, `${scope}&lit-search=zoe`)).toEqual([agencyRequest.id]);
    expect(await ids(office, `lit-search=${option.id}%20k%C3%B6hl`)).toEqual([option.id]);
    const title = fixture.journey.title.split(' ')[0]!;
    expect(await ids(office, `${scope}&lit-search=${encodeURIComponent(title)}`)).toHaveLength(3);
    const termincode = fixture.journey.dates.find((date) => date.nr === fixture.nr)!.termincode;
    expect(await ids(office, `lit-search=${encodeURIComponent(termincode)}`)).toHaveLength(3);
    expect(await ids(office, `${scope}&lit-search=nobodyatall`)).toEqual([]);
  });

  it('pages a search over all bookings newest first and oldest first (on SQLite straight from the search index)', async () => {
    // A departure of its own, so that the other tests' bookings of the fixture stay as they are.
    const departure = await createDepartureFixture(t.ctx, nextSequence());
    const surname = `Quendelbaum${nextSequence()}`;
    const made: number[] = [];
    for (const firstName of ['Ada', 'Bea', 'Cem', 'Dan', 'Eva']) {
      const response = await call(t.app, office, {
        method: 'POST',
        url: '/ratio_vorgang',
        payload: {
          termin: departure.nr,
          type: 'option',
          buchender: { firstName, surname },
          teilnehmer: [{ name: surname, name1: firstName }],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<Booking>().id);
    }
    const newest = [...made].sort((a, b) => b - a);
    const word = surname.toLowerCase();
    const page = async (query: string) => {
      const answer = await list(office, `lit-search=${word}&$limit=2&${query}`);
      return { total: answer.total, ids: answer.data.map((row) => row.id) };
    };
    expect(await page('$skip=0')).toEqual({ total: 5, ids: newest.slice(0, 2) });
    expect(await page('$skip=2')).toEqual({ total: 5, ids: newest.slice(2, 4) });
    expect(await page('$skip=4')).toEqual({ total: 5, ids: newest.slice(4) });
    expect(await page('$sort[id]=1&$skip=1')).toEqual({ total: 5, ids: [...newest].reverse().slice(1, 3) });
    // Two words, one of them in a single booking only; a word too short for the index takes the other way.
    expect(await ids(office, `lit-search=${word}%20cem`)).toEqual([made[2]]);
    expect((await list(office, `lit-search=${word}%20ev`)).data.map((row) => row.id)).toEqual([made[4]]);

    // Which statements the list sends (on a handle of its own, so that every statement passes executeQuery).
    const sent: string[] = [];
    const db = t.ctx.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    const execute = db.executeQuery.bind(db);
    db.executeQuery = ((query) => {
      sent.push('compile' in query ? query.compile().sql : query.sql);
      return execute(query);
    }) as typeof db.executeQuery;
    const direct = await listBookings(
      { db, dialect: t.ctx.dialect },
      { 'lit-search': word, $limit: 2 },
      { userId: null, agencyId: null },
    );
    expect((direct as { data: BookingSummary[] }).data.map((row) => row.id)).toEqual(newest.slice(0, 2));
    if (t.ctx.dialect === 'sqlite') {
      // The page straight from the search index; no statement looks up and sorts every match.
      expect(sent).toContainEqual(
        expect.stringMatching(/from "booking_fts" where "booking_fts" match \? order by rowid desc limit/),
      );
      expect(sent.filter((statement) => /with hits as materialized|window_rows/.test(statement))).toEqual([]);
    }
  });

  it('keeps the search text up to date when participants change', async () => {
    const current = (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${option.id}` })).json<Booking>();
    const changed = await call(t.app, office, {
      method: 'PUT',
      url: `/ratio/api/booking/${option.id}`,
      payload: {
        version: current.version,
        teilnehmer: [
          { nr: current.teilnehmer[0]!.nr, name: 'Köhler', name1: 'Petra' },
          { name: 'Brüggemann', name1: 'Lutz' },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ids(office, `termin=${fixture.nr}&lit-search=br%C3%BCggem`)).toEqual([option.id]);
    const removed = await call(t.app, office, {
      method: 'PUT',
      url: `/ratio/api/booking/${option.id}`,
      payload: { teilnehmer: [{ nr: current.teilnehmer[0]!.nr, name: 'Köhler', name1: 'Petra' }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ids(office, `termin=${fixture.nr}&lit-search=br%C3%BCggem`)).toEqual([]);
  });

  it('filters by status ($in), creator, booker, agency, journey and departure range', async () => {
    const scope = `termin=${fixture.nr}`;
    expect(await ids(office, `${scope}&status[$in][]=firm&status[$in][]=option`)).toEqual([firm.id, option.id].sort());
    expect(await ids(office, `${scope}&status=request`)).toEqual([agencyRequest.id]);
    expect(await ids(office, `${scope}&createdBy=${officeUserId}`)).toEqual([firm.id, option.id].sort());
    expect(await ids(office, `id_booker_card=${firm.buchender!.id_vc_card}`)).toEqual([firm.id]);
    expect(await ids(office, `${scope}&agencyId=${agencyRequest.agencyId}`)).toEqual([agencyRequest.id]);
    expect(await ids(office, `id_jrn_journey=${fixture.journey.id}`)).toHaveLength(3);
    expect(await ids(office, `${scope}&date_from[$gte]=${departureDay}&date_from[$lte]=${departureDay}`)).toHaveLength(
      3,
    );
    const dayAfter = new Date(Date.parse(`${departureDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${departureDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await list(office, `${scope}&date_from[$gte]=${dayAfter}`)).toMatchObject({ total: 0, data: [] });
    expect(await list(office, `${scope}&date_from[$lte]=${dayBefore}`)).toMatchObject({ total: 0, data: [] });
    const filtered = await list(office, `${scope}&date_from[$gte]=${dayBefore}&status=firm&lit-search=weiss`);
    expect(filtered.data.map((row) => row.id)).toEqual([firm.id]);
  });

  it('refuses a bad departure range or an unknown filter with 400 and the field', async () => {
    for (const [query, field] of [
      ['date_from[$gte]=2026-02-30', 'date_from.$gte'],
      ['date_from[$gt]=2026-02-01', 'date_from.$gt'],
      ['date_from=2026-02-01', 'date_from'],
      ['createdBy=abc', 'createdBy'],
      ['colour=red', 'colour'],
    ] as const) {
      const response = await call(t.app, office, { method: 'GET', url: `/ratio_vorgang?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toEqual([expect.objectContaining({ field, key: 'error.invalidFilter' })]);
    }
  });

  it('shows an agency only its own bookings, also when it asks for another agency or searches', async () => {
    expect(await ids(agencyLogin, `termin=${fixture.nr}`)).toEqual([agencyRequest.id]);
    expect(await ids(agencyLogin, 'lit-search=sch%C3%A4f')).toEqual([]);
    expect(await ids(otherAgencyLogin, `agencyId=${agencyRequest.agencyId}`)).toEqual([]);
    expect(await ids(otherAgencyLogin, 'lit-search=zoe')).toEqual([]);
  });

  it('exports the filtered list as CSV for German Excel, in the reader’s language, within the agency scope', async () => {
    const german = await call(t.app, office, {
      method: 'GET',
      url: `/ratio_vorgang/export.csv?termin=${fixture.nr}&status[$in][]=firm&status[$in][]=option`,
    });
    expect(german.statusCode, german.body).toBe(200);
    expect(german.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(german.headers['content-disposition']).toMatch(/^attachment; filename="vorgaenge-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = german.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Vorgangsnr.;Status;Reise;Termin;Abreise;Buchender;Teilnehmer;Preis;Bezahlt;Offen;Rechnungsnr.;Option bis;Angelegt',
    );
    expect(lines).toHaveLength(3);
    const firmLine = lines.find((line) => line.startsWith(`${firm.id};`))!.split(';');
    expect(firmLine.slice(0, 2)).toEqual([String(firm.id), 'Fest gebucht']);
    expect(firmLine[5]).toBe('Schäfer, Jürgen');
    expect(firmLine[7]).toBe(firm.price.toFixed(2).replace('.', ','));
    expect(firmLine[4]).toBe(departureDay.split('-').reverse().join('.'));

    const english = await call(t.app, office, {
      method: 'GET',
      url: `/ratio_vorgang/export.csv?termin=${fixture.nr}&lit-search=zoe`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const englishLines = english.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(englishLines[0]!.startsWith('Booking no.;Status;Journey')).toBe(true);
    expect(englishLines).toHaveLength(2);
    expect(englishLines[1]!.split(';')[1]).toBe('Request');

    const agencyFile = await call(t.app, agencyLogin, { method: 'GET', url: '/ratio_vorgang/export.csv' });
    const agencyLines = agencyFile.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(agencyLines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([agencyRequest.id]);

    const bad = await call(t.app, office, { method: 'GET', url: '/ratio_vorgang/export.csv?date_from[$gte]=x' });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, traveller, { method: 'GET', url: '/ratio_vorgang/export.csv' })).statusCode).toBe(403);
  });
});
