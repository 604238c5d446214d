import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Booking,
  DocumentDetail,
  DocumentSummary,
  Invoice,
  Page,
  StaffNotificationList,
} from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { sampleInvoiceDocument } from '../../../test/fixtures/invoice-document.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { ringLapsingOptions } from '../bookings/booking-bells.ts';

/** The documents query (issue #17, docs/adr/0029) and the bookings' bells. */
describe('documents query', () => {
  let t: TestApp;
  let office = '';
  let clerk = '';
  let agencyReaderA = '';
  let agencyBookerA = '';
  let agencyBookerB = '';
  let fixture: DepartureFixture;
  let otherFixture: DepartureFixture;
  let booking: Booking;
  let invoice: Invoice;
  let creditId = 0;
  let agencyBookingA: Booking;
  let agencyBookingB: Booking;
  let receivedId = 0;
  const receivedBytes = Buffer.from('%PDF-1.4 Anmeldung Gruppe Weiß');

  const list = async (as: string, query = '') => {
    const response = await call(t.app, as, { method: 'GET', url: `/documents${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<DocumentSummary>>();
  };
  const bookerOf = async (id: number) =>
    (await t.ctx.db.selectFrom('booking').select('id_booker_card').where('id', '=', id).executeTakeFirstOrThrow())
      .id_booker_card;
  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const bell = async (as: string) =>
    (await call(t.app, as, { method: 'GET', url: '/notifications' })).json<StaffNotificationList>();
  const participants = [{ name: 'Weiß', name1: 'Jürgen', zustieghin: 1, zustiegrueck: 1 }];

  const book = async (as: string, termin: number, payload: Record<string, unknown> = {}) => {
    const n = nextSequence();
    const response = await call(t.app, as, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin,
        type: 'regular',
        buchender: { firstName: 'Jürgen', surname: `Weiß${n}`, email: `juergen.${n}@example.org` },
        teilnehmer: participants,
        ...payload,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    // Staff who may read documents but not bookings: never rung for bookings.
    const clerkRole = await createRoleFixture(t.ctx, `documents-only-${nextSequence()}`, {
      access: { documents: { read: true } },
    });
    clerk = `clerk-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: clerk, role: clerkRole.id_roles });

    const agencyA = await createAgencyFixture(t.ctx, nextSequence());
    const agencyB = await createAgencyFixture(t.ctx, nextSequence());
    agencyBookerA = await createLogin(t.ctx, 'agency', { agencyId: agencyA.id });
    agencyBookerB = await createLogin(t.ctx, 'agency', { agencyId: agencyB.id });
    const readerRole = await createRoleFixture(t.ctx, `agency-documents-${nextSequence()}`, {
      access: { agencydata: { read: true }, documents: { read: true } },
    });
    agencyReaderA = `agency-reader-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: agencyReaderA, role: readerRole.id_roles, agencyId: agencyA.id });

    fixture = await createDepartureFixture(t.ctx, nextSequence(), { seatPlan: 'coach57' });
    otherFixture = await createDepartureFixture(t.ctx, nextSequence(), { seatPlan: 'coach57' });
    // The first departure leaves in three days: its manifests count as documents (those further ahead do not yet).
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await t.ctx.db.updateTable('jrn_date').set({ date_from: soon }).where('nr', '=', fixture.nr).execute();
    booking = await book(office, fixture.nr);
    const issued = await call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${booking.id}/invoices` });
    expect(issued.statusCode, issued.body).toBe(201);
    invoice = issued.json<Invoice>();
    // A credit note as the invoice core stores it (frozen body).
    const credit = sampleInvoiceDocument({ vorgangnr: booking.id, kind: 'creditNote', number: 'GS-2027-00077' });
    creditId = (
      await t.ctx.db
        .insertInto('invoice')
        .values({
          number: credit.number,
          kind: 'creditNote',
          year: 2027,
          seq: 77,
          id_booking: booking.id,
          id_organization: null,
          id_credited_invoice: invoice.id,
          total_cents: Math.round(credit.total * 100),
          language: 'de',
          brand_host: 'localhost',
          body: JSON.stringify(credit),
          issued_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const mailed = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${booking.id}/documents/mail`,
      payload: { confirmation: true, invoices: [invoice.id] },
    });
    expect(mailed.statusCode, mailed.body).toBe(201);

    agencyBookingA = await book(agencyBookerA, otherFixture.nr);
    agencyBookingB = await book(agencyBookerB, otherFixture.nr);
    const agencyMail = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${agencyBookingB.id}/documents/mail`,
      payload: { confirmation: true },
    });
    expect(agencyMail.statusCode, agencyMail.body).toBe(201);

    // A document that came in by mail, filed to the booking (as the mail inbox files them).
    const key = `${randomUUID()}.pdf`;
    await t.app.fileStore.put(key, receivedBytes, 'application/pdf');
    const file = await t.ctx.db
      .insertInto('stored_file')
      .values({
        storage_key: key,
        original_name: 'Anmeldung.pdf',
        mime_type: 'application/pdf',
        size: receivedBytes.length,
        width: null,
        height: null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    receivedId = (
      await t.ctx.db
        .insertInto('received_document')
        .values({
          id_stored_file: file.id,
          filename: 'Anmeldung Gruppe Weiß.pdf',
          content_type: 'application/pdf',
          size: receivedBytes.length,
          source: 'mail',
          id_mailbox: null,
          mail_message_id: '<m1@example.org>',
          mail_from: 'anna@example.org',
          mail_subject: 'Anmeldung',
          id_vc_card: null,
          id_booking: booking.id,
          received_at: '2026-11-20T09:30:00.000Z',
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('lists every type of document of a booking, with its customer and journey', async () => {
    const page = await list(office, `?id_booking=${booking.id}&$limit=50`);
    const types = page.data.map((doc) => doc.type).sort();
    expect(types).toEqual(['confirmation', 'creditNote', 'invoice', 'received']);
    const invoiceDoc = page.data.find((doc) => doc.type === 'invoice')!;
    expect(invoiceDoc).toMatchObject({
      title: invoice.number,
      id_booking: booking.id,
      id_vc_card: await bookerOf(booking.id),
      id_jrn_journey: fixture.journey.id,
      journeyTitle: fixture.journey.title,
    });
    expect(invoiceDoc.customerName).toContain('Weiß');
    // The mailed invoice is the invoice's document, not a second one.
    expect(page.data.filter((doc) => doc.title.startsWith(invoice.number))).toHaveLength(1);
    const manifests = await list(office, `?type=manifest&id_jrn_date=${fixture.nr}`);
    expect(manifests.total).toBe(4);
    expect(manifests.data.every((doc) => doc.id_jrn_journey === fixture.journey.id)).toBe(true);
    expect((await list(office, `?type=manifest&id_jrn_date=${otherFixture.nr}`)).total).toBe(0);
  });

  it('filters by customer, journey, type, date and search, and sorts and pages', async () => {
    const byCustomer = await list(office, `?id_vc_card=${await bookerOf(booking.id)}`);
    expect(new Set(byCustomer.data.map((doc) => doc.id_booking))).toEqual(new Set([booking.id]));
    const byJourney = await list(office, `?id_jrn_journey=${otherFixture.journey.id}&type=confirmation`);
    expect(byJourney.data.map((doc) => doc.id_booking)).toEqual([agencyBookingB.id]);
    const credits = await list(office, '?type=creditNote');
    expect(credits.data.map((doc) => doc.title)).toEqual(['GS-2027-00077']);
    const received = await list(office, '?type=received&date[$gte]=2026-11-20&date[$lte]=2026-11-20');
    expect(received.data.map((doc) => doc.title)).toEqual(['Anmeldung Gruppe Weiß.pdf']);
    expect((await list(office, '?type=received&date[$gte]=2026-11-21&date[$lte]=2026-11-21')).total).toBe(0);
    const searched = await list(office, `?lit-search=${encodeURIComponent('anmeldung weiss')}`);
    expect(searched.data.map((doc) => doc.type)).toEqual(['received']);
    const sorted = await list(office, `?id_booking=${booking.id}&$sort[title]=1&$limit=2&$skip=1`);
    expect(sorted).toMatchObject({ total: 4, limit: 2, skip: 1 });
    const titles = (await list(office, `?id_booking=${booking.id}&$sort[title]=1`)).data.map((doc) => doc.title);
    expect(sorted.data.map((doc) => doc.title)).toEqual(titles.slice(1, 3));
    expect([...titles].sort()).toEqual(titles);
  });

  it('shows a document with the mails it was sent with, and downloads it from its renderer', async () => {
    const invoiceDoc = (await list(office, `?id_booking=${booking.id}&type=invoice`)).data[0]!;
    const detail = (
      await call(t.app, office, { method: 'GET', url: `/documents/${invoiceDoc.id}` })
    ).json<DocumentDetail>();
    expect(detail.mails).toHaveLength(1);
    expect(detail.mails[0]).toMatchObject({ to: booking.buchender?.email, template: 'bookingDocuments' });
    expect(detail.mails[0]!.attachments).toContain(`${invoice.number}.pdf`);
    const file = await call(t.app, office, { method: 'GET', url: detail.downloadPath });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const confirmation = (await list(office, `?id_booking=${booking.id}&type=confirmation`)).data[0]!;
    const sent = await call(t.app, office, { method: 'GET', url: `/documents/${confirmation.id}` });
    expect(sent.json<DocumentDetail>().mails.map((mail) => mail.template)).toEqual(['bookingDocuments']);
    const confirmationFile = await call(t.app, office, { method: 'GET', url: `/documents/${confirmation.id}/file` });
    expect(confirmationFile.headers['content-disposition']).toContain(`Reisebestaetigung-${booking.id}.pdf`);
    expect(confirmationFile.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const received = (await list(office, `?type=received&id_booking=${booking.id}`)).data[0]!;
    const receivedDetail = (
      await call(t.app, office, { method: 'GET', url: `/documents/${received.id}` })
    ).json<DocumentDetail>();
    expect(receivedDetail).toMatchObject({ receivedFrom: 'anna@example.org', receivedSubject: 'Anmeldung', mails: [] });
    const receivedFile = await call(t.app, office, { method: 'GET', url: `/documents/${received.id}/file` });
    expect(receivedFile.rawPayload.equals(receivedBytes)).toBe(true);
    expect(receivedId).toBeGreaterThan(0);

    const credit = (await list(office, '?type=creditNote')).data[0]!;
    const creditFile = await call(t.app, office, { method: 'GET', url: `/documents/${credit.id}/file` });
    expect(creditFile.headers['content-disposition']).toContain('GS-2027-00077.pdf');
    expect(creditId).toBeGreaterThan(0);

    const manifest = (await list(office, `?type=manifest&id_jrn_date=${fixture.nr}`)).data[0]!;
    const manifestFile = await call(t.app, office, { method: 'GET', url: `/documents/${manifest.id}/file` });
    expect(manifestFile.statusCode).toBe(200);
    expect(manifestFile.headers['content-type']).toBe('application/pdf');
  });

  it('shows an agency user their own agency’s documents only', async () => {
    const mailedB = (await list(office, `?id_booking=${agencyBookingB.id}`)).data;
    expect(mailedB.map((doc) => doc.type)).toEqual(['confirmation']);
    const theirs = await list(agencyReaderA, '?$limit=-1');
    expect(theirs.data.every((doc) => doc.agencyId !== null)).toBe(true);
    expect(theirs.data.some((doc) => doc.id_booking === agencyBookingB.id)).toBe(false);
    expect((await list(agencyReaderA, `?id_booking=${agencyBookingB.id}`)).total).toBe(0);
    expect((await list(agencyReaderA, `?id_booking=${booking.id}`)).total).toBe(0);
    for (const url of [`/documents/${mailedB[0]!.id}`, `/documents/${mailedB[0]!.id}/file`]) {
      const refused = await call(t.app, agencyReaderA, { method: 'GET', url });
      expect(refused.statusCode).toBe(404);
    }
    // Their own agency's mailed confirmation is theirs to see.
    await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${agencyBookingA.id}/documents/mail`,
      payload: { confirmation: true },
    });
    const own = await list(agencyReaderA, `?id_booking=${agencyBookingA.id}`);
    expect(own.data.map((doc) => doc.type)).toEqual(['confirmation']);
    const file = await call(t.app, agencyReaderA, { method: 'GET', url: `/documents/${own.data[0]!.id}/file` });
    expect(file.statusCode).toBe(200);
  });

  it('refuses users without documents-read (403), bad input (400) and unknown documents (404)', async () => {
    for (const url of ['/documents', '/documents/1', '/documents/1/file']) {
      expect((await call(t.app, agencyBookerA, { method: 'GET', url })).statusCode).toBe(403);
      expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    }
    for (const query of [
      '?date[$gte]=2026-13-40',
      '?date=2026-01-01',
      '?id_booking=abc',
      '?colour=red',
      '?$sort[x]=1',
    ]) {
      const bad = await call(t.app, office, { method: 'GET', url: `/documents${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json<{ key: string }>().key).toMatch(/^error\.invalid/);
    }
    expect((await call(t.app, office, { method: 'GET', url: '/documents/abc' })).statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'GET', url: '/documents/99999999' })).statusCode).toBe(404);
  });

  it('rings the vorgang-read holders once per booking when an agency user books', async () => {
    const officeBell = (await bell(office)).data.filter((entry) => entry.kind === 'agencyBooking');
    expect(officeBell.map((entry) => entry.link).sort()).toEqual(
      [`/vorgang/${agencyBookingA.id}`, `/vorgang/${agencyBookingB.id}`].sort(),
    );
    expect(officeBell.find((entry) => entry.link === `/vorgang/${agencyBookingA.id}`)!.text).toContain('Reisebüro');
    expect((await bell(clerk)).data.filter((entry) => entry.kind === 'agencyBooking')).toEqual([]);
    // The office's own bookings ring nothing.
    expect(officeBell.some((entry) => entry.link === `/vorgang/${booking.id}`)).toBe(false);
  });

  it('rings options about to lapse once, for vorgang-read holders only', async () => {
    const now = new Date();
    const soon = await book(office, fixture.nr, {
      type: 'option',
      option_until: new Date(now.getTime() + 5 * 60 * 60 * 1000).toISOString(),
    });
    const later = await book(office, fixture.nr, {
      type: 'option',
      option_until: new Date(now.getTime() + 30 * 60 * 60 * 1000).toISOString(),
    });
    // The colleagues of long standing are rung; one who joined after the option entered the window is not.
    await t.ctx.db.updateTable('user_account').set({ created_at: '2020-01-01T00:00:00.000Z' }).execute();
    const newcomer = await createLogin(t.ctx, 'office');
    const publish = t.app.realtime.publish.bind(t.app.realtime);
    const rung = await ringLapsingOptions(t.ctx, publish, 24, now);
    expect(rung).toContain(soon.id);
    expect(rung).not.toContain(later.id);
    await ringLapsingOptions(t.ctx, publish, 24, now);
    const lapsing = (await bell(office)).data.filter((entry) => entry.kind === 'optionLapsing');
    expect(lapsing.filter((entry) => entry.link === `/vorgang/${soon.id}`)).toHaveLength(1);
    expect(lapsing.some((entry) => entry.link === `/vorgang/${later.id}`)).toBe(false);
    expect((await bell(clerk)).data).toEqual([]);
    expect((await bell(newcomer)).data).toEqual([]);
    const agencyUserId = await userId(agencyBookerA);
    const agencyRows = await t.ctx.db
      .selectFrom('staff_notification')
      .select('id')
      .where('id_user', '=', agencyUserId)
      .execute();
    expect(agencyRows).toEqual([]);
    // Through the scheduler as registered: the job's name and the configured window.
    expect(t.app.config.optionLapsingHours).toBe(24);
  });
});
