import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { validateXML } from 'xmllint-wasm';
import { layoutFromRows, type Booking, type BookingMail, type InvoiceDocument } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { sampleInvoiceDocument } from '../../../test/fixtures/invoice-document.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import type { DbContext } from '../../types.ts';

const XSD_DIR = join(import.meta.dirname, '../../../test/fixtures/facturx');
const XSD_MAIN = 'Factur-X_1.07.3_EN16931.xsd';

/** xmllint (as WebAssembly, nothing to install) against the Factur-X 1.07.3 EN16931 schema. */
export async function validateCii(xml: string) {
  const files = readdirSync(XSD_DIR).filter((name) => name.endsWith('.xsd'));
  return validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: { fileName: XSD_MAIN, contents: readFileSync(join(XSD_DIR, XSD_MAIN), 'utf8') },
    preload: files
      .filter((name) => name !== XSD_MAIN)
      .map((name) => ({ fileName: name, contents: readFileSync(join(XSD_DIR, name), 'utf8') })),
  });
}

export async function pdfText(bytes: Buffer | Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The XML a Factur-X PDF carries: the stream of its one embedded file (/Type /EmbeddedFile, deflated). */
function embeddedXml(pdf: Buffer) {
  const match = /\/Type \/EmbeddedFile\b[\s\S]*?\/Length (\d+)[\s\S]*?stream\r?\n/.exec(pdf.toString('latin1'));
  if (!match) return null;
  const start = match.index + match[0].length;
  return inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('utf8');
}

/** PDF_PREVIEW_DIR=/tmp/x keeps the rendered PDFs, to turn into images and look at (pdftoppm -png). */
async function keep(name: string, bytes: Buffer) {
  const dir = process.env.PDF_PREVIEW_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes);
}

/** An issued document as the invoice core stores it (frozen body). */
async function insertInvoice(ctx: DbContext, bookingId: number | null, doc: InvoiceDocument) {
  const [prefix, year, seq] = doc.number.split('-');
  const row = await ctx.db
    .insertInto('invoice')
    .values({
      number: doc.number,
      kind: doc.kind,
      year: Number(year),
      seq: Number(seq) + (prefix === 'GS' ? 50_000 : 0),
      id_booking: bookingId,
      id_organization: null,
      id_credited_invoice: null,
      total_cents: Math.round(doc.total * 100),
      language: doc.language,
      brand_host: 'localhost',
      body: JSON.stringify(doc),
      issued_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('documents: confirmation, invoices, e-invoices, templates, mail', () => {
  let t: TestApp;
  let office = '';
  let traveller = '';
  let agencyUser = '';
  let fixture: DepartureFixture;
  let booking: Booking;
  let englishBooking: Booking;
  let invoiceId = 0;
  let creditId = 0;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    // An agency clerk who may read and mail bookings, but only the agency's own.
    const role = await createRoleFixture(t.ctx, `agency-bookings-${nextSequence()}`, {
      access: { vorgang: { read: true, update: true } },
    });
    agencyUser = `agency-clerk-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: agencyUser, role: role.id_roles, agencyId: agency.id });
    fixture = await createDepartureFixture(t.ctx, nextSequence(), {
      seatPlan: layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'SS_SS', 'SS_SS'] }]),
    });
    const book = async (payload: Record<string, unknown>) => {
      const response = await call(t.app, office, { method: 'POST', url: '/ratio_vorgang', payload });
      expect(response.statusCode).toBe(201);
      return response.json<Booking>();
    };
    booking = await book({
      termin: fixture.nr,
      type: 'regular',
      language: 'de',
      buchender: {
        firstName: 'Jürgen',
        surname: 'Weiß',
        email: 'juergen@example.org',
        street: 'Lindenallee 12',
        zip: '04109',
        city: 'Leipzig',
      },
      teilnehmer: [
        { anrede: 'Herr', name: 'Weiß', name1: 'Jürgen', geburtstag: '1971-04-02', zustieghin: 1, zustiegrueck: 1 },
        { anrede: 'Frau', name: 'Weiß', name1: 'Anna', zustieghin: 2, zustiegrueck: 2 },
      ],
    });
    englishBooking = await book({
      termin: fixture.nr,
      type: 'regular',
      language: 'en',
      buchender: { firstName: 'Mary', surname: 'Smith' },
      teilnehmer: [{ name: 'Smith', name1: 'Mary', zustieghin: 1 }],
    });
    invoiceId = await insertInvoice(
      t.ctx,
      booking.id,
      sampleInvoiceDocument({ vorgangnr: booking.id, number: 'RE-2027-00042' }),
    );
    creditId = await insertInvoice(
      t.ctx,
      booking.id,
      sampleInvoiceDocument({
        vorgangnr: booking.id,
        kind: 'creditNote',
        number: 'GS-2027-00003',
        creditedNumber: 'RE-2027-00042',
        lines: sampleInvoiceDocument().lines.slice(0, 2),
        total: 1798,
        vatTotal: 0,
        prepaid: 0,
        due: 0,
        dueDate: null,
      }),
    );
  });
  afterAll(() => t.close());

  it('renders the confirmation in the booker’s language with participants, stops, seats and prices', async () => {
    const response = await call(t.app, office, {
      method: 'GET',
      url: `/ratio_vorgang/${booking.id}/documents/confirmation.pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`Reisebestaetigung-${booking.id}.pdf`);
    await keep('confirmation-de.pdf', response.rawPayload);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Reisebestätigung');
    expect(text).toContain(`Vorgangsnummer ${booking.id}`);
    expect(text).toContain('Herr Jürgen Weiß');
    expect(text).toContain('geb. 02.04.1971');
    expect(text).toContain('Lindenallee 12');
    expect(text).toContain(fixture.journey.title);
    expect(text).toContain('Fest gebucht');
    expect(text).toMatch(/Seite 1 von \d/);
    const seat = booking.teilnehmer[0]!.sitzhin!;
    expect(seat).toBeTruthy();
    expect(text).toContain(booking.price.toLocaleString('de-DE', { minimumFractionDigits: 2 }) + ' €');

    const english = await call(t.app, office, {
      method: 'GET',
      url: `/ratio_vorgang/${englishBooking.id}/documents/confirmation.pdf`,
    });
    expect(english.statusCode).toBe(200);
    await keep('confirmation-en.pdf', english.rawPayload);
    const englishText = await pdfText(english.rawPayload);
    expect(englishText).toContain('Booking confirmation');
    expect(englishText).toContain('Confirmed');
    expect(englishText).toMatch(/Page 1 of \d/);
  });

  it('keeps documents to those who may read the booking', async () => {
    const url = `/ratio_vorgang/${booking.id}/documents/confirmation.pdf`;
    expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await call(t.app, traveller, { method: 'GET', url })).statusCode).toBe(403);
    const other = await call(t.app, agencyUser, { method: 'GET', url });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ key: 'error.notFound' });
    expect((await call(t.app, agencyUser, { method: 'GET', url: `/invoices/${invoiceId}/pdf` })).statusCode).toBe(404);
    const missing = await call(t.app, office, {
      method: 'GET',
      url: '/ratio_vorgang/999999/documents/confirmation.pdf',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('renders the invoice PDF from the frozen document: German layout, § 25 wording, bank details', async () => {
    const response = await call(t.app, office, { method: 'GET', url: `/invoices/${invoiceId}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('RE-2027-00042.pdf');
    await keep('invoice-de.pdf', response.rawPayload);
    const text = await pdfText(response.rawPayload);
    for (const part of [
      'Rechnung',
      'Rechnungsnummer',
      'RE-2027-00042',
      'Leistungszeitraum',
      '12.06.2027 – 19.06.2027',
      'Sonderregelung für Reisebüros (§ 25 UStG)',
      'DE02120300000000202051',
      '2.422,00 €',
      '1.922,00 €',
      'darin enthaltene USt. 19 %',
      '9,50 €',
      'Seite 1 von 1',
    ])
      expect(text).toContain(part);

    const credit = await call(t.app, office, { method: 'GET', url: `/invoices/${creditId}/pdf` });
    await keep('credit-note-de.pdf', credit.rawPayload);
    const creditText = await pdfText(credit.rawPayload);
    expect(creditText).toContain('Gutschrift zur Rechnung RE-2027-00042');
    // said once each: the credited invoice above the lines, the refund wording of the frozen document below
    expect(creditText.split('RE-2027-00042')).toHaveLength(2);
    expect(creditText.match(/erstattet/g)).toHaveLength(1);
    expect(creditText).not.toContain('Zahlbar');
    expect(creditText).toContain('Gutschriftsdatum');
    expect(creditText).not.toContain('Rechnungsdatum');
    expect(creditText).toContain('1.798,00 €');
    expect(creditText).not.toContain('USt. 19 %');
  });

  it('answers XRechnung CII that the Factur-X EN16931 schema accepts, UBL, and a Factur-X PDF', async () => {
    const cii = await call(t.app, office, { method: 'GET', url: `/invoices/${invoiceId}/xrechnung-cii` });
    expect(cii.statusCode).toBe(200);
    expect(cii.headers['content-type']).toContain('application/xml');
    const validation = await validateCii(cii.body);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const creditCii = await call(t.app, office, { method: 'GET', url: `/invoices/${creditId}/xrechnung-cii` });
    expect((await validateCii(creditCii.body)).valid).toBe(true);
    expect(creditCii.body).toContain('<ram:TypeCode>381</ram:TypeCode>');

    const ubl = await call(t.app, office, { method: 'GET', url: `/invoices/${invoiceId}/xrechnung-ubl` });
    expect(ubl.statusCode).toBe(200);
    expect(ubl.body).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-D</cbc:TaxExemptionReasonCode>');
    expect(ubl.body).toContain('<cbc:ActualDeliveryDate>2027-06-12</cbc:ActualDeliveryDate>');

    // UBL cannot name a party without an e-mail address (a booker without one): a 409 with its key, never a 500.
    const row = await t.ctx.db
      .selectFrom('invoice')
      .select('body')
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const frozen = JSON.parse(row.body) as { buyer: { email: string | null } };
    await t.ctx.db
      .updateTable('invoice')
      .set({ body: JSON.stringify({ ...frozen, buyer: { ...frozen.buyer, email: null } }) })
      .where('id', '=', invoiceId)
      .execute();
    const noAddress = await call(t.app, office, { method: 'GET', url: `/invoices/${invoiceId}/xrechnung-ubl` });
    await t.ctx.db.updateTable('invoice').set({ body: row.body }).where('id', '=', invoiceId).execute();
    expect(noAddress.statusCode, noAddress.body).toBe(409);
    expect(noAddress.json().key).toBe('error.eInvoiceAddressMissing');

    const facturx = await call(t.app, office, { method: 'GET', url: `/invoices/${invoiceId}/facturx` });
    expect(facturx.statusCode).toBe(200);
    expect(facturx.headers['content-type']).toBe('application/pdf');
    await keep('invoice-facturx.pdf', facturx.rawPayload);
    const raw = facturx.rawPayload.toString('latin1');
    expect(raw).toContain('/F (factur-x.xml)');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toContain('pdfaid:part');
    const xml = embeddedXml(facturx.rawPayload);
    expect(xml).toContain('<ram:ID>RE-2027-00042</ram:ID>');
    expect((await validateCii(xml!)).errors).toEqual([]);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(await pdfText(facturx.rawPayload)).toContain('RE-2027-00042');

    const bad = await call(t.app, office, { method: 'GET', url: `/invoices/${invoiceId}/docx` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'format', key: 'error.invalid' })]);
    expect((await call(t.app, office, { method: 'GET', url: '/invoices/999999/pdf' })).statusCode).toBe(404);
  });

  it('renders what the invoice core issues: PDF, schema-valid CII and Factur-X for a booking’s own invoice', async () => {
    const issued = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${englishBooking.id}/invoices`,
      payload: {},
    });
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json<{ id: number; number: string }>();
    const pdf = await call(t.app, office, { method: 'GET', url: `/invoices/${invoice.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    await keep('invoice-issued-en.pdf', pdf.rawPayload);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Sonderregelung für Reisebüros');
    const cii = await call(t.app, office, { method: 'GET', url: `/invoices/${invoice.id}/xrechnung-cii` });
    expect(cii.statusCode).toBe(200);
    expect((await validateCii(cii.body)).errors).toEqual([]);
    expect(cii.body).toContain('<ram:ExemptionReasonCode>VATEX-EU-D</ram:ExemptionReasonCode>');
    const facturx = await call(t.app, office, { method: 'GET', url: `/invoices/${invoice.id}/facturx` });
    expect(facturx.statusCode).toBe(200);
    expect((await validateCii(embeddedXml(facturx.rawPayload)!)).errors).toEqual([]);
    const template = await call(t.app, office, {
      method: 'GET',
      url: `/ratio/api/templates/?getInvoice=${englishBooking.id}`,
    });
    expect(template.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
  });

  it('finds the invoice of the templates call by number or by booking number', async () => {
    const byNumber = await call(t.app, office, {
      method: 'GET',
      url: '/ratio/api/templates/?getInvoice=RE-2027-00042',
    });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.headers['content-disposition']).toContain('RE-2027-00042.pdf');
    const byBooking = await call(t.app, office, {
      method: 'GET',
      url: `/ratio/api/templates/?getInvoice=${booking.id}&format=xrechnung-cii`,
    });
    expect(byBooking.statusCode).toBe(200);
    expect(byBooking.body).toContain('<ram:ID>RE-2027-00042</ram:ID>');
    const credit = await call(t.app, office, { method: 'GET', url: '/ratio/api/templates/?getInvoice=GS-2027-00003' });
    expect(credit.headers['content-disposition']).toContain('GS-2027-00003.pdf');
    expect(
      (await call(t.app, office, { method: 'GET', url: '/ratio/api/templates/?getInvoice=RE-1999-00001' })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, office, { method: 'GET', url: `/ratio/api/templates/?getInvoice=999999` })).statusCode,
    ).toBe(404);
    const empty = await call(t.app, office, { method: 'GET', url: '/ratio/api/templates/?getInvoice=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'getInvoice', key: 'error.empty' })]);
    expect(
      (await call(t.app, agencyUser, { method: 'GET', url: '/ratio/api/templates/?getInvoice=RE-2027-00042' }))
        .statusCode,
    ).toBe(404);
  });

  it('mails the chosen documents to the booker with the booking’s ref, attachments and a history entry', async () => {
    const url = `/ratio_vorgang/${booking.id}/documents/mail`;
    const response = await call(t.app, office, {
      method: 'POST',
      url,
      payload: { confirmation: true, invoices: [invoiceId], eInvoice: true },
    });
    expect(response.statusCode).toBe(201);
    const mail = response.json<BookingMail>();
    expect(mail).toMatchObject({ to: 'juergen@example.org', template: 'bookingDocuments', status: 'queued' });
    expect(mail.subject).toContain('Ihre Unterlagen zur Buchung');
    expect(mail.attachments).toEqual([
      `Reisebestaetigung-${booking.id}.pdf`,
      'RE-2027-00042.pdf',
      'RE-2027-00042-xrechnung-cii.xml',
    ]);
    const stored = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['ref', 'language'])
      .where('id', '=', mail.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ ref: `booking:${booking.id}`, language: 'de' });
    const files = await t.ctx.db
      .selectFrom('mail_attachment')
      .select(['filename', 'content_type'])
      .where('id_mail', '=', mail.id)
      .orderBy('id')
      .execute();
    expect(files.map((file) => file.content_type)).toEqual(['application/pdf', 'application/pdf', 'application/xml']);
    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select('kind')
      .where('id_booking', '=', booking.id)
      .execute();
    expect(events.map((event) => event.kind)).toContain('mail');
  });

  it('refuses a mail without address, without documents, or with another booking’s invoice', async () => {
    const before = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const noEmail = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${englishBooking.id}/documents/mail`,
      payload: { confirmation: true },
    });
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json()).toMatchObject({ key: 'error.bookingNoEmail' });
    const nothing = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${booking.id}/documents/mail`,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual([expect.objectContaining({ field: 'invoices', key: 'error.nonEmptyList' })]);
    const foreignInvoice = await insertInvoice(
      t.ctx,
      englishBooking.id,
      sampleInvoiceDocument({ number: 'RE-2027-00043', vorgangnr: englishBooking.id }),
    );
    const foreign = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${booking.id}/documents/mail`,
      payload: { invoices: [foreignInvoice] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([expect.objectContaining({ field: 'invoices.0', key: 'error.notFound' })]);
    const badBody = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${booking.id}/documents/mail`,
      payload: { invoices: ['x'] },
    });
    expect(badBody.statusCode).toBe(400);
    const agency = await call(t.app, agencyUser, {
      method: 'POST',
      url: `/ratio_vorgang/${booking.id}/documents/mail`,
      payload: { confirmation: true },
    });
    expect(agency.statusCode).toBe(404);
    const after = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
