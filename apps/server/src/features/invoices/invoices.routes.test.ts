import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumber, type Booking, type Invoice } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { getInvoiceDocument, issueCreditNoteIn } from './invoices.service.ts';
import { inTransaction } from '../../db/transaction.ts';

/** Invoices and credit notes (docs/adr/0017): frozen documents, gap-free numbers, corrections as credit notes. */
describe('invoices', () => {
  let t: TestApp;
  let office = '';
  let fixture: DepartureFixture;
  const year = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' }).slice(0, 4));

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    fixture = await createDepartureFixture(t.ctx, nextSequence(), { seatPlan: 'coach57' });
  });
  afterAll(() => t.close());

  const book = async (type: string, names: string[] = ['Mustermann'], language = 'de') => {
    const response = await call(t.app, office, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: {
        termin: fixture.nr,
        type,
        language,
        buchender: {
          firstName: 'Erika',
          surname: `Muster${nextSequence()}`,
          street: 'Hauptstr. 1',
          zip: '01067',
          city: 'Dresden',
          country: 'DE',
        },
        teilnehmer: names.map((name) => ({ name, name1: 'Erika', zustieghin: 1, zustiegrueck: 1 })),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };
  const issue = (id: number) => call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${id}/invoices` });
  const invoicesOf = async (id: number) =>
    (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${id}/invoices` })).json<Invoice[]>();

  it('issues the invoice of a firm booking as a frozen document under the margin scheme', async () => {
    const booking = await book('regular', ['Mustermann', 'Musterfrau']);
    const response = await issue(booking.id);
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<Invoice>();
    expect(invoice).toMatchObject({ kind: 'invoice', vorgangnr: booking.id, total: booking.price, language: 'de' });
    expect(invoice.number).toMatch(new RegExp(`^RE-${year}-\\d{5}$`));

    const { document } = await getInvoiceDocument(t.ctx, invoice.id);
    expect(document.lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(booking.price, 2);
    expect(document.lines.every((line) => line.vat === 'margin')).toBe(true);
    expect(document).toMatchObject({
      vatTotal: 0,
      deliveryDate: booking.date_from,
      buyer: { street: 'Hauptstr. 1', zip: '01067', city: 'Dresden', country: 'DE' },
      seller: { vatId: 'DE123456789', iban: 'DE02120300000000202051' },
      due: booking.price,
    });
    expect(document.notes.join(' ')).toContain('Sonderregelung für Reisebüros');
    expect(
      (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${booking.id}` })).json<Booking>(),
    ).toMatchObject({ invoiceNumber: invoice.number });
  });

  it('refuses a second invoice while the first still matches, and a draft with nothing to invoice', async () => {
    const booking = await book('regular');
    expect((await issue(booking.id)).statusCode).toBe(201);
    const again = await issue(booking.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'error.invoiceCurrent' });

    const draft = await book('entwurf');
    const refused = await issue(draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'error.nothingToInvoice' });
    expect(await invoicesOf(draft.id)).toEqual([]);

    expect((await call(t.app, office, { method: 'POST', url: '/ratio_vorgang/abc/invoices' })).statusCode).toBe(400);
    expect((await issue(99_999_999)).statusCode).toBe(404);
  });

  it('corrects a changed booking with a credit note over the old invoice, then a new invoice', async () => {
    // An English booking: the lines the system writes itself are English (the trip's own words stay as entered).
    const booking = await book('regular', ['Eins'], 'en');
    const first = (await issue(booking.id)).json<Invoice>();
    const changed = await call(t.app, office, {
      method: 'PUT',
      url: `/ratio/api/booking/${booking.id}`,
      payload: {
        teilnehmer: [
          { nr: booking.teilnehmer[0]!.nr, name: 'Eins' },
          // stop 2 costs a surcharge: a line of its own each way
          { name: 'Zwei', zustieghin: 2, zustiegrueck: 2 },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const total = changed.json<Booking>().price;
    expect(total).toBeGreaterThan(first.total);

    const second = (await issue(booking.id)).json<Invoice>();
    const all = await invoicesOf(booking.id);
    expect(all.map((invoice) => invoice.kind)).toEqual(['invoice', 'creditNote', 'invoice']);
    const credit = all[1]!;
    expect(credit).toMatchObject({ creditedInvoiceId: first.id, total: first.total });
    expect(credit.number).toMatch(new RegExp(`^GS-${year}-\\d{5}$`));
    expect(second.total).toBe(total);
    // Σ invoices − Σ credit notes = the booking's total: the ledger adds up.
    const net = all.reduce((sum, invoice) => sum + (invoice.kind === 'invoice' ? invoice.total : -invoice.total), 0);
    expect(net).toBeCloseTo(total, 2);
    // The first invoice's document did not change.
    expect((await getInvoiceDocument(t.ctx, first.id)).document.total).toBe(first.total);
    const creditLines = (await getInvoiceDocument(t.ctx, credit.id)).document.lines;
    expect(creditLines.map((line) => line.description)).toEqual([`Cancellation of invoice ${first.number}`]);
    const secondLines = (await getInvoiceDocument(t.ctx, second.id)).document.lines;
    expect(secondLines.map((line) => line.description).filter((text) => text.startsWith('Boarding'))).toEqual([
      expect.stringMatching(/^Boarding outbound .+ – Zwei$/),
      expect.stringMatching(/^Boarding return .+ – Zwei$/),
    ]);
  });

  it('credits part of an invoice for a cancellation, never more than it still claims', async () => {
    const booking = await book('regular', ['Eins', 'Zwei']);
    const invoice = (await issue(booking.id)).json<Invoice>();
    const actor = { userId: null, agencyId: null };
    const credit = await inTransaction(t.ctx, (trx) =>
      issueCreditNoteIn(
        trx,
        {
          bookingId: booking.id,
          lines: [
            { description: 'Storno Teilnehmer Zwei', participant: 'Zwei', amount_cents: 50_000 },
            { description: 'Stornogebühr 25 %', participant: 'Zwei', amount_cents: -12_500 },
          ],
        },
        actor,
      ),
    );
    expect(credit).toMatchObject({ kind: 'creditNote', total: 375, creditedInvoiceId: invoice.id });
    const capped = await inTransaction(t.ctx, (trx) =>
      issueCreditNoteIn(
        trx,
        { bookingId: booking.id, lines: [{ description: 'Alles', participant: null, amount_cents: 10_000_000 }] },
        actor,
      ),
    );
    expect(capped!.total).toBeCloseTo(invoice.total - 375, 2);
    expect((await getInvoiceDocument(t.ctx, capped!.id)).document.lines.at(-1)?.description).toBe(
      'Begrenzt auf den offenen Rechnungsbetrag',
    );
    const none = await inTransaction(t.ctx, (trx) =>
      issueCreditNoteIn(
        trx,
        { bookingId: booking.id, lines: [{ description: 'x', participant: null, amount_cents: 100 }] },
        actor,
      ),
    );
    expect(none).toBeNull();
  });

  it('numbers invoices without gaps or duplicates when many are issued at once, also when some are refused', async () => {
    const bookings = [];
    for (let i = 0; i < 12; i++) bookings.push(await book('regular'));
    const before = await t.ctx.db
      .selectFrom('invoice_counter')
      .select('last')
      .where('year', '=', year)
      .where('kind', '=', 'invoice')
      .executeTakeFirst();
    // Every booking twice at once: one of each pair is refused (409) and must not use up a number.
    const answers = await Promise.all(bookings.flatMap((booking) => [issue(booking.id), issue(booking.id)]));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(12);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(12);
    const seqs = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => Number(answer.json<Invoice>().number.slice(-5)))
      .sort((a, b) => a - b);
    const first = (before?.last ?? 0) + 1;
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
    expect(seqs.map((seq) => invoiceNumber('invoice', year, seq))).toHaveLength(new Set(seqs).size);
  });
});
