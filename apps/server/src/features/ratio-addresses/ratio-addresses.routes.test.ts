import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATIO_ADDRESS_FIELD_NAMES } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createAgencyFixture, createCustomerFixture, createDriverFixture } from '../../seed/factories.ts';

/** A full record of the fields the card models, as a RATIO client sends it. */
const mapped = (kennziffer: string) => ({
  kennziffer,
  anrede: 'Frau',
  titel: 'Dr.',
  name1: 'Brüggemann',
  vorname: 'Gisela',
  strasse: 'Übersee-Allee 3',
  plz: '87629',
  ort: 'Füssen',
  land: 'Deutschland',
  staat: 'Bayern',
  telefon1: '08362 555123',
  telefon2: '089 4711',
  mobil: '+49 171 5550199',
  fax: '08362 555124',
  email: `Gisela.Brueggemann.${kennziffer}@Example.NET`,
  email2: `g.brueggemann.${kennziffer}@firma.example`,
  geburtstag: '1956-03-14',
  pass_gueltig_bis: '2031-05-31T00:00:00.000Z',
  stammkunde: 1,
  kuschick_nr: 'K-77',
  externe_id: 'EXT-9',
});

/** Fields the card does not model, one of each type. */
const unmapped = {
  name2: 'geb. Huber',
  briefanrede: 'Liebe Frau Dr. Brüggemann',
  iban: 'DE0210010010987654',
  ustid: 'DE123456789',
  kat1: 'VIP',
  kat24: 'BUS',
  dsgvo1: 1,
  dsgvo6: 0,
  newsletter: 'ja',
  passnummer: 'C01X00T47',
  pass_ausgestellt_am: '2021-06-01',
  bonuspunkte: 1250,
  rabatt: 2.5,
  latitude: 47.5696,
  dsgvo_datum: '2026-01-15T10:30:00.000Z',
  bemerkung: 'Reist gern vorne im Bus.\nBraucht Gangplatz.',
};

describe('RATIO address records', () => {
  let t: TestApp;
  let agencyA: number;
  let agencyB: number;
  const as = { office: '', admin: '', traveller: '', agencyA: '', agencyB: '' };
  let seq = 0;
  const nextKennziffer = () => `7${String(++seq).padStart(5, '0')}`;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    agencyA = (await createAgencyFixture(t.ctx, 31)).id;
    agencyB = (await createAgencyFixture(t.ctx, 32)).id;
    for (const role of ['office', 'admin', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
    as.agencyA = await createLogin(t.ctx, 'agency', { agencyId: agencyA });
    as.agencyB = await createLogin(t.ctx, 'agency', { agencyId: agencyB });
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>, who = as.office) =>
    call(t.app, who, { method: 'POST', url: '/ratio/api/addresses', payload });
  const get = (kennziffer: string, who = as.office) =>
    call(t.app, who, { method: 'GET', url: `/ratio/api/addresses/${kennziffer}` });
  const put = (kennziffer: string, payload: Record<string, unknown>, who = as.office) =>
    call(t.app, who, { method: 'PUT', url: `/ratio/api/addresses/${kennziffer}`, payload });
  const del = (kennziffer: string, who = as.admin) =>
    call(t.app, who, { method: 'DELETE', url: `/ratio/api/addresses/${kennziffer}` });
  const customerOf = async (id: number) =>
    (await call(t.app, as.office, { method: 'GET', url: `/customers/${id}` })).json();
  const cardIdOf = async (kennziffer: string) =>
    (
      await t.ctx.db
        .selectFrom('vc_card')
        .select('id_vc_card')
        .where('ratio_id', '=', kennziffer)
        .executeTakeFirstOrThrow()
    ).id_vc_card;

  it('creates a record whose modelled fields land on the customer card', async () => {
    const k = nextKennziffer();
    const created = await post({ ...mapped(k), ...unmapped });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(Object.keys(record).sort()).toEqual([...RATIO_ADDRESS_FIELD_NAMES].sort());
    expect(record).toMatchObject({
      ...mapped(k),
      email: `gisela.brueggemann.${k}@example.net`,
      pass_gueltig_bis: '2031-05-31',
      agentur: null,
      ...unmapped,
    });
    expect(record.erfasst_am).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(record.bearbeitet).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const customer = await customerOf(await cardIdOf(k));
    expect(customer).toMatchObject({
      name: 'Brüggemann, Gisela',
      ratio_id: k,
      salutation: 1,
      title: 1,
      surname: 'Brüggemann',
      firstName: 'Gisela',
      address: 'Übersee-Allee 3',
      zip: '87629',
      city: 'Füssen',
      country: 'Deutschland',
      state: 'Bayern',
      birthday: '1956-03-14',
      passportValidUntil: '2031-05-31',
      customerType: 'regular',
      kuschick_id: 'K-77',
      external_id: 'EXT-9',
    });
    const values = (rows: Array<{ key: string; value: string }>) => rows.map((row) => `${row.key}=${row.value}`).sort();
    expect(values(customer.phones)).toEqual([
      'phone-business=089 4711',
      'phone-fax=08362 555124',
      'phone-mobile=+49 171 5550199',
      'phone-private=08362 555123',
    ]);
    expect(values(customer.emails)).toEqual([
      `email-business=g.brueggemann.${k}@firma.example`,
      `email-private=gisela.brueggemann.${k}@example.net`,
    ]);
    // The customer list finds the new customer by its kennziffer and phone (search text written by the service).
    const found = await call(t.app, as.office, { method: 'GET', url: `/customers?lit-search=${k}` });
    expect(found.json().data.map((row: { ratio_id: string }) => row.ratio_id)).toEqual([k]);
  });

  it('reads the whole record back, the unmapped fields as sent', async () => {
    const k = nextKennziffer();
    await post({ ...mapped(k), ...unmapped });
    const read = await get(k);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ kennziffer: k, name1: 'Brüggemann', ...unmapped });
    expect(read.json().kat2).toBeNull();
    const stored = await t.ctx.db
      .selectFrom('ratio_address')
      .select(['kennziffer', 'fields'])
      .where('id_vc_card', '=', await cardIdOf(k))
      .executeTakeFirstOrThrow();
    expect(stored.kennziffer).toBe(k);
    const fields = JSON.parse(stored.fields);
    // Only the rest is stored; the card's fields are not kept twice.
    expect(fields).toEqual(unmapped);
  });

  it('updates mapped and unmapped fields, clears with null and keeps what is not sent', async () => {
    const k = nextKennziffer();
    await post({ ...mapped(k), ...unmapped });
    const updated = await put(k, {
      ort: 'Pfronten',
      plz: '87459',
      telefon1: '08363 1234',
      mobil: null,
      email2: '',
      kat1: 'GOLD',
      iban: null,
      bonuspunkte: 1300,
      anrede: 'Familie',
      bearbeitet: '2000-01-01T00:00:00.000Z',
    });
    expect(updated.statusCode).toBe(200);
    const record = updated.json();
    expect(record).toMatchObject({
      kennziffer: k,
      ort: 'Pfronten',
      plz: '87459',
      telefon1: '08363 1234',
      telefon2: '089 4711',
      mobil: null,
      email2: null,
      kat1: 'GOLD',
      kat24: 'BUS',
      iban: null,
      bonuspunkte: 1300,
      anrede: 'Familie',
      name1: 'Brüggemann',
      vorname: 'Gisela',
    });
    expect(record.bearbeitet).not.toBe('2000-01-01T00:00:00.000Z');
    const customer = await customerOf(await cardIdOf(k));
    expect(customer).toMatchObject({ city: 'Pfronten', zip: '87459', salutation: null });
    expect(customer.phones.some((row: { key: string }) => row.key === 'phone-mobile')).toBe(false);
    expect(customer.phones.find((row: { key: string }) => row.key === 'phone-private').value).toBe('08363 1234');
    expect(customer.emails.map((row: { key: string }) => row.key)).toEqual(['email-private']);
    expect((await get(k)).json()).toMatchObject({ anrede: 'Familie', kat1: 'GOLD', iban: null });
  });

  it('answers a customer made on the customers screen as a record, and stores the rest on its first PUT', async () => {
    const customer = await createCustomerFixture(t.ctx, 501, { ratio_id: '880501', salutation: 0 });
    const read = await get('880501');
    expect(read.json()).toMatchObject({
      kennziffer: '880501',
      anrede: 'Herr',
      name1: customer.surname,
      vorname: customer.firstName,
      plz: customer.zip,
      kat1: null,
    });
    expect((await put('880501', { kat3: 'ABC' })).json()).toMatchObject({ kat3: 'ABC', name1: customer.surname });
    // A customer without a RATIO number is addressed by its card id (as the agencies call names it).
    const plain = await createCustomerFixture(t.ctx, 502);
    expect((await get(String(plain.id))).json()).toMatchObject({ kennziffer: String(plain.id), name1: plain.surname });
  });

  it('creates a record without kennziffer: its card id is its number', async () => {
    const created = await post({ name1: 'Reisegruppe Sonnenschein e.V.' });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.name1).toBe('Reisegruppe Sonnenschein e.V.');
    expect(record.vorname).toBeNull();
    expect((await customerOf(Number(record.kennziffer))).name).toBe('Reisegruppe Sonnenschein e.V.');
    expect((await get(record.kennziffer)).statusCode).toBe(200);
  });

  it('deletes the customer; its record and stored fields are gone', async () => {
    const k = nextKennziffer();
    await post({ ...mapped(k), ...unmapped });
    const id = await cardIdOf(k);
    const deleted = await del(k);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ kennziffer: k, kat1: 'VIP' });
    expect((await get(k)).statusCode).toBe(404);
    expect((await call(t.app, as.office, { method: 'GET', url: `/customers/${id}` })).statusCode).toBe(404);
    const rest = await t.ctx.db.selectFrom('ratio_address').select('id_vc_card').where('id_vc_card', '=', id).execute();
    expect(rest).toEqual([]);
  });

  it('keeps a customer with a login: the customers guard answers 409', async () => {
    const driver = await createDriverFixture(t.ctx, 503, { ratio_id: '880503' });
    const refused = await del('880503');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('error.customerHasAccount');
    expect((await customerOf(driver.customer.id)).ratio_id).toBe('880503');
  });

  it('refuses a second record with the same kennziffer (409), also one a customer already carries', async () => {
    const k = nextKennziffer();
    expect((await post({ ...mapped(k) })).statusCode).toBe(201);
    const again = await post({ kennziffer: k, name1: 'Anders' });
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('error.addressExists');
    await createCustomerFixture(t.ctx, 504, { ratio_id: '880504', agencyId: agencyB });
    const foreign = await post({ kennziffer: '880504', name1: 'Anders' }, as.agencyA);
    expect(foreign.statusCode).toBe(409);
    // Nothing half-written: still one customer with that number.
    const cards = await t.ctx.db.selectFrom('vc_card').select('id_vc_card').where('ratio_id', '=', k).execute();
    expect(cards).toHaveLength(1);
  });

  it('lets only one of simultaneous creates with the same kennziffer through', async () => {
    const k = nextKennziffer();
    const answers = await Promise.all(
      ['Eins', 'Zwei', 'Drei', 'Vier'].map((name) => post({ kennziffer: k, name1: name, kat1: 'RACE' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409))
      expect(answer.json().key).toBe('error.addressExists');
    const cards = await t.ctx.db.selectFrom('vc_card').select('id_vc_card').where('ratio_id', '=', k).execute();
    expect(cards).toHaveLength(1);
    const stored = await t.ctx.db
      .selectFrom('ratio_address')
      .select('id_vc_card')
      .where('kennziffer', '=', k)
      .execute();
    expect(stored).toEqual(cards);
  });

  it('validates lengths and types per field', async () => {
    const k = nextKennziffer();
    await post({ ...mapped(k) });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ plz: '1'.repeat(16) }, 'plz', 'error.tooLong'],
      [{ kat1: 'ABCDE' }, 'kat1', 'error.tooLong'],
      [{ anrede: 'x'.repeat(21) }, 'anrede', 'error.tooLong'],
      [{ name2: 'x'.repeat(31) }, 'name2', 'error.tooLong'],
      [{ iban: 'D'.repeat(21) }, 'iban', 'error.tooLong'],
      [{ ustid: 'D'.repeat(17) }, 'ustid', 'error.tooLong'],
      [{ email: `${'a'.repeat(50)}@example.com` }, 'email', 'error.tooLong'],
      [{ email: 'not-an-address' }, 'email', 'error.email'],
      [{ telefon1: '1'.repeat(26) }, 'telefon1', 'error.tooLong'],
      [{ newsletter: 'yes-please' }, 'newsletter', 'error.tooLong'],
      [{ bemerkung: 'x'.repeat(32_001) }, 'bemerkung', 'error.tooLong'],
      [{ dsgvo1: 40_000 }, 'dsgvo1', 'error.tooLong'],
      [{ dsgvo1: 1.5 }, 'dsgvo1', 'error.invalid'],
      [{ bonuspunkte: 2_147_483_648 }, 'bonuspunkte', 'error.tooLong'],
      [{ bonuspunkte: '12' }, 'bonuspunkte', 'error.invalid'],
      [{ rabatt: 'viel' }, 'rabatt', 'error.invalid'],
      [{ geburtstag: '1956-02-30' }, 'geburtstag', 'error.invalid'],
      [{ dsgvo_datum: 'gestern' }, 'dsgvo_datum', 'error.invalid'],
      [{ kat2: 7 }, 'kat2', 'error.invalid'],
      [{ strase: 'Hauptstraße 1' }, 'strase', 'error.invalid'],
    ];
    for (const [payload, field, key] of cases) {
      const response = await put(k, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().errors, field).toEqual([expect.objectContaining({ field, key })]);
    }
    // At the limit is fine.
    const limits = await put(k, { plz: '1'.repeat(15), kat1: 'ABCD', iban: 'D'.repeat(20), dsgvo1: 32_767 });
    expect(limits.statusCode).toBe(200);
    expect((await get(k)).json()).toMatchObject({ plz: '1'.repeat(15), kat1: 'ABCD', dsgvo1: 32_767 });
  });

  it('refuses a create without name1, an unknown field, a NUL byte, a changed kennziffer and a bad path', async () => {
    const noName = await post({ kennziffer: nextKennziffer() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual([expect.objectContaining({ field: 'name1', key: 'error.empty' })]);
    const unknown = await post({ name1: 'Neu', lieblingsfarbe: 'blau' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'lieblingsfarbe', key: 'error.invalid' })]);
    const nul = await post({ name1: 'Neu', name2: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(JSON.stringify(nul.json())).toContain('name2');
    const k = nextKennziffer();
    await post({ ...mapped(k) });
    const renumbered = await put(k, { kennziffer: '999999' });
    expect(renumbered.statusCode).toBe(400);
    expect(renumbered.json().errors).toEqual([expect.objectContaining({ field: 'kennziffer', key: 'error.invalid' })]);
    expect((await put(k, { kennziffer: k, ort: 'Kempten' })).statusCode).toBe(200);
    expect((await put(k, { name1: null })).statusCode).toBe(400);
    expect((await get('a%20b')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown kennziffer on every call', async () => {
    expect((await get('123456789')).statusCode).toBe(404);
    expect((await put('123456789', { ort: 'Nirgendwo' })).statusCode).toBe(404);
    expect((await del('123456789')).statusCode).toBe(404);
    expect((await get('ZZ-UNKNOWN')).statusCode).toBe(404);
  });

  it('keeps agencies apart: own customers only, created in the own agency', async () => {
    const created = await post({ kennziffer: '880601', name1: 'Aichinger', agentur: null }, as.agencyA);
    expect(created.statusCode).toBe(403);
    const own = await post({ kennziffer: '880601', name1: 'Aichinger', kat1: 'A' }, as.agencyA);
    expect(own.statusCode).toBe(201);
    expect(own.json().agentur).toBe(agencyA);
    const other = await post({ kennziffer: '880602', name1: 'Bärwald', agentur: agencyB }, as.agencyB);
    expect(other.statusCode).toBe(201);
    // Another agency's record is not found — by GET, PUT or DELETE.
    expect((await get('880602', as.agencyA)).statusCode).toBe(404);
    expect((await put('880602', { ort: 'X' }, as.agencyA)).statusCode).toBe(404);
    // Agency users have no delete right (agencydata: read, update, create).
    expect((await del('880602', as.agencyA)).statusCode).toBe(403);
    expect((await get('880602', as.agencyB)).json().name1).toBe('Bärwald');
    // Moving the own customer to another agency is refused.
    const moved = await put('880601', { agentur: agencyB }, as.agencyA);
    expect(moved.statusCode).toBe(403);
    expect((await get('880601', as.office)).json().agentur).toBe(agencyA);
    // Staff may set an agency; a non-existent one is refused at agentur.
    const bad = await put('880601', { agentur: 999_999 }, as.office);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'agentur', key: 'error.invalid' })]);
  });

  it('names the record field when an e-mail is taken by another customer', async () => {
    const first = nextKennziffer();
    await post({ kennziffer: first, name1: 'Erste', email2: 'doppelt@example.org' });
    const second = await post({ kennziffer: nextKennziffer(), name1: 'Zweite', email2: 'doppelt@example.org' });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual([expect.objectContaining({ field: 'email2', key: 'error.emailExists' })]);
  });

  it('refuses travellers (403) and anonymous calls (401)', async () => {
    const k = nextKennziffer();
    await post({ ...mapped(k) });
    expect((await get(k, as.traveller)).statusCode).toBe(403);
    expect((await post({ name1: 'Nope' }, as.traveller)).statusCode).toBe(403);
    expect((await put(k, { ort: 'X' }, as.traveller)).statusCode).toBe(403);
    expect((await del(k, as.traveller)).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: `/ratio/api/addresses/${k}` })).statusCode).toBe(401);
  });
});
