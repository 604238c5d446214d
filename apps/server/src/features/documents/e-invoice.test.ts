import { beforeAll, describe, expect, it } from 'vitest';
import { sampleInvoiceDocument } from '../../../test/fixtures/invoice-document.ts';
import { eInvoiceData, generateEInvoice, MARGIN_SCHEME_CODE, netCents, vatBreakdown } from './e-invoice.ts';

/** The text of every `<tag>…</tag>` in document order (enough for the flat elements the rules look at). */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);
const first = (xml: string, tag: string) => all(xml, tag)[0];
/** The header VAT breakdown blocks (BG-23) of a CII. */
const headerTaxes = (xml: string) => {
  const settlement = xml.slice(xml.indexOf('<ram:ApplicableHeaderTradeSettlement>'));
  return [...settlement.matchAll(/<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)].map((m) => m[1]!);
};

describe('e-invoice: margin scheme for travel and the XRechnung rules that matter', () => {
  // The library is loaded on the first e-invoice (e-invoice.ts); load it here, outside the first test's time.
  beforeAll(() => import('@e-invoice-eu/core'), 60_000);

  it('splits gross standard lines into net and VAT, leaves margin lines without VAT', () => {
    expect(netCents({ amount: 59.5, vat: 'standard' })).toBe(5000);
    expect(netCents({ amount: 10.7, vat: 'reduced' })).toBe(1000);
    expect(netCents({ amount: 899, vat: 'margin' })).toBe(89900);
    expect(vatBreakdown(sampleInvoiceDocument().lines)).toEqual([
      { code: 'E', rate: 0, taxableCents: 236250, vatCents: 0 },
      { code: 'S', rate: 19, taxableCents: 5000, vatCents: 950 },
    ]);
  });

  it('writes a CII in which every margin line is category E at 0 % with VATEX-EU-D (BR-E-1, -5, -8, -9, -10)', async () => {
    const xml = String(await generateEInvoice(sampleInvoiceDocument(), 'xrechnung-cii'));
    const taxes = headerTaxes(xml);
    const exempt = taxes.find((block) => block.includes('<ram:CategoryCode>E</ram:CategoryCode>'))!;
    expect(exempt).toBeDefined(); // BR-E-1
    expect(first(exempt, 'ram:CalculatedAmount')).toBe('0.00'); // BR-E-9
    expect(first(exempt, 'ram:RateApplicablePercent')).toBe('0'); // BR-E-5
    expect(first(exempt, 'ram:ExemptionReasonCode')).toBe(MARGIN_SCHEME_CODE); // BR-E-10
    expect(first(exempt, 'ram:ExemptionReason')).toBe('Sonderregelung für Reisebüros');
    // BR-E-8: the E taxable amount is the sum of the E lines (899 + 899 + 449.50 + 120 + 45 − 50)
    expect(first(exempt, 'ram:BasisAmount')).toBe('2362.50');
    // BR-E-2 / BR-DE-16: the seller's VAT id is given
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    // BR-CO-15, BR-CO-16: grand total = net + VAT; due = grand total − prepaid
    expect(first(xml, 'ram:TaxBasisTotalAmount')).toBe('2412.50');
    expect(first(xml, 'ram:TaxTotalAmount')).toBe('9.50');
    expect(first(xml, 'ram:GrandTotalAmount')).toBe('2422.00');
    expect(first(xml, 'ram:TotalPrepaidAmount')).toBe('500.00');
    expect(first(xml, 'ram:DuePayableAmount')).toBe('1922.00');
    // BR-27: no negative item price; the discount is a negative quantity
    expect(all(xml, 'ram:ChargeAmount').every((price) => !price!.startsWith('-'))).toBe(true);
    expect(all(xml, 'ram:BilledQuantity')).toContain('-1');
  });

  it('fills what XRechnung asks for (BR-DE-1, -2 … -9, -15, -17, -21) and the delivery date', async () => {
    const xml = String(await generateEInvoice(sampleInvoiceDocument(), 'xrechnung-cii'));
    expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'); // BR-DE-21
    expect(first(xml, 'ram:BuyerReference')).toBe('1234'); // BR-DE-15
    expect(first(xml, 'ram:TypeCode')).toBeDefined();
    expect(xml).toMatch(/<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>380<\/ram:TypeCode>/); // BR-DE-17
    expect(xml).toContain('<ram:IBANID>DE02120300000000202051</ram:IBANID>'); // BR-DE-1, BR-DE-23-a
    expect(xml).toMatch(/<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>58<\/ram:TypeCode>/);
    expect(first(xml, 'ram:PersonName')).toBe('Müller Reisen'); // BR-DE-5
    expect(first(xml, 'ram:CompleteNumber')).toBe('+49 351 123456'); // BR-DE-6
    expect(xml).toContain('<ram:URIID>buchhaltung@mueller-reisen.example</ram:URIID>'); // BR-DE-7
    expect(all(xml, 'ram:PostcodeCode')).toEqual(['01067', '04109']); // BR-DE-4, BR-DE-9
    expect(all(xml, 'ram:CityName')).toEqual(['Dresden', 'Leipzig']); // BR-DE-3, BR-DE-8
    expect(xml).toMatch(
      /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">20270612</,
    );
    expect(first(xml, 'ram:Content')).toContain('Sonderregelung für Reisebüros (§ 25 UStG)');
  });

  it('writes a credit note as type 381 naming the invoice it corrects, without bank transfer', async () => {
    const doc = sampleInvoiceDocument({
      kind: 'creditNote',
      number: 'GS-2027-00003',
      creditedNumber: 'RE-2027-00042',
      prepaid: 0,
      due: 2422,
    });
    const cii = String(await generateEInvoice(doc, 'xrechnung-cii'));
    expect(cii).toMatch(/<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>381<\/ram:TypeCode>/);
    expect(cii).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2027-00042</);
    expect(cii).not.toContain('<ram:IBANID>');
    const ubl = String(await generateEInvoice(doc, 'xrechnung-ubl'));
    expect(ubl).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(ubl).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
  });

  it('rounds a cent lost between net and VAT into the payable rounding amount, so the payable is the document’s due', () => {
    const doc = sampleInvoiceDocument({
      lines: [
        {
          position: 1,
          description: 'Getränkepaket',
          participant: null,
          quantity: 1,
          unitPrice: 10,
          amount: 10,
          vat: 'standard',
        },
      ],
      total: 10,
      prepaid: 0,
      due: 10,
    });
    const totals = eInvoiceData(doc)['ubl:Invoice']['cac:LegalMonetaryTotal'];
    // 10.00 gross → 8.40 net + 1.60 VAT = 10.00; nothing to round
    expect(totals['cbc:TaxExclusiveAmount']).toBe('8.40');
    expect(totals['cbc:TaxInclusiveAmount']).toBe('10.00');
    expect(totals['cbc:PayableAmount']).toBe('10.00');
    const odd = sampleInvoiceDocument({
      lines: [
        {
          position: 1,
          description: 'Getränkepaket',
          participant: null,
          quantity: 1,
          unitPrice: 0.05,
          amount: 0.05,
          vat: 'standard',
        },
      ],
      total: 0.05,
      prepaid: 0,
      due: 0.05,
    });
    const oddTotals = eInvoiceData(odd)['ubl:Invoice']['cac:LegalMonetaryTotal'];
    // 0.05 gross → 0.04 net + 0.01 VAT = 0.05
    expect(oddTotals['cbc:PayableAmount']).toBe('0.05');
    expect(
      Number(oddTotals['cbc:TaxInclusiveAmount']) + Number(oddTotals['cbc:PayableRoundingAmount'] ?? 0),
    ).toBeCloseTo(0.05);
  });
});
