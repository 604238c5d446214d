import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { normalizeSearchText, type AnonymiseResult, type Customer } from '@tourdesk/contracts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createAgencyFixture, createJourneyFixture, DEMO_PASSWORD, nextSequence } from '../../seed/factories.ts';
import { findAuditEntries } from '../auth/auth.repository.ts';
import { fileKey, newFileBase } from '../files/file-store.ts';

/** GDPR export and anonymisation of a customer (issue #18 item 7, docs/adr/0034). */
describe('customers: GDPR export and anonymisation', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', otherAgencyAdmin: '', traveller: '' };
  let agencyId = 0;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    const other = await createAgencyFixture(t.ctx, nextSequence());
    agencyId = agency.id;
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    as.agency = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    as.otherAgencyAdmin = await createLogin(t.ctx, 'admin', { agencyId: other.id });
    as.traveller = await createLogin(t.ctx, 'traveller');
  });
  afterAll(() => t.close());

  type Story = {
    customer: Customer;
    surname: string;
    email: string;
    bookingId: number;
    participants: number[];
    invoiceNumber: string;
    appUserId: number;
    appEmail: string;
    photoKey: string;
    photoBytes: Buffer;
    dateNr: number;
  };

  /**
   * A customer with everything the export covers: contacts, address, birthday, newsletter, a booking with an
   * invoice and a payment (travelled or not), an app account with a push device, a suitcase and a diary photo.
   */
  async function customerStory(options: { travelled: boolean; agencyId?: number }): Promise<Story> {
    const n = nextSequence();
    const surname = `Datenschutz${n}`;
    const email = `kunde-${n}@example.org`;
    const created = await call(t.app, as.admin, {
      method: 'POST',
      url: '/customers',
      payload: {
        salutation: 2,
        firstName: 'Wiebke',
        surname,
        address: 'Lindenweg 7',
        zip: '24103',
        city: 'Kiel',
        country: 'Deutschland',
        birthday: '1961-07-02',
        passportValidUntil: '2031-01-31',
        phones: [{ key: 'phone-mobile', value: '0171 5550123' }],
        emails: [{ key: 'email-private', value: email }],
        newsletter: true,
        ...(options.agencyId ? { agencyId: options.agencyId } : {}),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json<Customer>();

    const journey = await createJourneyFixture(t.ctx, n);
    const dateNr = journey.dates[0]!.nr;
    if (options.travelled)
      await t.ctx.db
        .updateTable('jrn_date')
        .set({ date_from: '2024-05-01', date_till: '2024-05-08' })
        .where('nr', '=', dateNr)
        .execute();
    const booking = await insertTestBooking(t.ctx, {
      nr: dateNr,
      status: 'firm',
      bookerCardId: customer.id,
      participants: [
        { name: surname, name1: 'Wiebke' },
        { name: 'Begleiter', name1: 'Bernd' },
      ],
    });
    const invoiceNumber = `RE-2024-${String(n).padStart(5, '0')}`;
    await t.ctx.db
      .updateTable('booking')
      .set({ total_cents: 189_000, paid_cents: 189_000, invoice_number: invoiceNumber })
      .where('id', '=', booking.id)
      .execute();
    await t.ctx.db
      .updateTable('participant')
      .set({ geburtstag: '1961-07-02', passnummer: 'C01X00T47', email })
      .where('id', '=', booking.participants[0]!)
      .execute();
    await t.ctx.db
      .insertInto('invoice')
      .values({
        number: invoiceNumber,
        kind: 'invoice',
        year: 2024,
        seq: n,
        id_booking: booking.id,
        id_organization: null,
        id_credited_invoice: null,
        total_cents: 189_000,
        language: 'de',
        brand_host: null,
        body: JSON.stringify({ recipient: `${surname}, Wiebke` }),
        issued_by: null,
      })
      .execute();
    await t.ctx.db
      .insertInto('payment')
      .values({
        id_booking: booking.id,
        amount_cents: 189_000,
        paid_on: '2024-03-01',
        method: 'transfer',
        reference: null,
        created_by: null,
      })
      .execute();

    const appEmail = await createLogin(t.ctx, 'traveller');
    const appUser = await t.ctx.db
      .updateTable('user_account')
      .set({ id_vc_card: customer.id, firstname: 'Wiebke', lastname: surname, city: 'Kiel' })
      .where('email', '=', appEmail)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('push_subscription')
      .values({
        id_user: appUser.id,
        kind: 'webpush',
        endpoint: `https://push.example/${n}`,
        p256dh: 'secret-key',
        auth: 'secret-auth',
        user_agent: null,
        id_brand: null,
        last_success_at: null,
      })
      .execute();
    await t.ctx.db
      .insertInto('suitcase')
      .values({
        id_user: appUser.id,
        id_booking: booking.id,
        version: 1,
        items: JSON.stringify([{ text: 'Sonnencreme' }]),
      })
      .execute();
    const entry = await t.ctx.db
      .insertInto('diary_entry')
      .values({
        id_user: appUser.id,
        id_booking: booking.id,
        day: '2024-05-02',
        title: 'Am Hafen',
        text: 'Fischbrötchen',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photoKey = fileKey(newFileBase(), null, 'jpg');
    const photoBytes = Buffer.from(`photo of ${surname}`);
    await t.app.fileStore.put(photoKey, photoBytes, 'image/jpeg');
    await t.ctx.db
      .insertInto('diary_photo')
      .values({
        id_diary_entry: entry.id,
        storage_key: photoKey,
        mime_type: 'image/jpeg',
        size: photoBytes.length,
        width: null,
        height: null,
      })
      .execute();
    return {
      customer,
      surname,
      email,
      bookingId: booking.id,
      participants: booking.participants,
      invoiceNumber,
      appUserId: appUser.id,
      appEmail,
      photoKey,
      photoBytes,
      dateNr,
    };
  }

  const exportOf = (who: string, id: number) =>
    call(t.app, who, { method: 'GET', url: `/customers/${id}/gdpr-export` });
  const anonymise = (who: string, id: number, payload: Record<string, unknown> = { confirm: true }) =>
    call(t.app, who, { method: 'POST', url: `/customers/${id}/anonymise`, payload });
  const json = (files: Record<string, Uint8Array>, name: string): unknown => JSON.parse(strFromU8(files[name]!));

  it('exports everything stored about a customer as a ZIP of JSON files and their documents', async () => {
    const story = await customerStory({ travelled: true });
    const response = await exportOf(as.admin, story.customer.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`kunde-${story.customer.id}-datenauskunft.zip`);
    const files = unzipSync(new Uint8Array(response.rawPayload));

    expect(json(files, 'card.json')).toMatchObject({
      id_vc_card: story.customer.id,
      name: `${story.surname}, Wiebke`,
      kind: 'customer',
    });
    expect(json(files, 'card.json')).not.toHaveProperty('search_text');
    expect(json(files, 'person.json')).toMatchObject([
      { first_name: 'Wiebke', surname: story.surname, birthday: '1961-07-02' },
    ]);
    expect(json(files, 'addresses.json')).toMatchObject([{ street: 'Lindenweg 7', zip: '24103', city: 'Kiel' }]);
    const contacts = json(files, 'contacts.json') as Array<{ value: string }>;
    expect(contacts.map((row) => row.value).sort()).toEqual(['0171 5550123', story.email].sort());
    expect(json(files, 'bookings.json')).toMatchObject([
      { id: story.bookingId, invoice_number: story.invoiceNumber, total_cents: 189_000 },
    ]);
    expect(json(files, 'participants.json')).toHaveLength(2);
    expect(json(files, 'invoices.json')).toMatchObject([
      { number: story.invoiceNumber, total_cents: 189_000, body: { recipient: `${story.surname}, Wiebke` } },
    ]);
    expect(json(files, 'payments.json')).toMatchObject([{ amount_cents: 189_000 }]);
    expect(json(files, 'newsletter-contacts.json')).toMatchObject([{ email: story.email }]);
    expect(json(files, 'newsletter-contacts.json')).not.toContainEqual(
      expect.objectContaining({ optin_code_hash: expect.anything() }),
    );
    const accounts = json(files, 'app-accounts.json') as Array<Record<string, unknown>>;
    expect(accounts).toMatchObject([{ id: story.appUserId, email: story.appEmail, city: 'Kiel' }]);
    expect(accounts[0]).not.toHaveProperty('password_hash');
    const devices = json(files, 'push-subscriptions.json') as Array<Record<string, unknown>>;
    expect(devices).toMatchObject([{ endpoint: expect.stringContaining('https://push.example/') }]);
    expect(devices[0]).not.toHaveProperty('auth');
    expect(devices[0]).not.toHaveProperty('p256dh');
    expect(json(files, 'suitcases.json')).toMatchObject([{ items: [{ text: 'Sonnencreme' }] }]);
    const diary = json(files, 'diary-entries.json') as Array<{ title: string; photos: Array<{ file: string }> }>;
    expect(diary).toMatchObject([{ title: 'Am Hafen' }]);
    const photoFile = diary[0]!.photos[0]!.file;
    expect(Buffer.from(files[photoFile]!)).toEqual(story.photoBytes);
    expect(strFromU8(files['README.txt']!)).toContain(`${story.customer.id}`);
    // The booking's confirmation as PDF (the story's invoice is a bare row the renderer cannot print: left out).
    const pdfs = Object.keys(files).filter((name) => name.endsWith('.pdf'));
    expect(pdfs).toEqual([expect.stringMatching(/^documents\/(Reisebestaetigung|Booking-confirmation)-\d+\.pdf$/)]);
    expect(strFromU8(files[pdfs[0]!]!.subarray(0, 5))).toBe('%PDF-');
    // The export itself is in the audit log, and listed in the next export.
    const audit = await findAuditEntries(t.ctx.db, { action: 'gdpr_export' });
    expect(audit.find((row) => row.detail === `customer ${story.customer.id}`)).toBeTruthy();
    const again = unzipSync(new Uint8Array((await exportOf(as.admin, story.customer.id)).rawPayload));
    expect(json(again, 'audit-log.json')).toContainEqual(
      expect.objectContaining({ action: 'gdpr_export', detail: `customer ${story.customer.id}` }),
    );
  });

  it('puts an issued invoice into the export as the PDF the customer got', async () => {
    const n = nextSequence();
    const customer = (
      await call(t.app, as.admin, {
        method: 'POST',
        url: '/customers',
        payload: { firstName: 'Ida', surname: `Rechnung${n}`, phones: [{ key: 'phone-private', value: '1' }] },
      })
    ).json<Customer>();
    const departure = await createDepartureFixture(t.ctx, n, { seatPlan: 'coach57' });
    const booked = await call(t.app, as.admin, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin: departure.nr,
        type: 'regular',
        buchender: { id_vc_card: customer.id },
        teilnehmer: [{ name: `Rechnung${n}`, name1: 'Ida', zustieghin: 1, zustiegrueck: 1 }],
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json<{ id: number }>();
    const issued = await call(t.app, as.admin, { method: 'POST', url: `/ratio_vorgang/${booking.id}/invoices` });
    expect(issued.statusCode, issued.body).toBe(201);
    const files = unzipSync(new Uint8Array((await exportOf(as.admin, customer.id)).rawPayload));
    const invoicePdf = files[`documents/${issued.json<{ number: string }>().number}.pdf`];
    expect(invoicePdf).toBeDefined();
    expect(strFromU8(invoicePdf!.subarray(0, 5))).toBe('%PDF-');
  });

  it('lets only administrators export, and never another agency’s customer', async () => {
    const story = await customerStory({ travelled: true, agencyId });
    expect((await exportOf(as.office, story.customer.id)).statusCode).toBe(403);
    expect((await exportOf(as.agency, story.customer.id)).statusCode).toBe(403);
    expect((await exportOf(as.traveller, story.customer.id)).statusCode).toBe(403);
    expect(
      (await call(t.app, null, { method: 'GET', url: `/customers/${story.customer.id}/gdpr-export` })).statusCode,
    ).toBe(401);
    const foreign = await exportOf(as.otherAgencyAdmin, story.customer.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ key: 'error.notFound' });
    expect((await exportOf(as.admin, 99_999_999)).statusCode).toBe(404);
  });

  it('refuses to anonymise a customer whose booking is not yet travelled, and changes nothing', async () => {
    const story = await customerStory({ travelled: false });
    const response = await anonymise(as.admin, story.customer.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'error.customerHasOpenBookings' });
    const read = await call(t.app, as.admin, { method: 'GET', url: `/customers/${story.customer.id}` });
    expect(read.json()).toMatchObject({ surname: story.surname, email: story.email });
  });

  it('refuses to anonymise a customer with a travelled but unpaid booking', async () => {
    const story = await customerStory({ travelled: true });
    await t.ctx.db.updateTable('booking').set({ paid_cents: 50_000 }).where('id', '=', story.bookingId).execute();
    const response = await anonymise(as.admin, story.customer.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'error.customerHasOpenBookings' });
  });

  it('asks for the confirmation and the delete right', async () => {
    const story = await customerStory({ travelled: true, agencyId });
    const unconfirmed = await anonymise(as.admin, story.customer.id, {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().errors).toContainEqual(
      expect.objectContaining({ field: 'confirm', key: 'error.confirmRequired' }),
    );
    expect((await anonymise(as.admin, story.customer.id, { confirm: false })).statusCode).toBe(400);
    expect((await anonymise(as.office, story.customer.id)).statusCode).toBe(403);
    expect((await anonymise(as.agency, story.customer.id)).statusCode).toBe(403);
    expect((await anonymise(as.otherAgencyAdmin, story.customer.id)).statusCode).toBe(404);
    const read = await call(t.app, as.admin, { method: 'GET', url: `/customers/${story.customer.id}` });
    expect(read.json()).toMatchObject({ surname: story.surname });
  });

  it('anonymises a customer: personal data gone everywhere, bookings and invoices keep numbers and amounts', async () => {
    const story = await customerStory({ travelled: true });
    const id = story.customer.id;
    const response = await anonymise(as.admin, id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AnonymiseResult>();
    expect(result).toMatchObject({
      id,
      name: `Anonymisiert ${id}`,
      alreadyAnonymised: false,
      removed: {
        contactRows: 2,
        participants: 1,
        newsletterContacts: 1,
        appAccounts: 1,
        pushSubscriptions: 1,
        suitcases: 1,
        diaryEntries: 1,
        files: 1,
      },
    });

    // The card: name replaced, contacts, address, birthday and passport gone.
    const customer = (await call(t.app, as.admin, { method: 'GET', url: `/customers/${id}` })).json<Customer>();
    expect(customer).toMatchObject({
      name: `Anonymisiert ${id}`,
      firstName: null,
      birthday: null,
      passportValidUntil: null,
      address: null,
      zip: null,
      city: null,
      phone: null,
      email: null,
      newsletter: false,
    });
    expect(customer.phones.filter((row) => row.value)).toEqual([]);
    expect(customer.emails.filter((row) => row.value)).toEqual([]);

    // The customers search no longer finds the old name, e-mail or phone; it finds the new name.
    for (const term of [story.surname, story.email, '0171 5550123', 'Lindenweg']) {
      const found = await call(t.app, as.admin, {
        method: 'GET',
        url: `/customers?lit-search=${encodeURIComponent(term)}`,
      });
      expect(found.json().data.map((row: Customer) => row.id)).not.toContain(id);
    }
    const byNew = await call(t.app, as.admin, {
      method: 'GET',
      url: `/customers?lit-search=${encodeURIComponent(`Anonymisiert ${id}`)}`,
    });
    expect(byNew.json().data.map((row: Customer) => row.id)).toContain(id);

    // The booking and invoice keep their numbers and amounts; the booking search forgets the name.
    const booking = await t.ctx.db
      .selectFrom('booking')
      .select(['invoice_number', 'total_cents', 'paid_cents', 'search_text', 'id_booker_card'])
      .where('id', '=', story.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      invoice_number: story.invoiceNumber,
      total_cents: 189_000,
      paid_cents: 189_000,
      id_booker_card: id,
    });
    expect(booking.search_text).not.toContain(normalizeSearchText(story.surname));
    const invoice = await t.ctx.db
      .selectFrom('invoice')
      .select(['number', 'total_cents'])
      .where('id_booking', '=', story.bookingId)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ number: story.invoiceNumber, total_cents: 189_000 });
    expect(
      await t.ctx.db.selectFrom('payment').select('amount_cents').where('id_booking', '=', story.bookingId).execute(),
    ).toEqual([{ amount_cents: 189_000 }]);
    const participants = await t.ctx.db
      .selectFrom('participant')
      .select(['id', 'name', 'name1', 'geburtstag', 'passnummer', 'email'])
      .where('id_booking', '=', story.bookingId)
      .orderBy('position')
      .execute();
    expect(participants).toMatchObject([
      { name: `Anonymisiert ${id}`, name1: null, geburtstag: null, passnummer: null, email: null },
      { name: 'Begleiter', name1: 'Bernd' },
    ]);

    // Newsletter contact deleted; app account disabled and emptied, its devices, suitcase and diary gone.
    const contacts = await t.ctx.db
      .selectFrom('newsletter_contact')
      .select('id')
      .where('email', '=', story.email)
      .execute();
    expect(contacts).toEqual([]);
    const account = await t.ctx.db
      .selectFrom('user_account')
      .select(['email', 'firstname', 'lastname', 'city', 'is_active', 'password_hash'])
      .where('id', '=', story.appUserId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ firstname: '', lastname: `Anonymisiert ${id}`, city: null, password_hash: null });
    expect(account.email).not.toBe(story.appEmail);
    expect(Boolean(account.is_active)).toBe(false);
    const login = await call(t.app, null, {
      method: 'POST',
      url: '/authentication',
      payload: { strategy: 'local', email: story.appEmail, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    for (const table of ['push_subscription', 'suitcase', 'diary_entry'] as const) {
      expect(
        await t.ctx.db.selectFrom(table).select('id_user').where('id_user', '=', story.appUserId).execute(),
      ).toEqual([]);
    }
    expect(await t.app.fileStore.exists(story.photoKey)).toBe(false);

    // Recorded in the audit log.
    const audit = await findAuditEntries(t.ctx.db, { action: 'gdpr_anonymise' });
    expect(audit.filter((row) => row.detail === `customer ${id}`)).toHaveLength(1);

    // The export of an anonymised customer holds no trace of the old name.
    const files = unzipSync(new Uint8Array((await exportOf(as.admin, id)).rawPayload));
    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith('.json') && name !== 'invoices.json')
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain(story.surname);
    expect(everything).not.toContain(story.email);
    // The invoice stays as issued (the law requires it unchanged).
    expect(strFromU8(files['invoices.json']!)).toContain(story.surname);
  });

  it('is idempotent: a second anonymisation changes nothing and says so', async () => {
    const story = await customerStory({ travelled: true });
    const first = (await anonymise(as.admin, story.customer.id)).json<AnonymiseResult>();
    const second = await anonymise(as.admin, story.customer.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: story.customer.id,
      name: first.name,
      anonymisedAt: first.anonymisedAt,
      alreadyAnonymised: true,
      removed: { contactRows: 0, participants: 0, appAccounts: 0 },
    });
    const audit = await findAuditEntries(t.ctx.db, { action: 'gdpr_anonymise' });
    expect(audit.filter((row) => row.detail === `customer ${story.customer.id}`)).toHaveLength(1);
  });

  it('anonymises a customer without bookings or account', async () => {
    const created = await call(t.app, as.admin, {
      method: 'POST',
      url: '/customers',
      payload: {
        firstName: 'Ole',
        surname: `Ohnebuchung${nextSequence()}`,
        emails: [{ key: 'email-private', value: `ole-${nextSequence()}@example.org` }],
      },
    });
    const id = created.json<Customer>().id;
    const response = await anonymise(as.admin, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: `Anonymisiert ${id}`, removed: { appAccounts: 0, participants: 0 } });
  });
});
