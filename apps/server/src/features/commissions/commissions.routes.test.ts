import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, CommissionRates, CommissionStatement } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { book, cancel, commissionCentsOf, getBooking, pdfText, travelCentsOf } from '../../../test/agency-money.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, nextSequence } from '../../seed/factories.ts';

/** Commission rates, the rate frozen per booking and the statement (docs/adr/0019). */
describe('commissions: rates, frozen rate, statement', () => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let clerkA = '';
  let clerkB = '';
  let noAgency = '';
  let agencyA = 0;
  let agencyB = 0;
  let agencyAName = '';
  /** category 5 and category 6 journeys departing 2027-06-07 and 2027-06-21 */
  let cat5: DepartureFixture;
  let cat6: DepartureFixture;
  const period = 'from=2027-06-01&to=2027-06-30';

  const putRates = (as: string, agencyId: number, rates: unknown) =>
    call(t.app, as, { method: 'PUT', url: `/organization/${agencyId}/commission-rates`, payload: { rates } });
  const statement = async (as: string, query: string) => {
    const response = await call(t.app, as, { method: 'GET', url: `/agency-commission?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CommissionStatement>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
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
    cat5 = await createDepartureFixture(t.ctx, nextSequence(), { journey: { category: 5, firstDate: '2027-06-07' } });
    cat6 = await createDepartureFixture(t.ctx, nextSequence(), { journey: { category: 6, firstDate: '2027-06-21' } });
  });
  afterAll(() => t.close());

  it('stores, reads and replaces an agency’s rates; the agency reads its own only', async () => {
    const put = await putRates(admin, agencyA, [
      { categoryId: 5, percent: 12.35 },
      { categoryId: null, percent: 10 },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    const rates = put.json<CommissionRates>();
    expect(rates.agencyId).toBe(agencyA);
    // the default first, then by category, with the category's name
    expect(rates.rates).toEqual([
      { categoryId: null, categoryName: null, percent: 10 },
      { categoryId: 5, categoryName: expect.any(String), percent: 12.35 },
    ]);
    const url = `/organization/${agencyA}/commission-rates`;
    expect((await call(t.app, admin, { method: 'GET', url })).json()).toEqual(rates);
    const own = await call(t.app, clerkA, { method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(rates);
    expect((await call(t.app, clerkB, { method: 'GET', url })).statusCode).toBe(404);
    expect((await call(t.app, noAgency, { method: 'GET', url })).statusCode).toBe(403);
    expect((await call(t.app, office, { method: 'GET', url })).statusCode).toBe(403);
    expect((await putRates(clerkA, agencyA, [])).statusCode).toBe(403);
    expect((await call(t.app, admin, { method: 'GET', url: '/organization/999999/commission-rates' })).statusCode).toBe(
      404,
    );

    // replacing: B gets one default, A is untouched
    expect((await putRates(admin, agencyB, [{ categoryId: null, percent: 7.5 }])).statusCode).toBe(200);
    expect((await call(t.app, admin, { method: 'GET', url })).json()).toEqual(rates);
    const cleared = await putRates(admin, agencyB, []);
    expect(cleared.json<CommissionRates>().rates).toEqual([]);
  });

  it('refuses a second rate for a category or a second default, three decimals, and unknown categories', async () => {
    const duplicate = await putRates(admin, agencyB, [
      { categoryId: 5, percent: 10 },
      { categoryId: 5, percent: 11 },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([
      expect.objectContaining({ field: 'rates.1.categoryId', key: 'error.rateDuplicate' }),
    ]);
    const twoDefaults = await putRates(admin, agencyB, [
      { categoryId: null, percent: 10 },
      { categoryId: 6, percent: 10 },
      { categoryId: null, percent: 11 },
    ]);
    expect(twoDefaults.statusCode).toBe(400);
    expect(twoDefaults.json().errors[0]).toMatchObject({ field: 'rates.2.categoryId', key: 'error.rateDuplicate' });
    const decimals = await putRates(admin, agencyB, [{ categoryId: null, percent: 10.555 }]);
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().errors[0]).toMatchObject({ field: 'rates.0.percent', key: 'error.float' });
    expect((await putRates(admin, agencyB, [{ categoryId: null, percent: 100.01 }])).statusCode).toBe(400);
    expect((await putRates(admin, agencyB, [{ categoryId: null, percent: -1 }])).statusCode).toBe(400);
    const unknown = await putRates(admin, agencyB, [{ categoryId: 99999, percent: 5 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'rates.0.categoryId', key: 'error.notFound' });
    // nothing of the refused bodies was stored
    const stored = await call(t.app, admin, { method: 'GET', url: `/organization/${agencyB}/commission-rates` });
    expect(stored.json<CommissionRates>().rates).toEqual([]);
  });

  it('freezes the rate when the agency books and computes the statement by departure', async () => {
    expect(
      (
        await putRates(admin, agencyA, [
          { categoryId: null, percent: 10 },
          { categoryId: 5, percent: 12.35 },
        ])
      ).statusCode,
    ).toBe(200);
    // firm on a category-5 journey (one insured traveller): the category rate on the price without insurance
    const insured = await book(t, clerkA, cat5.nr, { insurance: 'RRV', surname: 'Brandt' });
    expect(insured.priceLines.some((line) => line.kind === 'insurance')).toBe(true);
    // firm on a category-6 journey: the default
    const other = await book(t, clerkA, cat6.nr, { participants: 1, surname: 'Öztürk' });
    // an option earns nothing (yet)
    const option = await book(t, clerkA, cat5.nr, { type: 'option', participants: 1, surname: 'Vogel' });
    // one of two travellers cancelled: the other's price and the cancelled one's fee
    const partly = await book(t, clerkA, cat5.nr, { surname: 'Schulz' });
    await cancel(t, clerkA, partly.id, [partly.teilnehmer[1]!.nr!]);
    // a booking cancelled as a whole: its fee only
    const whole = await book(t, clerkA, cat6.nr, { participants: 1, surname: 'Meier' });
    await cancel(t, clerkA, whole.id);
    // a staff booking for no agency and agency B's booking are not A's
    await book(t, office, cat5.nr, { participants: 1, surname: 'Büro' });
    await book(t, clerkB, cat5.nr, { participants: 1, surname: 'Andere' });

    // the rate changes afterwards: existing bookings keep theirs, a new one takes the new rate
    expect((await putRates(admin, agencyA, [{ categoryId: null, percent: 20 }])).statusCode).toBe(200);
    const later = await book(t, clerkA, cat5.nr, { participants: 1, surname: 'Später' });

    const expected = new Map<number, { booking: Booking; percent: number }>();
    for (const [booking, percent] of [
      [insured, 12.35],
      [other, 10],
      [partly, 12.35],
      [whole, 10],
      [later, 20],
    ] as const)
      expected.set(booking.id, { booking: await getBooking(t, office, booking.id), percent });

    const result = await statement(office, `agencyId=${agencyA}&${period}`);
    expect(result).toMatchObject({ agencyId: agencyA, agencyName: agencyAName, from: '2027-06-01', to: '2027-06-30' });
    expect(result.lines.map((line) => line.vorgangnr).sort((x, y) => x - y)).toEqual(
      [...expected.keys()].sort((x, y) => x - y),
    );
    expect(result.lines.map((line) => line.vorgangnr)).not.toContain(option.id);
    let travelTotal = 0;
    let commissionTotal = 0;
    for (const line of result.lines) {
      const { booking, percent } = expected.get(line.vorgangnr)!;
      const travel = travelCentsOf(booking);
      const commission = commissionCentsOf(travel, percent);
      travelTotal += travel;
      commissionTotal += commission;
      expect(line.rate).toBe(percent);
      expect(Math.round(line.travelPrice * 100)).toBe(travel);
      expect(Math.round(line.commission * 100)).toBe(commission);
      expect(line.collectiveInvoiceNumber).toBeNull();
    }
    expect(Math.round(result.travelTotal * 100)).toBe(travelTotal);
    expect(Math.round(result.commissionTotal * 100)).toBe(commissionTotal);

    const insuredLine = result.lines.find((line) => line.vorgangnr === insured.id)!;
    const insuredBooking = expected.get(insured.id)!.booking;
    // insurance is not the operator's to share
    expect(insuredLine.travelPrice).toBeLessThan(insuredBooking.price);
    expect(insuredLine).toMatchObject({ status: 'firm', participants: 2, dateFrom: '2027-06-07' });
    // 12.35 % is rounded per booking to the cent
    expect(Number.isInteger(Math.round(insuredLine.commission * 100))).toBe(true);
    expect(insuredLine.commission).toBe(Math.round(insuredLine.travelPrice * 12.35) / 100);

    // the cancelled participant's fee line counts, the whole cancellation's fee alone
    const partlyBooking = expected.get(partly.id)!.booking;
    expect(partlyBooking.priceLines.some((line) => line.kind === 'fee')).toBe(true);
    const wholeLine = result.lines.find((line) => line.vorgangnr === whole.id)!;
    const wholeBooking = expected.get(whole.id)!.booking;
    expect(wholeLine.status).toBe('cancelled');
    expect(wholeBooking.priceLines.every((line) => line.kind === 'fee')).toBe(true);
    expect(wholeLine.travelPrice).toBeGreaterThan(0);
    expect(wholeLine.travelPrice).toBeLessThan(other.price);

    // by departure: June 7 only, then a period without departures
    const first = await statement(office, `agencyId=${agencyA}&from=2027-06-07&to=2027-06-07`);
    expect(new Set(first.lines.map((line) => line.dateFrom))).toEqual(new Set(['2027-06-07']));
    expect(first.lines.map((line) => line.vorgangnr)).toContain(insured.id);
    expect(first.lines.map((line) => line.vorgangnr)).not.toContain(other.id);
    const none = await statement(office, `agencyId=${agencyA}&from=2027-01-01&to=2027-01-31`);
    expect(none).toMatchObject({ lines: [], travelTotal: 0, commissionTotal: 0 });
  });

  it('gives an agency user its own statement only', async () => {
    const own = await statement(clerkA, period);
    expect(own.agencyId).toBe(agencyA);
    expect(own.lines.length).toBeGreaterThan(0);
    expect((await statement(clerkA, `agencyId=${agencyA}&${period}`)).lines).toEqual(own.lines);
    const other = await call(t.app, clerkB, { method: 'GET', url: `/agency-commission?agencyId=${agencyA}&${period}` });
    expect(other.statusCode).toBe(404);
    // B's own statement: its booking at 0 % (B has no rates)
    const b = await statement(clerkB, period);
    expect(b.lines).toHaveLength(1);
    expect(b.lines[0]).toMatchObject({ rate: 0, commission: 0 });
    expect((await call(t.app, noAgency, { method: 'GET', url: `/agency-commission?${period}` })).statusCode).toBe(403);
    for (const url of ['/agency-commission.pdf', '/agency-commission.csv'])
      expect(
        (await call(t.app, clerkB, { method: 'GET', url: `${url}?agencyId=${agencyA}&${period}` })).statusCode,
      ).toBe(404);
    const noAgencyId = await call(t.app, office, { method: 'GET', url: `/agency-commission?${period}` });
    expect(noAgencyId.statusCode).toBe(400);
    expect(noAgencyId.json().errors[0]).toMatchObject({ field: 'agencyId' });
    const reversed = await call(t.app, office, {
      method: 'GET',
      url: `/agency-commission?agencyId=${agencyA}&from=2027-06-30&to=2027-06-01`,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toMatchObject({ field: 'to', key: 'error.dateTillBeforeFrom' });
    expect(
      (await call(t.app, office, { method: 'GET', url: `/agency-commission?agencyId=${agencyA}&from=01.06.2027&to=x` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, office, { method: 'GET', url: `/agency-commission?agencyId=999999&${period}` })).statusCode,
    ).toBe(404);
  });

  it('downloads the statement as CSV for German Excel and as PDF, in the reader’s language', async () => {
    const json = await statement(office, `agencyId=${agencyA}&${period}`);
    const csv = await call(t.app, office, {
      method: 'GET',
      url: `/agency-commission.csv?agencyId=${agencyA}&${period}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Provisionsabrechnung');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const rows = csv.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Vorgangsnr.;Status;Reise;Termin;Abreise;Buchender;Teilnehmer;Reisepreis;Provisionssatz %;Provision;Sammelrechnung',
    );
    expect(rows).toHaveLength(json.lines.length + 2);
    const first = json.lines[0]!;
    const firstRow = rows[1]!.split(';');
    expect(firstRow[0]).toBe(String(first.vorgangnr));
    expect(firstRow[4]).toBe('07.06.2027');
    expect(firstRow[7]).toBe(first.travelPrice.toFixed(2).replace('.', ','));
    expect(firstRow[9]).toBe(first.commission.toFixed(2).replace('.', ','));
    expect(rows.at(-1)).toBe(
      `Summe;;;;;;;${json.travelTotal.toFixed(2).replace('.', ',')};;${json.commissionTotal.toFixed(2).replace('.', ',')};`,
    );
    const english = await call(t.app, clerkA, {
      method: 'GET',
      url: `/agency-commission.csv?${period}`,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(english.body.slice(1).split('\r\n')[0]).toContain('Booking no.;Status;Journey');
    expect(english.body).toContain('Firm booking');

    const pdf = await call(t.app, office, {
      method: 'GET',
      url: `/agency-commission.pdf?agencyId=${agencyA}&${period}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Provisionsabrechnung');
    expect(text).toContain(agencyAName);
    expect(text).toContain('Abreise vom 01.06.2027 bis 30.06.2027');
    expect(text).toContain(String(first.vorgangnr));
    const money = (value: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value).replace(/\u00a0/g, ' ');
    expect(text).toContain(money(json.commissionTotal));
    expect(text).toContain('12,35 %');
    const englishPdf = await call(t.app, clerkA, {
      method: 'GET',
      url: `/agency-commission.pdf?${period}`,
      headers: { 'accept-language': 'en' },
    });
    expect(await pdfText(englishPdf.rawPayload)).toContain('Commission statement');
  });
});
