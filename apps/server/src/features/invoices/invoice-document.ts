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
    seller: {
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
    },
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
