import ExcelJS from 'exceljs';
import type {
  Customer,
  DataImportJob,
  DataImportReport,
  DataImportUndo,
  DataImportUpload,
  Page,
} from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createCustomerFixture, createJourneyFixture, nextSequence } from '../../seed/factories.ts';

/** Data import of customers from files (issue #18 item 3, docs/adr/0032). */
describe('data import', () => {
  let t: TestApp;
  let superadmin = '';
  let admin = '';
  let office = '';

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    superadmin = await createLogin(t.ctx, 'superadmin');
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  const upload = (name: string, content: Buffer | string, fields: Record<string, string> = {}, as = superadmin) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
    return call(t.app, as, { method: 'POST', url: '/system/import', payload: form });
  };
  const uploaded = async (name: string, content: Buffer | string, fields: Record<string, string> = {}) => {
    const response = await upload(name, content, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DataImportUpload>();
  };
  const job = async (id: number) =>
    (await call(t.app, superadmin, { method: 'GET', url: `/system/import/${id}` })).json<DataImportJob>();
  /** Starts the import and follows it as the screen does; answers the distinct progress values seen. */
  const run = async (id: number, payload: object) => {
    const started = await call(t.app, superadmin, { method: 'POST', url: `/system/import/${id}/start`, payload });
    expect(started.statusCode, started.body).toBe(202);
    const seen: number[] = [];
    let state = started.json<DataImportJob>();
    while (state.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = await job(id);
      if (seen.at(-1) !== state.processed) seen.push(state.processed);
    }
    return { state, seen };
  };
  const report = async (id: number, query = '') => {
    const response = await call(t.app, superadmin, {
      method: 'GET',
      url: `/system/import/${id}/report?${query.includes('$limit') ? '' : '$limit=500'}${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DataImportReport>();
  };
  const undo = async (id: number) => {
    const response = await call(t.app, superadmin, { method: 'POST', url: `/system/import/${id}/undo` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DataImportUndo>();
  };
  const customer = async (id: number) =>
    (await call(t.app, superadmin, { method: 'GET', url: `/customers/${id}` })).json<Customer>();
  const search = async (text: string) =>
    (
      await call(t.app, superadmin, {
        method: 'GET',
        url: `/customers?lit-search=${encodeURIComponent(text)}&$limit=50`,
      })
    ).json<Page<Customer>>();

  it('lets only superadmins import', async () => {
    for (const who of [admin, office]) {
      expect((await call(t.app, who, { method: 'GET', url: '/system/import' })).statusCode).toBe(403);
      expect((await upload('a.csv', 'Vorname;Nachname\nA;B', {}, who)).statusCode).toBe(403);
      expect((await call(t.app, who, { method: 'GET', url: '/system/import/sources' })).statusCode).toBe(403);
      expect((await call(t.app, who, { method: 'POST', url: '/system/import/1/undo' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/system/import' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 and the field', async () => {
    const notMultipart = await call(t.app, superadmin, { method: 'POST', url: '/system/import', payload: {} });
    expect(notMultipart.statusCode).toBe(400);
    const garbage = await upload('kaputt.xlsx', Buffer.from('PK\u0003\u0004 nothing'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors[0]).toMatchObject({ field: 'file', key: 'error.importFile' });
    const headerOnly = await upload('leer.csv', 'Vorname;Nachname\n');
    expect(headerOnly.json().errors[0]).toMatchObject({ field: 'file', key: 'error.importFile' });
    const badSource = await upload('a.csv', 'Vorname;Nachname\nA;B', { sourceId: 'x' });
    expect(badSource.json().errors[0]).toMatchObject({ field: 'sourceId', key: 'error.invalid' });
    const unknownSource = await upload('a.csv', 'Vorname;Nachname\nA;B', { sourceId: '999999' });
    expect(unknownSource.json().errors[0]).toMatchObject({ field: 'sourceId', key: 'error.invalid' });

    const { id } = await uploaded('a.csv', 'Vorname;Nachname\nAnna;Bauer');
    const preview = (payload: object) =>
      call(t.app, superadmin, { method: 'POST', url: `/system/import/${id}/preview`, payload });
    const noName = await preview({ mapping: { firstName: 0 } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toContainEqual(
      expect.objectContaining({ field: 'mapping.lastName', key: 'error.empty' }),
    );
    const outside = await preview({ mapping: { firstName: 0, lastName: 7 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0]).toMatchObject({ field: 'mapping.lastName', key: 'error.invalid' });
    const unknownField = await preview({ mapping: { firstName: 0, lastName: 1, shoeSize: 1 } });
    expect(unknownField.statusCode).toBe(400);
    const badMode = await preview({ mapping: { firstName: 0, lastName: 1 }, existing: 'merge' });
    expect(badMode.json().errors[0]).toMatchObject({ field: 'existing', key: 'error.invalid' });
    const longName = await call(t.app, superadmin, {
      method: 'POST',
      url: `/system/import/${id}/start`,
      payload: { mapping: { firstName: 0, lastName: 1 }, sourceName: 'x'.repeat(101) },
    });
    expect(longName.json().errors[0]).toMatchObject({ field: 'sourceName', key: 'error.tooLong' });
    expect((await call(t.app, superadmin, { method: 'GET', url: '/system/import/999999' })).statusCode).toBe(404);
    expect((await call(t.app, superadmin, { method: 'POST', url: '/system/import/999999/undo' })).statusCode).toBe(404);
    const badQuery = await call(t.app, superadmin, { method: 'GET', url: `/system/import/${id}/report?outcome=lost` });
    expect(badQuery.statusCode).toBe(400);
    // Undo before the run, and a second start, are conflicts.
    expect((await call(t.app, superadmin, { method: 'POST', url: `/system/import/${id}/undo` })).statusCode).toBe(409);
    await run(id, { mapping: { firstName: 0, lastName: 1 } });
    const again = await call(t.app, superadmin, {
      method: 'POST',
      url: `/system/import/${id}/start`,
      payload: { mapping: { firstName: 0, lastName: 1 } },
    });
    expect(again.statusCode).toBe(409);
  });

  it('imports a German CSV with a saved mapping: preview, duplicates, report, undo', async () => {
    const tag = nextSequence();
    const known = await createCustomerFixture(t.ctx, 9100 + tag, { firstName: 'Karla', surname: `Kolumna${tag}` });
    const twin = await createCustomerFixture(t.ctx, 9200 + tag, {
      firstName: 'Bernd',
      surname: `Brot${tag}`,
      birthday: '1961-04-02',
      zip: '10115',
    });
    const csv = [
      '\uFEFFAnrede;Vorname;Nachname;Straße;PLZ;Ort;E-Mail;Telefon;Geburtstag;Newsletter;Notiz',
      `Frau;Jördis;Müller${tag};Hauptstr. 1;80331;München;joerdis.${tag}@import.example;089 123456;01.02.1970;ja;x`,
      `Herr;Ümit;Özdemir${tag};Ring 2;50667;Köln;uemit.${tag}@import.example;;1980-12-24;;`,
      `Frau;Jördis;Müller${tag};Hauptstr. 1;80331;München;JOERDIS.${tag}@import.example;;;;`,
      `Frau;Karla;Kolumna${tag};Neue Str. 5;14467;Potsdam;${known.email};;;;`,
      `Herr;Bernd;Brot${tag};;10115;Berlin;;030 999;02.04.1961;;`,
      `Herr;Ohne;Mail${tag};;;;keine-adresse;;;;`,
      `Herr;Falsches;Datum${tag};;;;;;31.02.1970;;`,
      `Dr;Anrede;Unbekannt${tag};;;;;;;;`,
      `;X;;;;;;;;;`,
    ].join('\r\n');
    const first = await uploaded('kunden.csv', csv);
    expect(first.columns).toEqual([
      'Anrede',
      'Vorname',
      'Nachname',
      'Straße',
      'PLZ',
      'Ort',
      'E-Mail',
      'Telefon',
      'Geburtstag',
      'Newsletter',
      'Notiz',
    ]);
    expect(first.rows).toBe(9);
    expect(first.sample[0]![1]).toBe('Jördis');
    expect(first.mapping).toMatchObject({
      salutation: 0,
      firstName: 1,
      lastName: 2,
      street: 3,
      zip: 4,
      city: 5,
      email: 6,
    });
    const mapping = { ...first.mapping, phone: 7, birthday: 8, newsletter: 9 };

    const preview = await call(t.app, superadmin, {
      method: 'POST',
      url: `/system/import/${first.id}/preview`,
      payload: { mapping },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { rows, counts } = preview.json();
    expect(counts).toEqual({ new: 2, update: 2, skip: 5 });
    expect(
      rows.map((row: { row: number; state: string; reason: string | null }) => [row.row, row.state, row.reason]),
    ).toEqual([
      [2, 'new', null],
      [3, 'new', null],
      [4, 'skip', 'duplicateInFile'],
      [5, 'update', null],
      [6, 'update', null],
      [7, 'skip', 'invalid.email'],
      [8, 'skip', 'invalid.birthday'],
      [9, 'skip', 'invalid.salutation'],
      [10, 'skip', 'invalid.firstName'],
    ]);
    expect(rows[3].matchId).toBe(known.id);
    expect(rows[4].matchId).toBe(twin.id);

    const { state, seen } = await run(first.id, { mapping, sourceName: `Messe ${tag}` });
    expect(state).toMatchObject({
      status: 'done',
      processed: 9,
      total: 9,
      created: 2,
      updated: 2,
      skipped: 5,
      sourceName: `Messe ${tag}`,
    });
    expect(seen.at(-1)).toBe(9);

    const full = await report(first.id);
    expect(full.total).toBe(9);
    expect(full.data.map((row) => [row.row, row.outcome, row.reason])).toEqual([
      [2, 'created', null],
      [3, 'created', null],
      [4, 'skipped', 'duplicateInFile'],
      [5, 'updated', null],
      [6, 'updated', null],
      [7, 'skipped', 'invalid.email'],
      [8, 'skipped', 'invalid.birthday'],
      [9, 'skipped', 'invalid.salutation'],
      [10, 'skipped', 'invalid.firstName'],
    ]);
    expect((await report(first.id, '&outcome=created')).total).toBe(2);

    // The new cards are real customers: found by the list search (also without umlauts), sorted, with their rows.
    const jordis = (await search(`muller${tag}`)).data[0]!;
    expect(jordis).toMatchObject({
      name: `Müller${tag}, Jördis`,
      salutation: 1,
      birthday: '1970-02-01',
      zip: '80331',
      city: 'München',
      email: `joerdis.${tag}@import.example`,
      newsletter: true,
    });
    expect((await search('089 123456')).data.map((row) => row.id)).toContain(jordis.id);
    // The updates: Karla got the street and city, Bernd the phone; their e-mail stays.
    expect(await customer(known.id)).toMatchObject({ address: 'Neue Str. 5', city: 'Potsdam', email: known.email });
    const bernd = await customer(twin.id);
    expect(bernd.phones.map((row) => row.value)).toContain('030 999');

    // The source keeps the mapping for the next file of the same source.
    const sources = (await call(t.app, superadmin, { method: 'GET', url: '/system/import/sources' })).json();
    const source = sources.find((row: { name: string }) => row.name === `Messe ${tag}`);
    expect(source.mapping).toMatchObject({ phone: 7, birthday: 8, newsletter: 9 });
    const next = await uploaded('kunden2.csv', csv, { sourceId: String(source.id) });
    expect(next.mapping).toEqual(source.mapping);
    expect(next.sourceId).toBe(source.id);
    // The same file again: nothing new, the known rows unchanged.
    const rerun = await run(next.id, { mapping: next.mapping, existing: 'skip' });
    expect(rerun.state).toMatchObject({ created: 0, updated: 0, skipped: 9 });

    // Ümit books a trip after the import: the undo keeps him and says why.
    const uemit = (await search(`ozdemir${tag}`)).data[0]!;
    const journey = await createJourneyFixture(t.ctx, 9300 + tag);
    const date = await t.ctx.db
      .selectFrom('jrn_date')
      .select('nr')
      .where('id_jrn_journey', '=', journey.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('booking')
      .values({ id_jrn_date: date.nr, id_jrn_journey: journey.id, id_booker_card: uemit.id, status: 'firm' })
      .execute();

    const undone = await undo(first.id);
    expect(undone).toEqual({
      removed: 1,
      restored: 2,
      kept: [{ id_vc_card: uemit.id, row: 3, reason: 'error.customerHasBookings' }],
    });
    expect((await call(t.app, superadmin, { method: 'GET', url: `/customers/${jordis.id}` })).statusCode).toBe(404);
    expect((await search(`muller${tag}`)).total).toBe(0);
    expect(await customer(known.id)).toMatchObject({ address: known.address, city: known.city, email: known.email });
    expect((await customer(twin.id)).phones.map((row) => row.value)).not.toContain('030 999');
    expect(await job(first.id)).toMatchObject({ status: 'undone', undoKept: 1 });
    expect((await report(first.id, '&outcome=kept')).data).toEqual([
      { row: 3, outcome: 'kept', reason: 'error.customerHasBookings', id_vc_card: uemit.id },
    ]);
    // An import is undone once.
    expect((await call(t.app, superadmin, { method: 'POST', url: `/system/import/${first.id}/undo` })).statusCode).toBe(
      409,
    );
    const list = (await call(t.app, superadmin, { method: 'GET', url: '/system/import?$limit=100' })).json();
    expect(list.data.map((row: DataImportJob) => row.id)).toEqual(expect.arrayContaining([first.id, next.id]));
  });

  it('reads an Excel workbook with dates', async () => {
    const tag = nextSequence();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Kunden');
    sheet.addRow(['Vorname', 'Nachname', 'Geburtsdatum', 'E-Mail']);
    sheet.addRow(['Greta', `Garbo${tag}`, new Date(Date.UTC(1955, 8, 18)), `greta.${tag}@import.example`]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { id, mapping } = await uploaded('kunden.xlsx', file);
    expect(mapping).toMatchObject({ firstName: 0, lastName: 1, birthday: 2, email: 3 });
    expect((await run(id, { mapping })).state).toMatchObject({ status: 'done', created: 1 });
    expect((await search(`garbo${tag}`)).data[0]).toMatchObject({
      birthday: '1955-09-18',
      email: `greta.${tag}@import.example`,
    });
  });

  it('imports 50,000 rows with duplicates in batches, reports them and undoes the whole import', async () => {
    const tag = nextSequence();
    const existing = await createCustomerFixture(t.ctx, 9400 + tag, { firstName: 'Erna', surname: `Existiert${tag}` });
    const lines = ['Vorname,Nachname,E-Mail,PLZ,Ort,Geburtstag'];
    const total = 50_000;
    for (let i = 0; i < total; i++) {
      if (i === 100) lines.push(`Erna,Existiert${tag},${existing.email},12345,Berlin,`);
      else if (i % 50 === 49) lines.push(`Doppel,Gast${i - 1},gast${i - 1}.${tag}@bulk.example,10115,Berlin,`);
      else lines.push(`Gast,Nummer${i},gast${i}.${tag}@bulk.example,10115,Berlin,${1950 + (i % 50)}-01-01`);
    }
    const started = Date.now();
    const { id, rows } = await uploaded('gross.csv', lines.join('\n'));
    expect(rows).toBe(total);
    const uploadedAt = Date.now();
    const { state, seen } = await run(id, {
      mapping: { firstName: 0, lastName: 1, email: 2, zip: 3, city: 4, birthday: 5 },
    });
    const ranAt = Date.now();
    const duplicates = total / 50;
    expect(state).toMatchObject({
      status: 'done',
      processed: total,
      created: total - duplicates - 1,
      updated: 1,
      skipped: duplicates,
    });
    // The progress moved in steps (the bar), not at once.
    expect(seen.length).toBeGreaterThan(2);
    const skipped = await report(id, '&outcome=skipped&$limit=5');
    expect(skipped.total).toBe(duplicates);
    expect(skipped.data[0]).toMatchObject({ row: 51, outcome: 'skipped', reason: 'duplicateInFile' });
    expect((await report(id, '&outcome=updated')).data).toEqual([
      { row: 102, outcome: 'updated', reason: null, id_vc_card: existing.id },
    ]);
    expect((await search(`gast4321.${tag}@bulk.example`)).total).toBe(1);
    const undoAt = Date.now();
    const undone = await undo(id);
    const undoneAt = Date.now();
    expect(undone).toMatchObject({ removed: total - duplicates - 1, restored: 1, kept: [] });
    expect((await search(`${tag}@bulk.example`)).total).toBe(0);
    expect(await customer(existing.id)).toMatchObject({ zip: existing.zip, city: existing.city });
    console.info(
      `50,000 rows (${t.ctx.dialect}): upload ${uploadedAt - started} ms, run ${ranAt - uploadedAt} ms, undo ${undoneAt - undoAt} ms, ${seen.length} progress steps`,
    );
  }, 300_000);
});
