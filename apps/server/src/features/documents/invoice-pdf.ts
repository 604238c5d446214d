import type { Brand, InvoiceDocument } from '@tourdesk/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake';
import {
  dataTable,
  documentFrame,
  formatPdfDate,
  PDF_LANGUAGES,
  totalsTable,
  type PdfLanguage,
  type TotalRow,
} from '../../lib/pdf.ts';
import { fillText } from '../../lib/text-template.ts';
import { DOCUMENT_TEXTS, formatMoney } from './document-texts.ts';

/**
 * The invoice and credit-note PDF, drawn from the frozen InvoiceDocument only (never from the booking as it is
 * now), in the German layout: addressee and document data, numbered lines, totals, the margin-scheme wording
 * when a line falls under § 25 UStG (no VAT amount shown for those lines), payment terms with bank details,
 * the seller's legal data, and "Seite x von y" in the frame's footer.
 */

export const pdfLanguage = (value: string): PdfLanguage =>
  (PDF_LANGUAGES as readonly string[]).includes(value) ? (value as PdfLanguage) : 'de';

const VAT_RATE = { standard: 19, reduced: 7 } as const;

/** The cents of VAT contained in gross lines of one rate. */
const vatOf = (doc: InvoiceDocument, vat: 'standard' | 'reduced') => {
  const gross = doc.lines
    .filter((line) => line.vat === vat)
    .reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
  const rate = VAT_RATE[vat];
  return gross - Math.round((gross * 100) / (100 + rate));
};

const joinLines = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join('\n');

export type InvoicePdfOptions = { brand: Brand; printedAt: Date };

export function invoicePdf(doc: InvoiceDocument, options: InvoicePdfOptions): TDocumentDefinitions {
  const lang = pdfLanguage(doc.language);
  const t = DOCUMENT_TEXTS[lang];
  const money = (value: number) => formatMoney(value, lang);
  const isCredit = doc.kind === 'creditNote';
  const title = isCredit ? t.creditNote : doc.kind === 'collective' ? t.collectiveInvoice : t.invoice;
  const { seller, buyer } = doc;

  const period = doc.periodEnd
    ? `${formatPdfDate(doc.deliveryDate)} – ${formatPdfDate(doc.periodEnd)}`
    : formatPdfDate(doc.deliveryDate);
  const meta: Array<[string, string]> = [
    [isCredit ? t.creditNoteNumber : t.invoiceNumber, doc.number],
    [isCredit ? t.creditNoteDate : t.invoiceDate, formatPdfDate(doc.issueDate)],
    [t.servicePeriod, period],
    ...(doc.vorgangnr !== null ? [[t.bookingNumber, String(doc.vorgangnr)] as [string, string]] : []),
    ...(buyer.customerNumber ? [[t.customerNumber, buyer.customerNumber] as [string, string]] : []),
  ];

  const addressBlock: Content = {
    columns: [
      {
        width: '*',
        stack: [
          {
            text: [seller.name, seller.street, [seller.zip, seller.city].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(' · '),
            fontSize: 7,
            style: 'muted',
            margin: [0, 0, 0, 4],
          },
          { text: buyer.name, bold: true },
          {
            text: joinLines(
              buyer.street,
              [buyer.zip, buyer.city].filter(Boolean).join(' '),
              buyer.country !== 'DE' && buyer.country,
            ),
          },
        ],
      },
      {
        width: 'auto',
        table: {
          body: meta.map(([label, value]) => [
            { text: label, style: 'muted' },
            { text: value, bold: label === t.invoiceNumber || label === t.creditNoteNumber, alignment: 'right' },
          ]),
        },
        layout: 'noBorders',
      },
    ],
    margin: [0, 8, 0, 12],
  };

  const tripLine: Content[] = doc.journeyTitle
    ? [
        {
          text: `${t.trip}: ${doc.journeyTitle}${doc.termincode ? ` (${doc.termincode})` : ''}`,
          bold: true,
          margin: [0, 0, 0, 4],
        },
      ]
    : [];
  const creditLine: Content[] =
    isCredit && doc.creditedNumber
      ? [{ text: fillText(t.creditFor, { number: doc.creditedNumber }), margin: [0, 0, 0, 4] }]
      : [];

  const vatLabel = (vat: InvoiceDocument['lines'][number]['vat']) =>
    vat === 'margin' ? t.marginShort : `${VAT_RATE[vat]} %`;
  const lines = dataTable(
    [
      { header: t.position, width: 26, align: 'right' },
      { header: t.description, width: '*' },
      { header: t.quantity, width: 34, align: 'right' },
      { header: t.unitPrice, width: 70, align: 'right' },
      { header: t.vat, width: 34, align: 'right' },
      { header: t.amount, width: 74, align: 'right' },
    ],
    doc.lines.map((line) => [
      String(line.position),
      line.participant ? `${line.description}\n${line.participant}` : line.description,
      String(line.quantity),
      money(line.unitPrice),
      vatLabel(line.vat),
      money(line.amount),
    ]),
  );

  const totalRows: TotalRow[] = [[isCredit ? t.credited : t.total, money(doc.total), true]];
  for (const vat of ['standard', 'reduced'] as const) {
    const cents = vatOf(doc, vat);
    if (cents) totalRows.push([fillText(t.vatIncluded, { rate: VAT_RATE[vat] }), money(cents / 100), false]);
  }
  if (!isCredit && doc.prepaid) {
    totalRows.push([t.paid, money(-doc.prepaid), false]);
    totalRows.push([t.due, money(doc.due), true]);
  }
  const totals = totalsTable(totalRows, [0, 6, 0, 10]);

  // The margin-scheme wording once: the invoice core may already have written it into the notes.
  const hasMargin =
    doc.lines.some((line) => line.vat === 'margin') && !doc.notes.some((note) => note.includes('Sonderregelung'));
  const payment: Content[] = [];
  if (isCredit) payment.push({ text: t.creditRefund });
  else if (doc.due > 0 && seller.iban) {
    payment.push({ text: fillText(t.payTo, { amount: money(doc.due), date: formatPdfDate(doc.dueDate) || '—' }) });
    payment.push({
      table: {
        body: [
          ...(seller.bankName ? [[{ text: t.bank, style: 'muted' }, seller.bankName]] : []),
          [
            { text: 'IBAN', style: 'muted' },
            { text: seller.iban, bold: true },
          ],
          ...(seller.bic ? [[{ text: 'BIC', style: 'muted' }, seller.bic]] : []),
          [{ text: t.reference, style: 'muted' }, doc.number],
        ],
      },
      layout: 'noBorders',
      margin: [0, 2, 0, 0],
    });
  } else if (doc.due <= 0) payment.push({ text: t.nothingDue });
  // A credit note is refunded or set off (the line above), never payable: its own terms would say it again.
  if (doc.paymentTerms && !isCredit) payment.push({ text: doc.paymentTerms, margin: [0, 4, 0, 0] });

  const legal = [
    seller.name,
    joinLines(seller.street, [seller.zip, seller.city].filter(Boolean).join(' ')),
    joinLines(seller.phone, seller.email, seller.web),
    joinLines(
      seller.vatId && `${t.vatId} ${seller.vatId}`,
      seller.taxNumber && `${t.taxNumber} ${seller.taxNumber}`,
      [seller.court, seller.registrationNumber].filter(Boolean).join(' '),
    ),
  ].filter(Boolean);

  const content: Content[] = [
    addressBlock,
    ...creditLine,
    ...tripLine,
    lines,
    totals,
    ...(hasMargin ? [{ text: t.marginNote, bold: true, margin: [0, 0, 0, 8] } as Content] : []),
    ...payment,
    // The note naming the credited invoice is the line above the table already.
    ...doc.notes
      .filter((note) => !(creditLine.length > 0 && doc.creditedNumber && note.includes(doc.creditedNumber)))
      .map((note) => ({ text: note, margin: [0, 6, 0, 0] }) as Content),
    {
      columns: legal.map((text) => ({ text, fontSize: 7.5, style: 'muted' })),
      columnGap: 12,
      margin: [0, 18, 0, 0],
    },
  ];

  return documentFrame(
    {
      brand: options.brand,
      lang,
      title,
      subtitle: doc.number,
      printedAt: options.printedAt,
      subject: `${title} ${doc.number}`,
    },
    content,
  );
}
