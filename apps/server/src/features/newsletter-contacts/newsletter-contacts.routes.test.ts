import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { createCategoryFixture } from '../../seed/catalogue-factories.ts';
import { createAgencyFixture, createCustomerFixture, createJourneyFixture } from '../../seed/factories.ts';
import { certifiedListIds, isListCertified } from './newsletter-contacts.service.ts';

type Contact = {
  id: number;
  email: string;
  subscription: string;
  integrated: boolean;
  id_vc_card: number | null;
  listIds: number[];
  consentSource: string | null;
  firstName: string | null;
};

const ALL_STATEMENTS = {
  consent: true,
  notThirdParty: true,
  unsubscribeLink: true,
  lawfulContent: true,
  guidelines: true,
};

describe('newsletter contacts and lists', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin = '';
  let office = '';
  let agency = '';
  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: smtp.url } });
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    agency = await createLogin(t.ctx, 'agency');
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const cardFlag = async (cardId: number) =>
    Boolean(
      (
        await t.ctx.db
          .selectFrom('vc_card')
          .select('newsletter')
          .where('id_vc_card', '=', cardId)
          .executeTakeFirstOrThrow()
      ).newsletter,
    );
  const newList = async (name: string) => {
    const response = await call(t.app, office, { method: 'POST', url: '/newsletter/lists', payload: { name } });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };

  it('creates a contact linked to the customer card of its address and keeps the card flag in step', async () => {
    const customer = await createCustomerFixture(t.ctx, 501, {
      emails: [{ key: 'email-private', value: 'Erika.Muster@example.de' }],
    });
    expect(await cardFlag(customer.id)).toBe(false);
    const created = await call(t.app, office, {
      method: 'POST',
      url: '/newsletter/contacts',
      payload: { email: 'erika.muster@example.de', firstName: 'Erika', lastName: 'Muster', salutation: 'Frau' },
    });
    expect(created.statusCode).toBe(201);
    const contact = created.json<Contact>();
    expect(contact).toMatchObject({ subscription: 'subscribed', integrated: true, id_vc_card: customer.id });
    expect(contact.consentSource).toMatch(/^manual: /);
    expect(await cardFlag(customer.id)).toBe(true);

    const unsubscribed = await call(t.app, office, {
      method: 'PATCH',
      url: `/newsletter/contacts/${contact.id}`,
      payload: { subscription: 'unsubscribed' },
    });
    expect(unsubscribed.json()).toMatchObject({ subscription: 'unsubscribed' });
    expect(await cardFlag(customer.id)).toBe(false);

    const again = await call(t.app, office, {
      method: 'POST',
      url: '/newsletter/contacts',
      payload: { email: 'ERIKA.muster@example.de' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([expect.objectContaining({ field: 'email', key: 'error.contactExists' })]);

    const invalid = await call(t.app, office, {
      method: 'POST',
      url: '/newsletter/contacts',
      payload: { email: 'nope', subscription: 'maybe' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      expect.objectContaining({ field: 'email', key: 'error.email' }),
      expect.objectContaining({ field: 'subscription', key: 'error.invalid' }),
    ]);
  });

  it('lists contacts with search and the filters subscription, integrated, active and list membership', async () => {
    const listId = await newList('Filterliste');
    const a = await call(t.app, office, {
      method: 'POST',
      url: '/newsletter/contacts',
      payload: { email: 'joerg.oesswald@example.org', firstName: 'Jörg', lastName: 'Ößwald', listIds: [listId] },
    });
    expect(a.statusCode).toBe(201);
    await call(t.app, office, {
      method: 'POST',
      url: '/newsletter/contacts',
      payload: { email: 'inactive@example.org', lastName: 'Inaktiv', active: false, subscription: 'pending' },
    });
    const ids = async (query: string) =>
      (await call(t.app, office, { method: 'GET', url: `/newsletter/contacts?${query}` }))
        .json<{ data: Contact[] }>()
        .data.map((row) => row.email);
    expect(await ids('lit-search=osswald')).toEqual(['joerg.oesswald@example.org']);
    expect(await ids(`listId=${listId}`)).toEqual(['joerg.oesswald@example.org']);
    expect(await ids('active=false')).toEqual(['inactive@example.org']);
    expect(await ids('subscription=pending')).toEqual(['inactive@example.org']);
    expect(await ids('integrated=true')).toEqual(['erika.muster@example.de']);
    expect(await ids('integrated=false&subscription=unsubscribed')).toEqual([]);
    const bad = await call(t.app, office, { method: 'GET', url: '/newsletter/contacts?integrated=perhaps' });
    expect(bad.statusCode).toBe(400);
  });

  it('adds members by hand with the duplicate message at the field, removes them and counts them', async () => {
    const listId = await newList('Stammkunden Test');
    const duplicateName = await call(t.app, office, {
      method: 'POST',
      url: '/newsletter/lists',
      payload: { name: 'stammkunden test' },
    });
    expect(duplicateName.json().errors).toEqual([expect.objectContaining({ field: 'name', key: 'error.listExists' })]);
    const add = (email: string) =>
      call(t.app, office, { method: 'POST', url: `/newsletter/lists/${listId}/members`, payload: { email } });
    const first = await add('hans@example.org');
    expect(first.statusCode).toBe(201);
    expect((await add('erika.muster@example.de')).statusCode).toBe(201);
    const twice = await add('Hans@Example.org');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ key: 'error.emailExists' });
    expect(twice.json().errors).toEqual([
      { field: 'email', key: 'error.emailExists', message: 'This e-mail address already exists in this list.' },
    ]);
    const list = await call(t.app, office, { method: 'GET', url: `/newsletter/lists/${listId}` });
    expect(list.json()).toMatchObject({ name: 'Stammkunden Test', contactCount: 2, certified: false });
    const removed = await call(t.app, office, {
      method: 'DELETE',
      url: `/newsletter/lists/${listId}/members/${first.json().id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await call(t.app, office, { method: 'GET', url: `/newsletter/lists/${listId}` })).json().contactCount).toBe(
      1,
    );
    const again = await call(t.app, office, {
      method: 'DELETE',
      url: `/newsletter/lists/${listId}/members/${first.json().id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('certifies a list only with all five statements and records who and when', async () => {
    const listId = await newList('Zu zertifizieren');
    const partial = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/certification`,
      payload: { ...ALL_STATEMENTS, guidelines: false },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual([expect.objectContaining({ field: 'guidelines', key: 'error.certifyAll' })]);
    expect(await isListCertified(t.ctx, listId)).toBe(false);
    const certified = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/certification`,
      payload: ALL_STATEMENTS,
    });
    expect(certified.statusCode).toBe(200);
    expect(certified.json()).toMatchObject({ certified: true, certifiedByName: expect.any(String) });
    expect(Date.now() - new Date(certified.json().certifiedAt).getTime()).toBeLessThan(60_000);
    const other = await newList('Nicht zertifiziert');
    expect(await isListCertified(t.ctx, listId)).toBe(true);
    expect(await certifiedListIds(t.ctx, [listId, other, 999999])).toEqual([listId]);
    const onlyCertified = await call(t.app, office, { method: 'GET', url: '/newsletter/lists?certified=true' });
    expect(onlyCertified.json().data.map((row: { id: number }) => row.id)).toEqual([listId]);
  });

  it('adds customers by filter: travelled with a category, of an agency, with the newsletter flag', async () => {
    const category = await createCategoryFixture(t.ctx, 77, { name: 'Wanderreise Test' });
    const journey = await createJourneyFixture(t.ctx, 77, { category: category.id });
    const travelled = await createCustomerFixture(t.ctx, 601);
    const stayedHome = await createCustomerFixture(t.ctx, 602);
    const date = await t.ctx.db
      .selectFrom('jrn_date')
      .select('nr')
      .where('id_jrn_journey', '=', journey.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('booking')
      .values({ id_jrn_date: date.nr, id_jrn_journey: journey.id, id_booker_card: travelled.id, status: 'firm' })
      .execute();
    const listId = await newList('Wanderfreunde');
    const fromCategory = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/members/from-customers`,
      payload: { categoryId: category.id },
    });
    expect(fromCategory.json()).toEqual({ added: 1, created: 1, total: 1 });
    const members = await call(t.app, office, { method: 'GET', url: `/newsletter/contacts?listId=${listId}` });
    expect(members.json().data).toEqual([
      expect.objectContaining({ email: travelled.email, id_vc_card: travelled.id, integrated: true }),
    ]);
    expect(await cardFlag(travelled.id)).toBe(true);
    expect(await cardFlag(stayedHome.id)).toBe(false);

    const agencyOrg = await createAgencyFixture(t.ctx, 88);
    const agencyCustomer = await createCustomerFixture(t.ctx, 603, { agencyId: agencyOrg.id });
    const byAgency = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/members/from-customers`,
      payload: { agencyId: agencyOrg.id },
    });
    expect(byAgency.json()).toEqual({ added: 1, created: 1, total: 1 });
    expect(await cardFlag(agencyCustomer.id)).toBe(true);
    // Everyone with the flag: the two just added, and Erika? She unsubscribed, so her flag is off.
    const flagged = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/members/from-customers`,
      payload: { newsletterFlag: true },
    });
    expect(flagged.json()).toEqual({ added: 0, created: 0, total: 2 });
    const empty = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/members/from-customers`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  const upload = (name: string, content: Buffer, type: string, as = office) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), name);
    return call(t.app, as, { method: 'POST', url: '/newsletter/contacts/import', payload: form });
  };
  const runImport = async (id: number, listId: number | null, mapping: Record<string, number | null>) => {
    const started = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/contacts/import/${id}/start`,
      payload: { mapping, listId },
    });
    expect(started.statusCode).toBe(200);
    const steps: number[] = [];
    let progress = started.json();
    while (progress.status !== 'done') {
      progress = (await call(t.app, office, { method: 'POST', url: `/newsletter/contacts/import/${id}/next` })).json();
      steps.push(progress.processed);
    }
    return { progress, steps };
  };

  it('imports a CSV: detected columns, preview with duplicates, chunked progress, summary, consent source', async () => {
    const listId = await newList('Import-Liste');
    const rows = ['\uFEFFE-Mail;Vorname;Nachname;Anrede'];
    for (let i = 0; i < 300; i++) rows.push(`gast${i}@import.example;Gast;Nummer ${i};Herr`);
    rows.push('gast5@import.example;Doppelt;Im File;');
    rows.push('kein-mail;Ohne;Adresse;');
    rows.push('hans@example.org;Hans;Bekannt;Herr');
    rows.push('erika.muster@example.de;Erika;Abgemeldet;');
    const uploaded = await upload('kunden.csv', Buffer.from(rows.join('\r\n')), 'text/csv');
    expect(uploaded.statusCode).toBe(201);
    const { id, columns, mapping, rows: count, sample } = uploaded.json();
    expect(columns).toEqual(['E-Mail', 'Vorname', 'Nachname', 'Anrede']);
    expect(mapping).toMatchObject({ email: 0, firstName: 1, lastName: 2, salutation: 3, title: null, language: null });
    expect(count).toBe(304);
    expect(sample[0]).toEqual(['gast0@import.example', 'Gast', 'Nummer 0', 'Herr']);

    const checked = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/contacts/import/${id}/check`,
      payload: { mapping },
    });
    expect(checked.json().counts).toEqual({
      new: 300,
      existing: 1,
      duplicateInFile: 1,
      invalidEmail: 1,
      unsubscribed: 1,
    });
    expect(checked.json().preview[0]).toEqual({
      row: 2,
      email: 'gast0@import.example',
      firstName: 'Gast',
      lastName: 'Nummer 0',
      state: 'new',
    });
    const noEmail = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/contacts/import/${id}/check`,
      payload: { mapping: { firstName: 1 } },
    });
    expect(noEmail.json().errors).toEqual([expect.objectContaining({ field: 'mapping.email', key: 'error.empty' })]);

    const { progress, steps } = await runImport(id, listId, mapping);
    expect(steps).toEqual([250, 304]);
    expect(progress).toMatchObject({
      status: 'done',
      processed: 304,
      total: 304,
      created: 300,
      updated: 1,
      skipped: 3,
    });
    expect(progress.skippedRows).toEqual([
      { row: 302, email: 'gast5@import.example', reason: 'duplicateInFile' },
      { row: 303, email: 'kein-mail', reason: 'invalidEmail' },
      { row: 305, email: 'erika.muster@example.de', reason: 'unsubscribed' },
    ]);
    expect((await call(t.app, office, { method: 'GET', url: `/newsletter/lists/${listId}` })).json().contactCount).toBe(
      301,
    );
    const imported = await call(t.app, office, {
      method: 'GET',
      url: '/newsletter/contacts?lit-search=gast7@import.example',
    });
    expect(imported.json().data[0].consentSource).toMatch(/^import: kunden\.csv, .+, 20\d\d-/);
    // A second start of the same import is refused; further chunks change nothing.
    const restart = await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/contacts/import/${id}/start`,
      payload: { mapping },
    });
    expect(restart.statusCode).toBe(409);
    // Another user cannot see this import.
    expect((await call(t.app, admin, { method: 'GET', url: `/newsletter/contacts/import/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('imports an Excel workbook built in the test', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Kontakte');
    sheet.addRow(['Email', 'First name', 'Last name', 'Language']);
    sheet.addRow(['anna@xlsx.example', 'Anna', 'Exzel', 'en']);
    sheet.addRow(['bert@xlsx.example', 'Bert', 'Blatt', 'de']);
    sheet.addRow(['anna@xlsx.example', 'Anna', 'Zweimal', 'en']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await upload(
      'liste.xlsx',
      buffer,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({
      columns: ['Email', 'First name', 'Last name', 'Language'],
      mapping: { email: 0, firstName: 1, lastName: 2, language: 3 },
      rows: 3,
    });
    const { progress } = await runImport(uploaded.json().id, null, uploaded.json().mapping);
    expect(progress).toMatchObject({ created: 2, updated: 0, skipped: 1 });
    const anna = await call(t.app, office, { method: 'GET', url: '/newsletter/contacts?lit-search=anna@xlsx.example' });
    expect(anna.json().data[0]).toMatchObject({ firstName: 'Anna', lastName: 'Exzel', language: 'en' });

    const garbage = await upload('kaputt.xlsx', Buffer.from('PK\u0003\u0004 nothing'), 'application/octet-stream');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors).toEqual([expect.objectContaining({ field: 'file', key: 'error.importFile' })]);
    const headerOnly = await upload('leer.csv', Buffer.from('email;name\r\n'), 'text/csv');
    expect(headerOnly.json().key).toBe('error.importFile');
  });

  it('exports the contacts as CSV for German Excel, in the reader language', async () => {
    const response = await call(t.app, office, {
      method: 'GET',
      url: '/newsletter/contacts/export.csv?lit-search=erika.muster',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFNr.;E-Mail;Anrede;Titel;Vorname;Nachname;Sprache;Status;Aktiv;Kunde;Einwilligung am;Einwilligung über',
    );
    expect(lines[1]).toMatch(
      /;erika\.muster@example\.de;Frau;;Erika;Muster;de;Abgemeldet;Ja;.+;\d\d\.\d\d\.20\d\d \d\d:\d\d;manual: /,
    );
    const english = await call(t.app, office, {
      method: 'GET',
      url: '/newsletter/contacts/export.csv?lit-search=erika.muster',
      headers: { 'accept-language': 'en-GB' },
    });
    expect(english.body.split('\r\n')[0]).toContain('No.;E-mail;Salutation');
    expect(english.body.split('\r\n')[1]).toContain(';Unsubscribed;Yes;');
  });

  describe('double opt-in', () => {
    const codeFrom = (text: string) => /\/auth\/newsletter-confirm\/([\w.-]+)/.exec(text)![1]!;

    it('mails a confirmation link; the code subscribes once and records the consent', async () => {
      const listId = await newList('Website Zertifiziert');
      await call(t.app, office, {
        method: 'POST',
        url: `/newsletter/lists/${listId}/certification`,
        payload: ALL_STATEMENTS,
      });
      const subscribed = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe',
        payload: { email: 'Neu@Website.example', firstName: 'Nina', language: 'de', listId },
      });
      expect(subscribed.statusCode).toBe(202);
      const pending = await call(t.app, office, {
        method: 'GET',
        url: '/newsletter/contacts?lit-search=neu@website.example',
      });
      expect(pending.json().data[0]).toMatchObject({ subscription: 'pending', consentAt: null, listIds: [] });
      const mail = await smtp.waitFor('neu@website.example', 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung');
      expect(mail.text).toContain('Hallo Nina');
      const code = codeFrom(mail.text);

      const confirmed = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe/confirm',
        payload: { code },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ ok: true, email: 'neu@website.example' });
      const contact = (
        await call(t.app, office, { method: 'GET', url: '/newsletter/contacts?lit-search=neu@website.example' })
      ).json().data[0];
      expect(contact).toMatchObject({ subscription: 'subscribed', consentIp: '127.0.0.1', listIds: [listId] });
      expect(contact.consentSource).toMatch(/^double opt-in: /);
      expect(contact.consentAt).not.toBeNull();

      const twice = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe/confirm',
        payload: { code },
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().key).toBe('error.optinInvalid');
    });

    it('answers the same for a known address, mails English, and refuses an expired code', async () => {
      const known = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe',
        payload: { email: 'hans@example.org', language: 'en' },
      });
      const unknown = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe',
        payload: { email: 'fresh@website.example', language: 'en' },
      });
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.body).toBe(unknown.body);
      const mail = await smtp.waitFor('fresh@website.example', 'Please confirm your newsletter subscription');
      await t.ctx.db
        .updateTable('newsletter_contact')
        .set({ optin_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email_key', '=', 'fresh@website.example')
        .execute();
      const expired = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe/confirm',
        payload: { code: codeFrom(mail.text) },
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().errors).toEqual([expect.objectContaining({ field: 'code', key: 'error.optinInvalid' })]);
    });

    it('refuses an uncertified list and bad input, and throttles one address', async () => {
      const uncertified = await newList('Website unzertifiziert');
      const refused = await call(t.app, null, {
        method: 'POST',
        url: '/newsletter/subscribe',
        payload: { email: 'x@website.example', listId: uncertified },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ field: 'listId', key: 'error.listNotCertified' }),
      ]);
      const bad = await call(t.app, null, { method: 'POST', url: '/newsletter/subscribe', payload: { email: 'nope' } });
      expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'email', key: 'error.email' })]);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await call(t.app, null, {
              method: 'POST',
              url: '/newsletter/subscribe',
              payload: { email: 'spam@website.example' },
            })
          ).statusCode,
        );
      expect(statuses).toEqual([202, 202, 202, 429]);
    });
  });

  it('answers the Mailjet contact calls from its own contacts (limit at most 1000)', async () => {
    const all = await call(t.app, office, { method: 'GET', url: '/mailjet/contact?limit=1000' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.Data.length).toBe(body.Total);
    expect(body.Data[0]).toEqual(
      expect.objectContaining({
        ID: expect.any(Number),
        Email: expect.any(String),
        Name: expect.any(String),
        IsExcludedFromCampaigns: expect.any(Boolean),
        CreatedAt: expect.any(String),
      }),
    );
    const erika = body.Data.find((row: { Email: string }) => row.Email === 'erika.muster@example.de');
    expect(erika).toMatchObject({ Name: 'Erika Muster', IsExcludedFromCampaigns: true });
    const listId = await newList('Mailjet-Liste');
    await call(t.app, office, {
      method: 'POST',
      url: `/newsletter/lists/${listId}/members`,
      payload: { email: 'mj@example.org' },
    });
    const ofList = await call(t.app, office, {
      method: 'GET',
      url: `/mailjet/contact?limit=1000&ContactsList=${listId}`,
    });
    expect(ofList.json()).toMatchObject({
      Count: 1,
      Total: 1,
      Data: [{ Email: 'mj@example.org', IsExcludedFromCampaigns: false }],
    });
    const byEmail = await call(t.app, office, { method: 'GET', url: '/mailjet/contact/MJ@example.org' });
    expect(byEmail.json().Data).toEqual([expect.objectContaining({ Email: 'mj@example.org' })]);
    const byId = await call(t.app, office, { method: 'GET', url: `/mailjet/contact/${byEmail.json().Data[0].ID}` });
    expect(byId.json().Data[0].Email).toBe('mj@example.org');
    expect((await call(t.app, office, { method: 'GET', url: '/mailjet/contact/nobody@example.org' })).statusCode).toBe(
      404,
    );
    const tooMany = await call(t.app, office, { method: 'GET', url: '/mailjet/contact?limit=1001' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([expect.objectContaining({ field: 'limit', key: 'error.invalid' })]);
    const paged = await call(t.app, office, { method: 'GET', url: '/mailjet/contact?limit=2&offset=1' });
    expect(paged.json().Data.map((row: { ID: number }) => row.ID)).toEqual(
      body.Data.slice(1, 3).map((row: { ID: number }) => row.ID),
    );
  });

  it('needs a login (401) and the newsletter rights (403); deleting needs newsletter-delete', async () => {
    const urls = [
      '/newsletter/contacts',
      '/newsletter/lists',
      '/mailjet/contact?limit=10',
      '/newsletter/contacts/export.csv',
    ];
    for (const url of urls) {
      expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await call(t.app, agency, { method: 'GET', url })).statusCode).toBe(403);
    }
    expect(
      (await call(t.app, agency, { method: 'POST', url: '/newsletter/contacts', payload: { email: 'a@b.example' } }))
        .statusCode,
    ).toBe(403);
    const contact = (
      await call(t.app, office, { method: 'POST', url: '/newsletter/contacts', payload: { email: 'weg@example.org' } })
    ).json<Contact>();
    expect(
      (await call(t.app, office, { method: 'DELETE', url: `/newsletter/contacts/${contact.id}` })).statusCode,
    ).toBe(403);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/newsletter/contacts/${contact.id}` })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, office, { method: 'GET', url: `/newsletter/contacts/${contact.id}` })).statusCode).toBe(
      404,
    );
    const listId = await newList('Zum Löschen');
    expect((await call(t.app, office, { method: 'DELETE', url: `/newsletter/lists/${listId}` })).statusCode).toBe(403);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/newsletter/lists/${listId}` })).statusCode).toBe(200);
  });

  it('follows the newsletter flag of the customer form both ways', async () => {
    const customer = await createCustomerFixture(t.ctx, 502, {
      emails: [{ key: 'email-private', value: 'kurt.karte@example.de' }],
    });
    const on = await call(t.app, office, {
      method: 'PATCH',
      url: `/customers/${customer.id}`,
      payload: { newsletter: true },
    });
    expect(on.json()).toMatchObject({ newsletter: true });
    const contact = (
      await call(t.app, office, { method: 'GET', url: '/newsletter/contacts?lit-search=kurt.karte@example.de' })
    ).json().data[0];
    expect(contact).toMatchObject({ subscription: 'subscribed', id_vc_card: customer.id });
    expect(contact.consentSource).toMatch(/^customer card #/);
    const off = await call(t.app, office, {
      method: 'PATCH',
      url: `/customers/${customer.id}`,
      payload: { newsletter: false },
    });
    expect(off.json()).toMatchObject({ newsletter: false });
    expect(
      (await call(t.app, office, { method: 'GET', url: `/newsletter/contacts/${contact.id}` })).json(),
    ).toMatchObject({
      subscription: 'unsubscribed',
    });
    await call(t.app, office, {
      method: 'PATCH',
      url: `/newsletter/contacts/${contact.id}`,
      payload: { subscription: 'subscribed' },
    });
    expect((await call(t.app, office, { method: 'GET', url: `/customers/${customer.id}` })).json().newsletter).toBe(
      true,
    );
  });
});

describe('newsletter demo contacts', () => {
  let t: TestApp;
  // The whole demo data set: slow on PostgreSQL on a busy machine.
  beforeAll(async () => {
    t = await buildTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('seeds 300–400 contacts, most of them demo customers, a certified Stammkunden list and an uncertified one', async () => {
    const contacts = await call(t.app, 'office', { method: 'GET', url: '/newsletter/contacts?$limit=1' });
    expect(contacts.json().total).toBeGreaterThanOrEqual(300);
    expect(contacts.json().total).toBeLessThanOrEqual(400);
    const integrated = await call(t.app, 'office', {
      method: 'GET',
      url: '/newsletter/contacts?$limit=1&integrated=true',
    });
    expect(integrated.json().total).toBeGreaterThan(contacts.json().total / 2);
    const lists = (await call(t.app, 'office', { method: 'GET', url: '/newsletter/lists' })).json().data;
    expect(lists).toEqual([
      expect.objectContaining({ name: 'Stammkunden', certified: true, certifiedByName: 'Andrea Köhler' }),
      expect.objectContaining({ name: 'Website-Interessenten', certified: false, contactCount: 60 }),
    ]);
    expect(lists[0].contactCount).toBeGreaterThan(50);
  });
});
