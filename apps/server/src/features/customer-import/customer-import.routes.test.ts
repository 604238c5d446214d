import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { FAKE_RATIO_KEY, startFakeRatio, type FakeRatio } from '../../../test/fake-ratio.ts';
import {
  FAKE_KUSCHICK_KEY,
  FAKE_KUSCHICK_MANDANT,
  startFakeKuschick,
  type FakeKuschick,
} from '../../../test/fake-kuschick.ts';
import { createAgencyFixture } from '../../seed/factories.ts';
import { runCustomerImport } from './customer-import.service.ts';

const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe('customer import from ratio and Kuschick', () => {
  let t: TestApp;
  let ratio: FakeRatio;
  let kuschick: FakeKuschick;
  const logs: string[] = [];
  const as = { office: '', traveller: '', agency: '' };
  let seq = 0;
  const tag = () => `${Date.now() % 1_000_000}${++seq}`;

  beforeAll(async () => {
    ratio = await startFakeRatio();
    kuschick = await startFakeKuschick();
    t = await buildTestApp({
      seed: 'defaults',
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
      config: {
        customerImport: {
          ratio: { url: ratio.url, apiKey: FAKE_RATIO_KEY },
          kuschick: { url: kuschick.url, apiKey: FAKE_KUSCHICK_KEY },
          timeoutMs: 400,
          everyMs: 24 * HOUR,
        },
      },
    });
    const agency = (await createAgencyFixture(t.ctx, 61)).id;
    as.office = await createLogin(t.ctx, 'office');
    as.traveller = await createLogin(t.ctx, 'traveller');
    as.agency = await createLogin(t.ctx, 'agency', { agencyId: agency });
  });
  afterEach(async () => {
    ratio.mode = 'ok';
    kuschick.mode = 'ok';
    await setSetting('KUSCHICK', 0);
    await setSetting('IMPORT', 0);
  });
  afterAll(async () => {
    await t.close();
    await ratio.close();
    await kuschick.close();
  });

  const setSetting = (key: string, value: number) =>
    t.ctx.db
      .updateTable('sys_settings')
      .set({ value: String(value) })
      .where('key', '=', key)
      .execute();
  const importRatio = (id: string, query = '', who = as.office) =>
    call(t.app, who, { method: 'GET', url: `/ratio/import/kunden/${id}${query}` });
  const importKuschick = (id: string, query = '', who = as.office) =>
    call(t.app, who, { method: 'GET', url: `/kuschick/import/kunden/${id}${query}` });
  const cardsWith = async (column: 'ratio_id' | 'kuschick_id', value: string) =>
    (
      await t.ctx.db
        .selectFrom('vc_card')
        .select('id_vc_card')
        .where('kind', '=', 'customer')
        .where(column, '=', value)
        .execute()
    ).length;
  const ratioRecord = (kennziffer: string, extra: Record<string, unknown> = {}) => ({
    kennziffer,
    anrede: 'Frau',
    titel: 'Dr.',
    name1: 'Brüggemann',
    vorname: 'Gisela',
    strasse: 'Übersee-Allee 3',
    plz: '87629',
    ort: 'Füssen',
    land: 'Deutschland',
    telefon1: '08362 555123',
    email: `gisela.${kennziffer}@example.net`,
    geburtstag: '1956-03-14',
    stammkunde: 1,
    externe_id: `EXT-${kennziffer}`,
    iban: 'DE0210010010987654',
    kat1: 'VIP',
    agentur: 999_999,
    bearbeitet: hoursAgo(1),
    erfasst_am: hoursAgo(100),
    ...extra,
  });

  describe('ratio', () => {
    it('creates a customer card from the ratio record, with the fields the card does not model kept', async () => {
      const k = `R${tag()}`;
      ratio.put(ratioRecord(k));
      const response = await importRatio(k);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ result: 'created', source: 'ratio', remote_id: k });
      expect(body.customer).toMatchObject({
        ratio_id: k,
        surname: 'Brüggemann',
        firstName: 'Gisela',
        salutation: 1,
        title: 1,
        address: 'Übersee-Allee 3',
        zip: '87629',
        city: 'Füssen',
        country: 'Deutschland',
        birthday: '1956-03-14',
        customerType: 'regular',
        external_id: `EXT-${k}`,
        agencyId: null,
      });
      expect(body.customer.emails.map((row: { value: string }) => row.value)).toEqual([
        `gisela.${k.toLowerCase()}@example.net`,
      ]);
      // searchable through the customers list (the customers service wrote the search text)
      const found = await call(t.app, as.office, { method: 'GET', url: `/customers?lit-search=${k}` });
      expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([body.customer.id]);
      const record = (await call(t.app, as.office, { method: 'GET', url: `/ratio/api/addresses/${k}` })).json();
      expect(record).toMatchObject({ kennziffer: k, iban: 'DE0210010010987654', kat1: 'VIP' });
      const request = ratio.requests.at(-1)!;
      expect(request.url).toBe(`/ratio/api/addresses/${k}`);
      expect(request.headers.authorization).toBe(`Bearer ${FAKE_RATIO_KEY}`);
    });

    it('re-imports without duplicating: unchanged is not written, a change updates, force writes anyway', async () => {
      const k = `R${tag()}`;
      ratio.put(ratioRecord(k));
      const first = (await importRatio(k)).json();
      const again = (await importRatio(k)).json();
      expect(again).toMatchObject({ result: 'unchanged' });
      expect(again.customer.id).toBe(first.customer.id);
      expect(again.customer.updatedAt).toBe(first.customer.updatedAt);

      ratio.put(ratioRecord(k, { ort: 'Schwangau', bearbeitet: new Date().toISOString() }));
      const changed = (await importRatio(k)).json();
      expect(changed).toMatchObject({ result: 'updated', customer: { id: first.customer.id, city: 'Schwangau' } });

      // edited in Tourdesk meanwhile: only force=1 brings ratio's record back
      const edit = { method: 'PATCH', url: `/customers/${first.customer.id}`, payload: { city: 'Anderswo' } } as const;
      expect((await call(t.app, as.office, edit)).statusCode).toBe(200);
      expect((await importRatio(k)).json()).toMatchObject({ result: 'unchanged', customer: { city: 'Anderswo' } });
      expect((await importRatio(k, '?force=1')).json()).toMatchObject({
        result: 'updated',
        customer: { city: 'Schwangau' },
      });
      expect(await cardsWith('ratio_id', k)).toBe(1);
    });

    it('finds the card by its ratio number, then by the address external id, instead of creating one', async () => {
      const k1 = `R${tag()}`;
      const byNumber = (
        await call(t.app, as.office, {
          method: 'POST',
          url: '/customers',
          payload: { firstName: 'Otto', surname: 'Alt', ratio_id: k1, phones: [{ key: 'phone-private', value: '1' }] },
        })
      ).json();
      ratio.put(ratioRecord(k1));
      expect((await importRatio(k1)).json()).toMatchObject({
        result: 'updated',
        customer: { id: byNumber.id, surname: 'Brüggemann' },
      });

      const k2 = `R${tag()}`;
      const byExternal = (
        await call(t.app, as.office, {
          method: 'POST',
          url: '/customers',
          payload: {
            firstName: 'Ida',
            surname: 'Extern',
            external_id: `EXT-${k2}`,
            phones: [{ key: 'phone-private', value: '2' }],
          },
        })
      ).json();
      ratio.put(ratioRecord(k2));
      expect((await importRatio(k2)).json()).toMatchObject({
        result: 'updated',
        customer: { id: byExternal.id, ratio_id: k2 },
      });
      expect(await cardsWith('ratio_id', k2)).toBe(1);
    });

    it('imports one new record once when it is imported several times at once', async () => {
      const k = `R${tag()}`;
      ratio.put(ratioRecord(k));
      const answers = await Promise.all([importRatio(k), importRatio(k), importRatio(k)]);
      const results = answers.map((answer) => answer.json().result).sort();
      expect(results).toEqual(['created', 'unchanged', 'unchanged']);
      expect(await cardsWith('ratio_id', k)).toBe(1);
    });

    it('answers {} when ratio fails, is slow, answers no JSON, lacks the record or sends a bad one — and logs no key', async () => {
      const k = `R${tag()}`;
      ratio.put(ratioRecord(k));
      for (const mode of ['error', 'timeout', 'malformed'] as const) {
        ratio.mode = mode;
        const response = await importRatio(k);
        expect(response.statusCode, mode).toBe(200);
        expect(response.json(), mode).toEqual({});
      }
      ratio.mode = 'ok';
      expect((await importRatio(`R${tag()}`)).json()).toEqual({});
      const bad = `R${tag()}`;
      ratio.put(ratioRecord(bad, { plz: '1'.repeat(16) }));
      expect((await importRatio(bad)).json()).toEqual({});
      expect(await cardsWith('ratio_id', k)).toBe(0);
      const failures = logs.filter((line) => line.includes('customer import failed'));
      expect(failures.some((line) => line.includes('"failure":"timeout"'))).toBe(true);
      expect(failures.some((line) => line.includes('"failure":"status"') && line.includes('"status":500'))).toBe(true);
      expect(failures.some((line) => line.includes('"failure":"format"'))).toBe(true);
      expect(failures.some((line) => line.includes('field plz: error.tooLong'))).toBe(true);
      expect(logs.join('\n')).not.toContain(FAKE_RATIO_KEY);
    });

    it('answers {} when no ratio server is configured', async () => {
      const bare = await buildTestApp({ seed: 'defaults' });
      try {
        const office = await createLogin(bare.ctx, 'office');
        expect((await call(bare.app, office, { method: 'GET', url: '/ratio/import/kunden/4711' })).json()).toEqual({});
      } finally {
        await bare.close();
      }
    });

    it('checks its input and its rights', async () => {
      expect((await importRatio('a%20b')).statusCode).toBe(400);
      expect((await importRatio('1', '?force=maybe')).statusCode).toBe(400);
      expect((await importRatio('1', '', as.traveller)).statusCode).toBe(403);
      expect((await importRatio('1', '', as.agency)).statusCode).toBe(403);
      expect((await call(t.app, null, { method: 'GET', url: '/ratio/import/kunden/1' })).statusCode).toBe(401);
      expect((await importKuschick('1', '', as.agency)).statusCode).toBe(403);
      expect((await importKuschick('1', '?idaddress=a%2Fb')).statusCode).toBe(400);
    });
  });

  describe('Kuschick', () => {
    const kunde = (kundennr: string, extra: Record<string, unknown> = {}) => ({
      kundennr,
      idaddress: `A-${kundennr}`,
      anrede: 'Herr',
      vorname: 'Karl',
      nachname: 'Kuschke',
      strasse: 'Hauptstraße 1',
      plz: '01067',
      ort: 'Dresden',
      land: 'Deutschland',
      mobil: '+49 171 123456',
      email: `karl.${kundennr}@example.org`,
      geburtsdatum: '1961-07-01',
      stammkunde: false,
      newsletter_optin: true,
      ...extra,
    });

    it('is off while the KUSCHICK setting is 0, and imports with the setting as client number', async () => {
      const nr = `K${tag()}`;
      kuschick.put(kunde(nr));
      expect((await importKuschick(nr, `?idaddress=A-${nr}`)).json()).toEqual({});
      await setSetting('KUSCHICK', FAKE_KUSCHICK_MANDANT);
      const body = (await importKuschick(nr, `?idaddress=A-${nr}`)).json();
      expect(body).toMatchObject({
        result: 'created',
        source: 'kuschick',
        customer: {
          kuschick_id: nr,
          external_id: `A-${nr}`,
          surname: 'Kuschke',
          firstName: 'Karl',
          salutation: 0,
          city: 'Dresden',
          customerType: 'new',
        },
      });
      const request = kuschick.requests.at(-1)!;
      expect(request.url).toBe(`/api/kunden/${nr}?mandant=${FAKE_KUSCHICK_MANDANT}&idaddress=A-${nr}`);
      expect(request.headers['x-api-key']).toBe(FAKE_KUSCHICK_KEY);

      expect((await importKuschick(nr, `?idaddress=A-${nr}`)).json()).toMatchObject({ result: 'unchanged' });
      kuschick.put(kunde(nr, { ort: 'Meißen' }));
      expect((await importKuschick(nr, '?idaddress=')).json()).toMatchObject({
        result: 'updated',
        customer: { id: body.customer.id, city: 'Meißen' },
      });
      expect((await importKuschick(nr, '?force=1')).json()).toMatchObject({ result: 'updated' });
      expect(await cardsWith('kuschick_id', nr)).toBe(1);
    });

    it('matches a card by the address id asked for, and answers {} on errors', async () => {
      await setSetting('KUSCHICK', FAKE_KUSCHICK_MANDANT);
      const nr = `K${tag()}`;
      const existing = (
        await call(t.app, as.office, {
          method: 'POST',
          url: '/customers',
          payload: {
            firstName: 'Karl',
            surname: 'Vorher',
            external_id: `A-${nr}`,
            phones: [{ key: 'phone-private', value: '3' }],
          },
        })
      ).json();
      kuschick.put(kunde(nr, { idaddress: undefined }));
      expect((await importKuschick(nr, `?idaddress=A-${nr}`)).json()).toMatchObject({
        result: 'updated',
        customer: { id: existing.id, kuschick_id: nr, surname: 'Kuschke' },
      });
      for (const mode of ['error', 'timeout', 'malformed'] as const) {
        kuschick.mode = mode;
        expect((await importKuschick(nr)).json(), mode).toEqual({});
      }
      kuschick.mode = 'ok';
      expect((await importKuschick(`K${tag()}`)).json()).toEqual({});
      expect(logs.join('\n')).not.toContain(FAKE_KUSCHICK_KEY);
    });
  });

  describe('the scheduled import of the last 24 hours', () => {
    const deps = () => ({ ctx: t.ctx, config: t.config });
    const log = { warn: () => {} };

    it('is registered with the scheduler and does nothing while the IMPORT flag is off', async () => {
      expect(t.app.scheduler.jobNames).toContain('customer-import');
      expect(await runCustomerImport(deps(), new Date(), log)).toEqual({ skipped: 'disabled', source: 'ratio' });
    });

    it('imports the ratio records changed in the last 24 hours, once', async () => {
      await setSetting('IMPORT', 1);
      const fresh = [`R${tag()}`, `R${tag()}`];
      const old = `R${tag()}`;
      ratio.put(ratioRecord(fresh[0]!, { bearbeitet: hoursAgo(2) }));
      ratio.put(ratioRecord(fresh[1]!, { bearbeitet: hoursAgo(23) }));
      ratio.put(ratioRecord(old, { bearbeitet: hoursAgo(25) }));
      const broken = `R${tag()}`;
      ratio.put(ratioRecord(broken, { name1: null, bearbeitet: hoursAgo(3) }));
      const first = await runCustomerImport(deps(), new Date(), log);
      if (!('fetched' in first)) throw new Error('skipped');
      // the broken record, and the one of the errors test with a too long plz
      expect(first).toMatchObject({ source: 'ratio', failed: 2 });
      for (const k of fresh) expect(await cardsWith('ratio_id', k)).toBe(1);
      expect(await cardsWith('ratio_id', old)).toBe(0);
      expect(await cardsWith('ratio_id', broken)).toBe(0);

      const second = await runCustomerImport(deps(), new Date(), log);
      expect(second).toMatchObject({ created: 0, updated: 0, failed: 2, fetched: first.fetched });
      if (!('fetched' in second)) throw new Error('skipped');
      expect(second.unchanged).toBe(second.fetched - 2);
      for (const k of fresh) expect(await cardsWith('ratio_id', k)).toBe(1);
      const runs = await t.ctx.db
        .selectFrom('customer_import_run')
        .selectAll()
        .where('source', '=', 'ratio')
        .orderBy('id')
        .execute();
      expect(runs.at(-1)).toMatchObject({ unchanged: second.unchanged, failed: 2, error: null });
      const windowFrom = new Date(runs.at(-1)!.window_from).getTime();
      expect(Math.abs(windowFrom - (Date.now() - 24 * HOUR))).toBeLessThan(60_000);
    });

    it('imports from Kuschick when KUSCHICK is set, and records a run that could not read the list', async () => {
      await setSetting('IMPORT', 1);
      await setSetting('KUSCHICK', FAKE_KUSCHICK_MANDANT);
      const fresh = `K${tag()}`;
      const old = `K${tag()}`;
      kuschick.put(kunde(fresh, { geaendert_am: hoursAgo(1) }));
      kuschick.put(kunde(old, { geaendert_am: hoursAgo(48) }));
      const summary = await runCustomerImport(deps(), new Date(), log);
      expect(summary).toMatchObject({ source: 'kuschick', failed: 0 });
      expect(await cardsWith('kuschick_id', fresh)).toBe(1);
      expect(await cardsWith('kuschick_id', old)).toBe(0);
      expect(kuschick.requests.at(-1)!.url).toContain(`mandant=${FAKE_KUSCHICK_MANDANT}&geaendert_seit=`);

      kuschick.mode = 'error';
      await expect(runCustomerImport(deps(), new Date(), log)).rejects.toThrow(/answered 500/);
      const last = await t.ctx.db
        .selectFrom('customer_import_run')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({ source: 'kuschick', fetched: 0 });
      expect(last.error).toContain('answered 500');
    });

    const kunde = (kundennr: string, extra: Record<string, unknown> = {}) => ({
      kundennr,
      nachname: 'Job',
      vorname: 'Jana',
      email: `jana.${kundennr}@example.org`,
      ...extra,
    });
  });
});
