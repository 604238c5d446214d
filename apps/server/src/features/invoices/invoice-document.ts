import {
  formatDate,
  type Booking,
  type Brand,
  type DocumentLanguage,
  type InvoiceDocument,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceSeller,
} from '@tourdesk/contracts';

/**
 * The frozen document of an invoice or credit note (docs/adr/0017): everything its renderings need, taken from
 * the booking, the brand of its host and the seller's settings at the moment of issue. A pure function.
 */

/** Margin scheme for travel services: the text the law asks for and that XRechnung carries as exemption reason. */
export const MARGIN_SCHEME_TEXT = 'Sonderregelung für Reisebüros';

const TEXTS: Record<
  DocumentLanguage,
  { margin: string; payBy: string; paid: string; credit: string; creditOf: string; booking: string }
> = {
  de: {
    margin: `${MARGIN_SCHEME_TEXT} (§ 25 UStG). Die Umsatzsteuer wird nicht gesondert ausgewiesen.`,
    payBy: 'Zahlbar bis {date} ohne Abzug.',
    paid: 'Der Rechnungsbetrag ist bereits beglichen.',
    credit: 'Der Betrag wird Ihnen erstattet oder mit offenen Forderungen verrechnet.',
    creditOf: 'Gutschrift zur Rechnung {number}.',
    booking: 'Buchung {vorgangnr}',
  },
  en: {
    margin: `${MARGIN_SCHEME_TEXT} (margin scheme for travel agents, § 25 UStG). VAT is not shown separately.`,
    payBy: 'Payable by {date} without deduction.',
    paid: 'This invoice has already been paid.',
    credit: 'The amount will be refunded to you or set off against open items.',
    creditOf: 'Credit note for invoice {number}.',
    booking: 'Booking {vorgangnr}',
  },
  es: {
    margin: `${MARGIN_SCHEME_TEXT} (régimen especial de agencias de viajes, § 25 UStG). El IVA no se indica por separado.`,
    payBy: 'Pagadero hasta el {date} sin deducción.',
    paid: 'Esta factura ya está pagada.',
    credit: 'El importe se le reembolsará o se compensará con partidas pendientes.',
    creditOf: 'Nota de abono de la factura {number}.',
    booking: 'Reserva {vorgangnr}',
  },
  ru: {
    margin: `${MARGIN_SCHEME_TEXT} (особый режим для турагентств, § 25 UStG). НДС отдельно не указывается.`,
    payBy: 'Оплатить до {date} без вычетов.',
    paid: 'Этот счёт уже оплачен.',
    credit: 'Сумма будет возвращена вам или зачтена в счёт открытых позиций.',
    creditOf: 'Кредит-нота к счёту {number}.',
    booking: 'Бронь {vorgangnr}',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

const euro = (cents: number) => cents / 100;

/** The seller as a document names it: the brand's company and address, the tax and bank data of INVOICE_SELLER. */
const sellerParty = (brand: Brand, seller: InvoiceSeller): InvoiceDocument['seller'] => ({
  name: brand.company ?? brand.name,
  street: brand.street,
  zip: brand.zip,
  city: brand.city,
  country: 'DE',
  email: brand.email,
  phone: brand.tel,
  vatId: seller.vatId ?? null,
  taxNumber: seller.taxNumber ?? null,
  customerNumber: null,
  iban: seller.iban ?? null,
  bic: seller.bic ?? null,
  bankName: seller.bankName ?? null,
  brandName: brand.name,
  web: brand.web,
  court: brand.court,
  registrationNumber: brand.RegistrationNumber,
});

/** A booking's price lines as invoice lines, all under the margin scheme (a package trip is one travel service). */
export function invoiceLinesOf(booking: Booking): InvoiceLine[] {
  const names = new Map(
    booking.teilnehmer.map((participant) => [
      participant.nr,
      [participant.name1, participant.name].filter(Boolean).join(' '),
    ]),
  );
  return booking.priceLines.map((line, index) => ({
    position: index + 1,
    description: line.description,
    participant: line.teilnehmerNr === null ? null : (names.get(line.teilnehmerNr) ?? null),
    quantity: 1,
    unitPrice: line.amount,
    amount: line.amount,
    vat: 'margin' as const,
  }));
}

export type BuyerAddress = { street: string | null; zip: string | null; city: string | null; country: string };

export function buildInvoiceDocument(input: {
  number: string;
  kind: InvoiceKind;
  issueDate: string;
  booking: Booking;
  brand: Brand;
  seller: InvoiceSeller;
  buyerAddress: BuyerAddress | null;
  lines: InvoiceLine[];
  totalCents: number;
  paidCents: number;
  /** the last instalment's due date for an invoice (null: 14 days after issue) */
  dueDate: string | null;
  creditedNumber: string | null;
}): InvoiceDocument {
  const { booking, brand, seller } = input;
  const texts = TEXTS[booking.language];
  const prepaid = input.kind === 'invoice' ? Math.min(input.paidCents, input.totalCents) : 0;
  const due = input.totalCents - prepaid;
  const dueDate =
    input.kind === 'invoice' && due > 0
      ? (input.dueDate ??
        new Date(Date.parse(`${input.issueDate}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10))
      : null;
  const paymentTerms =
    input.kind === 'creditNote'
      ? texts.credit
      : dueDate
        ? fill(texts.payBy, { date: formatDate(dueDate) })
        : texts.paid;
  const booker = booking.buchender;
  return {
    number: input.number,
    kind: input.kind,
    issueDate: input.issueDate,
    deliveryDate: booking.date_from,
    periodEnd: booking.date_till,
    language: booking.language,
    currency: 'EUR',
    vorgangnr: booking.vorgangnr,
    journeyTitle: booking.journeyTitle,
    termincode: booking.termincode,
    creditedNumber: input.creditedNumber,
    seller: sellerParty(brand, seller),
    buyer: {
      name: booker?.name ?? fill(texts.booking, { vorgangnr: String(booking.vorgangnr) }),
      street: input.buyerAddress?.street ?? null,
      zip: input.buyerAddress?.zip ?? null,
      city: input.buyerAddress?.city ?? null,
      country: input.buyerAddress?.country ?? 'DE',
      email: booker?.email ?? null,
      phone: booker?.phone ?? null,
      vatId: null,
      taxNumber: null,
      customerNumber: booker ? (booker.kennziffer ?? String(booker.id_vc_card)) : null,
    },
    buyerReference: seller.defaultBuyerReference ?? fill(TEXTS.de.booking, { vorgangnr: String(booking.vorgangnr) }),
    lines: input.lines,
    total: euro(input.totalCents),
    vatTotal: 0,
    prepaid: euro(prepaid),
    due: euro(due),
    dueDate,
    paymentTerms,
    notes: [...(input.creditedNumber ? [fill(texts.creditOf, { number: input.creditedNumber })] : []), texts.margin],
  };
}

/** One booking a collective invoice covers, with the amounts invoiced (cents). */
export type CollectiveBooking = {
  vorgangnr: number;
  journeyTitle: string;
  termincode: string | null;
  dateFrom: string;
  booker: string | null;
  /** percent, as frozen on the booking */
  rate: number;
  travelCents: number;
  commissionCents: number;
};

const COLLECTIVE_TEXTS: Record<DocumentLanguage, { travel: string; commission: string; reference: string }> = {
  de: {
    travel: 'Buchung {vorgangnr}: {trip}, Abreise {date}',
    commission: 'Provision {rate} % zu Buchung {vorgangnr}',
    reference: 'Sammelrechnung Agentur {agency}',
  },
  en: {
    travel: 'Booking {vorgangnr}: {trip}, departure {date}',
    commission: 'Commission {rate} % on booking {vorgangnr}',
    reference: 'Collective invoice agency {agency}',
  },
  es: {
    travel: 'Reserva {vorgangnr}: {trip}, salida {date}',
    commission: 'Comisión {rate} % de la reserva {vorgangnr}',
    reference: 'Factura colectiva agencia {agency}',
  },
  ru: {
    travel: 'Бронь {vorgangnr}: {trip}, отъезд {date}',
    commission: 'Комиссия {rate} % по брони {vorgangnr}',
    reference: 'Сводный счёт агентства {agency}',
  },
};

/**
 * The frozen document of an agency's collective invoice (docs/adr/0019): per booking one margin-scheme line with
 * its travel price and one negative margin-scheme line with the commission deducted, so the agency pays
 * travel − commission. The service period is the period of departures invoiced; the buyer is the agency.
 */
export function buildCollectiveInvoiceDocument(input: {
  number: string;
  issueDate: string;
  language: DocumentLanguage;
  from: string;
  to: string;
  agency: { id: number; name: string; email: string | null; phone: string | null; customerNumber: string | null };
  buyerAddress: BuyerAddress | null;
  bookings: readonly CollectiveBooking[];
  brand: Brand;
  seller: InvoiceSeller;
}): InvoiceDocument {
  const { brand, seller, agency } = input;
  const texts = TEXTS[input.language];
  const collective = COLLECTIVE_TEXTS[input.language];
  const lines: InvoiceLine[] = [];
  for (const booking of input.bookings) {
    const trip = booking.termincode ? `${booking.journeyTitle} (${booking.termincode})` : booking.journeyTitle;
    lines.push({
      position: lines.length + 1,
      description: fill(collective.travel, {
        vorgangnr: String(booking.vorgangnr),
        trip,
        date: formatDate(booking.dateFrom),
      }),
      participant: booking.booker,
      quantity: 1,
      unitPrice: euro(booking.travelCents),
      amount: euro(booking.travelCents),
      vat: 'margin',
    });
    if (booking.commissionCents !== 0)
      lines.push({
        position: lines.length + 1,
        description: fill(collective.commission, {
          rate: booking.rate.toFixed(2).replace('.', input.language === 'en' ? '.' : ','),
          vorgangnr: String(booking.vorgangnr),
        }),
        participant: null,
        quantity: 1,
        unitPrice: -euro(booking.commissionCents),
        amount: -euro(booking.commissionCents),
        vat: 'margin',
      });
  }
  const totalCents = input.bookings.reduce((sum, booking) => sum + booking.travelCents - booking.commissionCents, 0);
  const dueDate =
    totalCents > 0
      ? new Date(Date.parse(`${input.issueDate}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10)
      : null;
  return {
    number: input.number,
    kind: 'collective',
    issueDate: input.issueDate,
    deliveryDate: input.from,
    periodEnd: input.to,
    language: input.language,
    currency: 'EUR',
    vorgangnr: null,
    journeyTitle: null,
    termincode: null,
    creditedNumber: null,
    seller: sellerParty(brand, seller),
    buyer: {
      name: agency.name,
      street: input.buyerAddress?.street ?? null,
      zip: input.buyerAddress?.zip ?? null,
      city: input.buyerAddress?.city ?? null,
      country: input.buyerAddress?.country ?? 'DE',
      email: agency.email,
      phone: agency.phone,
      vatId: null,
      taxNumber: null,
      customerNumber: agency.customerNumber,
    },
    buyerReference: seller.defaultBuyerReference ?? fill(COLLECTIVE_TEXTS.de.reference, { agency: String(agency.id) }),
    lines,
    total: euro(totalCents),
    vatTotal: 0,
    prepaid: 0,
    due: euro(totalCents),
    dueDate,
    paymentTerms: dueDate ? fill(texts.payBy, { date: formatDate(dueDate) }) : texts.paid,
    notes: [texts.margin],
  };
}
