import type * as EInvoiceLibrary from '@e-invoice-eu/core';
import type { EInvoiceFormat as LibraryFormatService, Invoice } from '@e-invoice-eu/core';
import type { Ajv2019, ValidateFunction } from 'ajv/dist/2019.js';
import type { InvoiceDocument, InvoiceFormat, InvoiceLine, VatTreatment } from '@tourdesk/contracts';

/**
 * E-invoices (EN 16931) from the frozen InvoiceDocument, written by @e-invoice-eu/core: XRechnung CII and UBL,
 * and Factur-X (EN16931 profile, PDF/A-3 with the CII inside) on top of our own invoice PDF.
 *
 * The document's line amounts are what the customer pays (gross). Lines under the margin scheme for travel
 * services (§ 25 UStG) carry no VAT: category E, 0 %, exemption reason VATEX-EU-D, "Sonderregelung für
 * Reisebüros". Standard (19 %) and reduced (7 %) lines are split into net and VAT as EN 16931 wants net line
 * amounts; a cent lost to that rounding goes into the payable rounding amount (BT-114), so the payable amount
 * is always the document's `due`.
 */

export const MARGIN_SCHEME_TEXT = 'Sonderregelung für Reisebüros';
export const MARGIN_SCHEME_CODE = 'VATEX-EU-D';
/** XRechnung 3.0 (BR-DE-21) */
export const XRECHNUNG_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

export type EInvoiceFormat = Exclude<InvoiceFormat, 'pdf'>;

const LIBRARY_FORMAT: Record<EInvoiceFormat, string> = {
  'xrechnung-cii': 'XRECHNUNG-CII',
  'xrechnung-ubl': 'XRECHNUNG-UBL',
  facturx: 'Factur-X-EN16931',
};

type Category = { code: 'E' | 'S'; rate: number };
const CATEGORY: Record<VatTreatment, Category> = {
  margin: { code: 'E', rate: 0 },
  standard: { code: 'S', rate: 19 },
  reduced: { code: 'S', rate: 7 },
};

const cents = (euro: number) => Math.round(euro * 100);
const amount = (value: number) => (value / 100).toFixed(2);
const EUR = { currency: 'EUR' } as const;

/** A line's net amount in cents (margin lines have no VAT: net is what is paid). */
export function netCents(line: Pick<InvoiceLine, 'amount' | 'vat'>): number {
  const { rate } = CATEGORY[line.vat];
  const gross = cents(line.amount);
  return rate === 0 ? gross : Math.round((gross * 100) / (100 + rate));
}

export type VatBreakdown = { code: 'E' | 'S'; rate: number; taxableCents: number; vatCents: number };

/** The VAT breakdown (BG-23) per category and rate, in the order margin, 19 %, 7 %. */
export function vatBreakdown(lines: readonly InvoiceLine[]): VatBreakdown[] {
  const groups = new Map<string, VatBreakdown>();
  for (const line of lines) {
    const { code, rate } = CATEGORY[line.vat];
    const key = `${code}${rate}`;
    const group = groups.get(key) ?? { code, rate, taxableCents: 0, vatCents: 0 };
    group.taxableCents += netCents(line);
    groups.set(key, group);
  }
  for (const group of groups.values()) group.vatCents = Math.round((group.taxableCents * group.rate) / 100);
  return [...groups.values()];
}

type UblInvoice = Invoice['ubl:Invoice'];

const address = (party: { street: string | null; zip: string | null; city: string | null; country: string }) => ({
  ...(party.street ? { 'cbc:StreetName': party.street } : {}),
  ...(party.city ? { 'cbc:CityName': party.city } : {}),
  ...(party.zip ? { 'cbc:PostalZone': party.zip } : {}),
  'cac:Country': { 'cbc:IdentificationCode': party.country },
});

const taxCategory = (category: Category) => ({
  'cbc:ID': category.code,
  'cbc:Percent': String(category.rate),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' as const },
});

/** The document in the library's internal format (UBL-shaped JSON). */
export function eInvoiceData(doc: InvoiceDocument): Invoice {
  const { seller, buyer } = doc;
  const breakdown = vatBreakdown(doc.lines);
  const netTotal = breakdown.reduce((sum, group) => sum + group.taxableCents, 0);
  const vatTotal = breakdown.reduce((sum, group) => sum + group.vatCents, 0);
  const grossTotal = netTotal + vatTotal;
  const prepaid = cents(doc.prepaid);
  const payable = cents(doc.due);
  const rounding = payable - (grossTotal - prepaid);
  const isCredit = doc.kind === 'creditNote';
  const notes = [
    ...(isCredit && doc.creditedNumber ? [`Gutschrift zur Rechnung ${doc.creditedNumber}`] : []),
    ...(breakdown.some((group) => group.code === 'E') && !doc.notes.some((note) => note.includes(MARGIN_SCHEME_TEXT))
      ? [`${MARGIN_SCHEME_TEXT} (§ 25 UStG)`]
      : []),
    ...doc.notes,
  ];
  const sellerTaxSchemes = [
    ...(seller.vatId ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(seller.taxNumber ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  const payment =
    isCredit || !seller.iban
      ? { 'cbc:PaymentMeansCode': '1' }
      : {
          'cbc:PaymentMeansCode': '58',
          'cbc:PaymentID': doc.number,
          'cac:PayeeFinancialAccount': {
            'cbc:ID': seller.iban.replace(/\s+/g, ''),
            'cbc:Name': seller.name,
            ...(seller.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic } } : {}),
          },
        };

  const invoice: UblInvoice = {
    'cbc:CustomizationID': XRECHNUNG_CUSTOMIZATION,
    'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    ...(doc.dueDate && payable > 0 ? { 'cbc:DueDate': doc.dueDate } : {}),
    'cbc:InvoiceTypeCode': isCredit ? '381' : '380',
    // One note: the library writes several notes as several Content elements in one IncludedNote, which the CII
    // schema refuses.
    ...(notes.length ? { 'cbc:Note': [notes.join('\n')] } : {}),
    'cbc:DocumentCurrencyCode': 'EUR',
    'cbc:BuyerReference': doc.buyerReference,
    'cac:InvoicePeriod': {
      'cbc:StartDate': doc.deliveryDate,
      'cbc:EndDate': doc.periodEnd ?? doc.deliveryDate,
    },
    ...(doc.vorgangnr !== null ? { 'cac:OrderReference': { 'cbc:ID': String(doc.vorgangnr) } } : {}),
    ...(isCredit && doc.creditedNumber
      ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.creditedNumber } }] }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        ...(seller.email ? { 'cbc:EndpointID': seller.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        'cac:PartyName': { 'cbc:Name': seller.brandName },
        'cac:PostalAddress': address(seller),
        ...(sellerTaxSchemes.length ? { 'cac:PartyTaxScheme': sellerTaxSchemes } : {}),
        'cac:PartyLegalEntity': {
          'cbc:RegistrationName': seller.name,
          ...(seller.registrationNumber ? { 'cbc:CompanyID': seller.registrationNumber } : {}),
        },
        'cac:Contact': {
          'cbc:Name': seller.brandName,
          ...(seller.phone ? { 'cbc:Telephone': seller.phone } : {}),
          ...(seller.email ? { 'cbc:ElectronicMail': seller.email } : {}),
        },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...(buyer.email ? { 'cbc:EndpointID': buyer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        ...(buyer.customerNumber ? { 'cac:PartyIdentification': { 'cbc:ID': buyer.customerNumber } } : {}),
        'cac:PostalAddress': address(buyer),
        ...(buyer.vatId
          ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
          : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
      },
    },
    'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.deliveryDate },
    'cac:PaymentMeans': [payment],
    'cac:PaymentTerms': { 'cbc:Note': doc.paymentTerms },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(vatTotal),
        'cbc:TaxAmount@currencyID': EUR.currency,
        'cac:TaxSubtotal': breakdown.map((group) => ({
          'cbc:TaxableAmount': amount(group.taxableCents),
          'cbc:TaxableAmount@currencyID': EUR.currency,
          'cbc:TaxAmount': amount(group.vatCents),
          'cbc:TaxAmount@currencyID': EUR.currency,
          'cac:TaxCategory': {
            ...taxCategory(group),
            ...(group.code === 'E'
              ? { 'cbc:TaxExemptionReasonCode': MARGIN_SCHEME_CODE, 'cbc:TaxExemptionReason': MARGIN_SCHEME_TEXT }
              : {}),
          },
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(netTotal),
      'cbc:LineExtensionAmount@currencyID': EUR.currency,
      'cbc:TaxExclusiveAmount': amount(netTotal),
      'cbc:TaxExclusiveAmount@currencyID': EUR.currency,
      'cbc:TaxInclusiveAmount': amount(grossTotal),
      'cbc:TaxInclusiveAmount@currencyID': EUR.currency,
      ...(prepaid ? { 'cbc:PrepaidAmount': amount(prepaid), 'cbc:PrepaidAmount@currencyID': EUR.currency } : {}),
      ...(rounding
        ? { 'cbc:PayableRoundingAmount': amount(rounding), 'cbc:PayableRoundingAmount@currencyID': EUR.currency }
        : {}),
      'cbc:PayableAmount': amount(payable),
      'cbc:PayableAmount@currencyID': EUR.currency,
    },
    'cac:InvoiceLine': doc.lines.map((line) => {
      const net = netCents(line);
      // BR-27: the item price is never negative; a discount is a negative quantity at a positive price.
      const quantity = line.quantity || 1;
      const sign = net < 0 ? -1 : 1;
      const price = Math.abs(net) / Math.abs(quantity);
      return {
        'cbc:ID': String(line.position),
        'cbc:InvoicedQuantity': String(sign * Math.abs(quantity)),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': amount(net),
        'cbc:LineExtensionAmount@currencyID': EUR.currency,
        'cac:Item': {
          ...(line.participant ? { 'cbc:Description': line.participant } : {}),
          'cbc:Name': line.description,
          'cac:ClassifiedTaxCategory': taxCategory(CATEGORY[line.vat]),
        },
        'cac:Price': {
          'cbc:PriceAmount': (price / 100).toFixed(2),
          'cbc:PriceAmount@currencyID': EUR.currency,
        },
      };
    }),
  } as UblInvoice;
  return { 'ubl:Invoice': invoice };
}

const silent = { log() {}, warn() {}, error() {} };

/**
 * The library's InvoiceService, with its one costly step done once: `InvoiceService.generate` compiles the whole
 * invoice JSON schema (patched for the format) with a new Ajv on every call, about 0.4 s, far more than writing
 * the XML. Here each format's validator is compiled on first use and kept; the steps and options are the
 * library's own (validate with defaults, fill the format's defaults, generate).
 */
type Library = typeof EInvoiceLibrary;
type Ajv2019Class = typeof Ajv2019;

class EInvoiceGenerator {
  readonly #library: Library;
  readonly #Ajv: Ajv2019Class;
  readonly #factory: InstanceType<Library['FormatFactoryService']>;
  readonly #validation: InstanceType<Library['ValidationService']>;
  readonly #formats = new Map<string, { service: LibraryFormatService; validate: ValidateFunction<Invoice> }>();

  constructor(library: Library, Ajv: Ajv2019Class) {
    this.#library = library;
    this.#Ajv = Ajv;
    this.#factory = new library.FormatFactoryService();
    this.#validation = new library.ValidationService(silent);
  }

  #format(name: string) {
    let entry = this.#formats.get(name);
    if (!entry) {
      const service = this.#factory.createFormatService(name, silent);
      const schema = structuredClone(this.#library.invoiceSchema);
      service.patchSchema(schema);
      const ajv = new this.#Ajv({ strict: true, allErrors: true, useDefaults: true });
      entry = { service, validate: ajv.compile(schema) as ValidateFunction<Invoice> };
      this.#formats.set(name, entry);
    }
    return entry;
  }

  generate(input: Invoice, options: Parameters<LibraryFormatService['generate']>[1]) {
    const { service, validate } = this.#format(options.format);
    const invoice = this.#validation.validate('invoice data', validate, structuredClone(input));
    service.fillInvoiceDefaults(invoice);
    return service.generate(invoice, { ...options, format: this.#factory.normalizeFormat(options.format) });
  }
}

let generator: Promise<EInvoiceGenerator> | null = null;

/**
 * The generator, loaded on the first e-invoice: @e-invoice-eu/core with its schemas, XML writers and PDF/A code
 * holds about 50 MB that a server writing no e-invoice need not (bench/README.md, "Memory").
 */
const eInvoiceGenerator = () =>
  (generator ??= Promise.all([import('@e-invoice-eu/core'), import('ajv/dist/2019.js')]).then(
    ([library, { Ajv2019 }]) => new EInvoiceGenerator(library, Ajv2019),
  ));

/**
 * Renders the e-invoice: XML text for XRechnung CII/UBL, PDF bytes for Factur-X (which needs the invoice PDF).
 */
export async function generateEInvoice(
  doc: InvoiceDocument,
  format: EInvoiceFormat,
  pdf?: { bytes: Uint8Array; fileName: string },
): Promise<string | Uint8Array> {
  if (format === 'facturx' && !pdf) throw new Error('Factur-X needs the invoice PDF');
  const result = await (
    await eInvoiceGenerator()
  ).generate(eInvoiceData(doc), {
    format: LIBRARY_FORMAT[format],
    lang: doc.language === 'de' ? 'de-de' : 'en-gb',
    noWarnings: true,
    ...(pdf ? { pdf: { buffer: pdf.bytes, filename: pdf.fileName, mimetype: 'application/pdf' } } : {}),
  });
  return format === 'xrechnung-cii' && typeof result === 'string' ? withPrecedingInvoice(result, doc) : result;
}

/**
 * BT-25 (the invoice a credit note corrects) in the CII: the library's CII mapping loses the UBL billing
 * reference, so it is put in its place in the header settlement (after the monetary summation, as the schema
 * orders it). The Factur-X XML is written inside the library and names the invoice in its note only.
 */
export function withPrecedingInvoice(xml: string, doc: InvoiceDocument): string {
  if (doc.kind !== 'creditNote' || !doc.creditedNumber || xml.includes('<ram:InvoiceReferencedDocument>')) return xml;
  const anchor = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>';
  const escaped = doc.creditedNumber.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return xml.replace(
    anchor,
    `${anchor}\n\t\t\t<ram:InvoiceReferencedDocument>\n\t\t\t\t<ram:IssuerAssignedID>${escaped}</ram:IssuerAssignedID>\n\t\t\t</ram:InvoiceReferencedDocument>`,
  );
}
