import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, CollectiveInvoice, CollectiveInvoiceDetail, CommissionStatement } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import {
  book,
  commissionCentsOf,
  embeddedXml,
  getBooking,
  pdfText,
  travelCentsOf,
  validateCii,
} from '../../../test/agency-money.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, nextSequence } from '../../seed/factories.ts';

/** Collective invoices (Sammelrechnungen) of agencies, docs/adr/0019. */
describe('collective invoices: issue, list, documents, scope', () => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let clerkA = '';
  let clerkB = '';
  let noAgency = '';
  let agencyA = 0;
  let agencyB = 0;
  let agencyAName = '';
  let departure: DepartureFixture;
  let firstInvoice: CollectiveInvoice;
  let bookingsA: Booking[] = [];
  const period = { from: '2027-08-01', to: '2027-08-31' };

  const issue = (as: string, body: Record<string, unknown>) =>
    call(t.app, as, { method: 'POST', url: '/ratio/api/bulk-invoices', payload: body });
  const seqOf = (number: string) => Number(number.split('-')[2]);

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    // The brand of the host the office works on: the seller (XRechnung wants its e-mail as electronic address).
    await t.ctx.db
      .insertInto('brand')
      .values({
        host: 'localhost',
        name: 'Elbland Reisen',
        logo: null,
        company: 'Elbland Reisen GmbH',
        street: 'Schillerplatz 3',
        zip: '01309',
        city: 'Dresden',
        tel: '+49 351 4711',
        fax: null,
        email: 'rechnung@elbland-reisen.example',
        web: null,
        court: null,
        registration_number: null,
        company_id: null,
        push_channel: null,
        primary_color: null,
      })
      .execute();
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    const a = await createAgencyFixture(t.ctx, nextSequence());
    const b = await createAgencyFixture(t.ctx, nextSequence());
    agencyA = a.id;
    agencyB = b.id;
    agencyAName = a.name;
    clerkA = await createLogin(t.ctx, 'agency', { agencyId: agencyA });
    clerkB = await createLogin(t.ctx, 'agency', { agencyId: agencyB });
    noAgency = await createLogin(t.ctx, 'agency');
    departure = await createDepartureFixture(t.ctx, nextSequence(), {
      journey: { category: 7, firstDate: '2027-08-09' },
    });
    for (const [agencyId, percent] of [
      [agencyA, 11.11],
      [agencyB, 8],
    ] as const) {
      const put = await call(t.app, admin, {
        method: 'PUT',
        url: `/organization/${agencyId}/commission-rates`,
        payload: { rates: [{ categoryId: null, percent }] },
      });
      expect(put.statusCode).toBe(200);
    }
    bookingsA = [
      await book(t, clerkA, departure.nr, { insurance: 'RRV', surname: 'Hoffmann' }),
      await book(t, clerkA, departure.nr, { participants: 3, surname: 'Weiß' }),
    ];
    // an option is not invoiced; B's booking is B's
    await book(t, clerkA, departure.nr, { type: 'option', participants: 1, surname: 'Offen' });
    await book(t, clerkB, departure.nr, { participants: 1, surname: 'Bader' });
  });
  afterAll(() => t.close());

  it('issues one invoice over the agency’s firm bookings, net of commission, and never a booking twice', async () => {
    const response = await issue(office, { agencyId: agencyA, ...period });
    expect(response.statusCode, response.body).toBe(201);
    firstInvoice = response.json<CollectiveInvoice>();
    let travel = 0;
    let commission = 0;
    for (const booking of bookingsA) {
      const cents = travelCentsOf(await getBooking(t, office, booking.id));
      travel += cents;
      commission += commissionCentsOf(cents, 11.11);
    }
    expect(firstInvoice).toMatchObject({
      agencyId: agencyA,
      agencyName: agencyAName,
      ...period,
      bookings: 2,
      travelTotal: travel / 100,
      commissionTotal: commission / 100,
      total: (travel - commission) / 100,
    });
    expect(firstInvoice.number).toMatch(/^SR-\d{4}-\d{5}$/);
    expect(firstInvoice.issuedBy).toEqual(expect.any(Number));

    // the invoice core's row: kind collective, the agency, no booking, the total net of commission
    const row = await t.ctx.db
      .selectFrom('invoice')
      .selectAll()
      .where('id', '=', firstInvoice.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'collective', id_booking: null, id_organization: agencyA });
    expect(row.total_cents).toBe(travel - commission);
    const covered = await t.ctx.db
      .selectFrom('collective_invoice_booking')
      .selectAll()
      .where('id_invoice', '=', firstInvoice.id)
      .execute();
    expect(covered.map((c) => c.id_booking).sort()).toEqual(bookingsA.map((b) => b.id).sort());

    // nothing left: 409, and the number is not used up
    const again = await issue(office, { agencyId: agencyA, ...period });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'error.nothingToInvoice' });

    // the statement names the invoice that settled each booking
    const statement = await call(t.app, office, {
      method: 'GET',
      url: `/agency-commission?agencyId=${agencyA}&from=${period.from}&to=${period.to}`,
    });
    const lines = statement.json<CommissionStatement>().lines;
    for (const booking of bookingsA)
      expect(lines.find((line) => line.vorgangnr === booking.id)?.collectiveInvoiceNumber).toBe(firstInvoice.number);

    // a new booking: the next number, gap-free, over that booking alone
    const late = await book(t, clerkA, departure.nr, { participants: 1, surname: 'Nachzügler' });
    const next = await issue(office, { agencyId: agencyA, ...period });
    expect(next.statusCode).toBe(201);
    const second = next.json<CollectiveInvoice>();
    expect(second.bookings).toBe(1);
    expect(seqOf(second.number)).toBe(seqOf(firstInvoice.number) + 1);
    const lateTravel = travelCentsOf(await getBooking(t, office, late.id));
    expect(second.total).toBe((lateTravel - commissionCentsOf(lateTravel, 11.11)) / 100);
  });

  it('settles a booking once when two issue at the same time', async () => {
    const one = await book(t, clerkA, departure.nr, { participants: 1, surname: 'Gleichzeitig' });
    const two = await book(t, clerkA, departure.nr, { participants: 2, surname: 'Parallel' });
    const before = await t.ctx.db
      .selectFrom('invoice_counter')
      .select('last')
      .where('kind', '=', 'collective')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      issue(office, { agencyId: agencyA, ...period }),
      issue(office, { agencyId: agencyA, ...period }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const won = answers.find((answer) => answer.statusCode === 201)!.json<CollectiveInvoice>();
    expect(won.bookings).toBe(2);
    const rows = await t.ctx.db
      .selectFrom('collective_invoice_booking')
      .select('id_invoice')
      .where('id_booking', 'in', [one.id, two.id])
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.id_invoice))).toEqual(new Set([won.id]));
    // one number taken, no gap
    const after = await t.ctx.db
      .selectFrom('invoice_counter')
      .select('last')
      .where('kind', '=', 'collective')
      .executeTakeFirstOrThrow();
    expect(after.last).toBe(before.last + 1);
    expect(seqOf(won.number)).toBe(after.last);
  });

  it('refuses what is not the office’s to issue or not valid', async () => {
    expect((await issue(clerkA, { agencyId: agencyA, ...period })).statusCode).toBe(403);
    const unknown = await issue(office, { agencyId: 999999, ...period });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'agencyId', key: 'error.notFound' });
    const reversed = await issue(office, { agencyId: agencyA, from: period.to, to: period.from });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toMatchObject({ field: 'to', key: 'error.dateTillBeforeFrom' });
    expect((await issue(office, { agencyId: agencyA, from: 'gestern', to: period.to })).statusCode).toBe(400);
    // a period without bookings
    expect((await issue(office, { agencyId: agencyA, from: '2030-01-01', to: '2030-01-31' })).statusCode).toBe(409);
  });

  it('lists an agency’s collective invoices and answers one by number with its bookings; agencies their own', async () => {
    const list = await call(t.app, office, { method: 'GET', url: `/ratio/api/bulk-invoices/?getByAgency=${agencyA}` });
    expect(list.statusCode).toBe(200);
    const invoices = list.json<CollectiveInvoice[]>();
    expect(invoices.length).toBeGreaterThanOrEqual(3);
    // newest first
    expect(invoices.map((invoice) => invoice.id)).toEqual(
      [...invoices.map((invoice) => invoice.id)].sort((x, y) => y - x),
    );
    expect(invoices.find((invoice) => invoice.id === firstInvoice.id)).toEqual(firstInvoice);

    const own = await call(t.app, clerkA, { method: 'GET', url: `/ratio/api/bulk-invoices/?getByAgency=${agencyA}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(invoices);

    const detail = await call(t.app, clerkA, {
      method: 'GET',
      url: `/ratio/api/bulk-invoices/?getBySammelRechnungNr=${firstInvoice.number}`,
    });
    expect(detail.statusCode).toBe(200);
    const one = detail.json<CollectiveInvoiceDetail>();
    expect(one).toMatchObject(firstInvoice);
    expect(one.lines.map((line) => line.vorgangnr).sort()).toEqual(bookingsA.map((b) => b.id).sort());
    expect(one.lines.reduce((sum, line) => sum + Math.round(line.travelPrice * 100), 0)).toBe(
      Math.round(firstInvoice.travelTotal * 100),
    );
    expect(one.lines.reduce((sum, line) => sum + Math.round(line.commission * 100), 0)).toBe(
      Math.round(firstInvoice.commissionTotal * 100),
    );
    expect(one.lines.every((line) => line.rate === 11.11 && line.collectiveInvoiceNumber === firstInvoice.number)).toBe(
      true,
    );

    // another agency's: 404 by agency and by number; no agency on the card: 403
    const byAgency = await call(t.app, clerkB, {
      method: 'GET',
      url: `/ratio/api/bulk-invoices/?getByAgency=${agencyA}`,
    });
    expect(byAgency.statusCode).toBe(404);
    const byNumber = await call(t.app, clerkB, {
      method: 'GET',
      url: `/ratio/api/bulk-invoices/?getBySammelRechnungNr=${firstInvoice.number}`,
    });
    expect(byNumber.statusCode).toBe(404);
    expect(
      (await call(t.app, clerkB, { method: 'GET', url: `/ratio/api/bulk-invoices/?getByAgency=${agencyB}` })).json(),
    ).toEqual([]);
    expect(
      (await call(t.app, noAgency, { method: 'GET', url: `/ratio/api/bulk-invoices/?getByAgency=${agencyA}` }))
        .statusCode,
    ).toBe(403);
    // a booking's invoice number is not a collective invoice; both or neither parameter is a bad request
    expect(
      (
        await call(t.app, office, {
          method: 'GET',
          url: '/ratio/api/bulk-invoices/?getBySammelRechnungNr=RE-2027-00001',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t.app, office, { method: 'GET', url: '/ratio/api/bulk-invoices/' })).statusCode).toBe(400);
    expect(
      (
        await call(t.app, office, {
          method: 'GET',
          url: `/ratio/api/bulk-invoices/?getByAgency=${agencyA}&getBySammelRechnungNr=${firstInvoice.number}`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, office, { method: 'GET', url: '/ratio/api/bulk-invoices/?getByAgency=999999' })).statusCode,
    ).toBe(404);
  });

  it('renders the collective invoice as PDF, schema-valid XRechnung CII, UBL and Factur-X', async () => {
    const pdf = await call(t.app, office, { method: 'GET', url: `/invoices/${firstInvoice.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`${firstInvoice.number}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Sammelrechnung');
    expect(text).toContain(firstInvoice.number);
    expect(text).toContain(agencyAName);
    expect(text).toContain('Elbland Reisen GmbH');
    expect(text).toContain(`Buchung ${bookingsA[0]!.id}`);
    expect(text).toContain(`Provision 11,11 % zu Buchung ${bookingsA[1]!.id}`);
    expect(text).toContain('01.08.2027 – 31.08.2027');
    const money = (value: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value).replace(/\u00a0/g, ' ');
    expect(text).toContain(money(firstInvoice.total));

    const cii = await call(t.app, office, { method: 'GET', url: `/invoices/${firstInvoice.id}/xrechnung-cii` });
    expect(cii.statusCode).toBe(200);
    expect((await validateCii(cii.body)).errors).toEqual([]);
    expect(cii.body).toContain(`<ram:DuePayableAmount>${firstInvoice.total.toFixed(2)}</ram:DuePayableAmount>`);
    expect(cii.body).toContain('<ram:ExemptionReasonCode>VATEX-EU-D</ram:ExemptionReasonCode>');
    expect(cii.body).toContain('<ram:TypeCode>380</ram:TypeCode>');
    // the commission lines: negative quantity at a positive price (BR-27)
    expect(cii.body).toContain('<ram:BilledQuantity unitCode="C62">-1</ram:BilledQuantity>');
    const ubl = await call(t.app, office, { method: 'GET', url: `/invoices/${firstInvoice.id}/xrechnung-ubl` });
    expect(ubl.statusCode, ubl.body).toBe(200);
    expect(ubl.body).toContain(`<cbc:ID>${firstInvoice.number}</cbc:ID>`);
    expect(ubl.body).toContain(`<cbc:RegistrationName>${agencyAName}</cbc:RegistrationName>`);
    expect(ubl.body).not.toContain('<cac:OrderReference>');
    const facturx = await call(t.app, office, { method: 'GET', url: `/invoices/${firstInvoice.id}/facturx` });
    expect(facturx.statusCode).toBe(200);
    const xml = embeddedXml(facturx.rawPayload)!;
    expect(xml).toContain(firstInvoice.number);
    expect((await validateCii(xml)).errors).toEqual([]);
    const template = await call(t.app, office, {
      method: 'GET',
      url: `/ratio/api/templates/?getInvoice=${firstInvoice.number}`,
    });
    expect(template.statusCode).toBe(200);

    // the agency downloads its own; another agency gets 404
    expect((await call(t.app, clerkA, { method: 'GET', url: `/invoices/${firstInvoice.id}/pdf` })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, clerkB, { method: 'GET', url: `/invoices/${firstInvoice.id}/pdf` })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, clerkB, { method: 'GET', url: `/invoices/${firstInvoice.id}/xrechnung-cii` })).statusCode,
    ).toBe(404);
  });
});
