import type { Booking, Brand, RatioParticipant, StopDirection } from '@tourdesk/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake';
import {
  dataTable,
  documentFrame,
  formatPdfDate,
  formatPdfDateTime,
  PDF_COLORS,
  totalsTable,
  type TotalRow,
} from '../../lib/pdf.ts';
import { DOCUMENT_TEXTS, formatMoney } from './document-texts.ts';
import { pdfLanguage } from './invoice-pdf.ts';

/**
 * The booking confirmation (Reisebestätigung): booker, trip and dates, every participant with boarding point
 * and seat per direction, the price lines and the total, and the payment schedule when there is one — in the
 * booker's language, under the brand of the host the booking was made on.
 */

export type ConfirmationStop = {
  direction: StopDirection;
  knotenhaltnr: number;
  time: string | null;
  name: string;
  city: string | null;
};

export type ConfirmationData = {
  booking: Booking;
  address: { street: string | null; zip: string | null; city: string | null; country: string | null } | null;
  stops: readonly ConfirmationStop[];
  /** euro amounts, yyyy-MM-dd dates */
  schedule: ReadonlyArray<{ kind: 'deposit' | 'balance'; amount: number; dueDate: string }>;
};

export const participantName = (p: Pick<RatioParticipant, 'anrede' | 'titel' | 'name1' | 'name'>) =>
  [p.anrede, p.titel, p.name1, p.name].filter(Boolean).join(' ');

export function confirmationPdf(
  data: ConfirmationData,
  options: { brand: Brand; printedAt: Date },
): TDocumentDefinitions {
  const { booking } = data;
  const lang = pdfLanguage(booking.language);
  const t = DOCUMENT_TEXTS[lang];
  const money = (value: number) => formatMoney(value, lang);
  const stopLabel = (direction: StopDirection, number: number | null) => {
    if (number === null) return '';
    const stop = data.stops.find((s) => s.direction === direction && s.knotenhaltnr === number);
    if (!stop) return String(number);
    return [stop.time, stop.name].filter(Boolean).join(' ');
  };
  const nameOf = new Map(booking.teilnehmer.map((p) => [p.nr, participantName(p)]));

  const meta: Array<[string, string]> = [
    [t.bookingNumber, String(booking.vorgangnr)],
    ...(booking.ratio_id ? [[t.customerNumber, booking.ratio_id] as [string, string]] : []),
    [t.status, t.statuses[booking.status] ?? booking.status],
    ...(booking.status === 'option' && booking.option_until
      ? [[t.optionUntil, formatPdfDateTime(new Date(booking.option_until))] as [string, string]]
      : []),
  ];
  const address = data.address;
  const bookerLines = booking.buchender
    ? [
        booking.buchender.name,
        address?.street,
        [address?.zip, address?.city].filter(Boolean).join(' '),
        address?.country && address.country !== 'DE' ? address.country : null,
      ].filter(Boolean)
    : [];

  const header: Content = {
    columns: [
      {
        width: '*',
        stack: [
          { text: t.booker, style: 'muted', fontSize: 7.5 },
          { text: bookerLines[0] ?? '', bold: true },
          { text: bookerLines.slice(1).join('\n') },
          ...(booking.buchender?.email ? [{ text: booking.buchender.email, style: 'muted' }] : []),
        ],
      },
      {
        width: 'auto',
        table: {
          body: meta.map(([label, value]) => [
            { text: label, style: 'muted' },
            { text: value, alignment: 'right', bold: label === t.bookingNumber },
          ]),
        },
        layout: 'noBorders',
      },
    ],
    margin: [0, 8, 0, 10],
  };

  const trip: Content = {
    table: {
      widths: ['auto', '*'],
      body: [
        [
          { text: t.trip, style: 'muted' },
          { text: `${booking.journeyTitle} (${booking.termincode})`, bold: true },
        ],
        [
          { text: t.dates, style: 'muted' },
          `${formatPdfDate(booking.date_from)} – ${formatPdfDate(booking.date_till)}`,
        ],
        ...(booking.rooms.length
          ? [[{ text: t.rooms, style: 'muted' }, booking.rooms.map((room) => room.name).join(', ')]]
          : []),
      ],
    },
    layout: { fillColor: () => PDF_COLORS.zebra, hLineWidth: () => 0, vLineWidth: () => 0 },
    margin: [0, 4, 0, 6],
  };

  const participants = dataTable(
    [
      { header: '#', width: 16, align: 'right' },
      { header: t.participant, width: '*' },
      { header: t.stopOut, width: 110 },
      { header: t.seatOut, width: 44, align: 'center' },
      { header: t.stopBack, width: 110 },
      { header: t.seatBack, width: 44, align: 'center' },
    ],
    booking.teilnehmer.map((p, index) => [
      String(index + 1),
      [
        participantName(p),
        p.geburtstag ? `${t.born} ${formatPdfDate(p.geburtstag)}` : null,
        p.cancelledAt ? `(${t.statuses.cancelled})` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      stopLabel('outbound', p.zustieghin),
      p.sitzhin ?? '',
      stopLabel('return', p.zustiegrueck),
      p.sitzrueck ?? '',
    ]),
  );

  const prices = dataTable(
    [
      { header: t.description, width: '*' },
      { header: t.participant, width: 150 },
      { header: t.amount, width: 80, align: 'right' },
    ],
    [
      ...booking.priceLines.map((line) => [
        line.description,
        line.teilnehmerNr === null ? '' : (nameOf.get(line.teilnehmerNr) ?? ''),
        money(line.amount),
      ]),
    ],
  );
  const totalRows: TotalRow[] = [[t.total, money(booking.price), true]];
  if (booking.paid) {
    totalRows.push([t.paid, money(-booking.paid), false]);
    totalRows.push([t.open, money(booking.open), true]);
  }
  const totals = totalsTable(totalRows, [0, 4, 0, 6]);

  const schedule: Content[] = data.schedule.length
    ? [
        { text: t.schedule, style: 'heading' },
        dataTable(
          [
            { header: t.description, width: '*' },
            { header: t.dueOn, width: 90 },
            { header: t.amount, width: 80, align: 'right' },
          ],
          data.schedule.map((due) => [
            due.kind === 'deposit' ? t.deposit : t.balance,
            formatPdfDate(due.dueDate),
            money(due.amount),
          ]),
        ),
      ]
    : [];

  return documentFrame(
    {
      brand: options.brand,
      lang,
      title: t.confirmation,
      subtitle: `${t.bookingNumber} ${booking.vorgangnr}`,
      printedAt: options.printedAt,
      subject: `${t.confirmation} ${booking.vorgangnr}`,
    },
    [
      header,
      { text: t.confirmationIntro, margin: [0, 0, 0, 2] },
      trip,
      { text: t.participants, style: 'heading' },
      participants,
      { text: t.prices, style: 'heading' },
      prices,
      totals,
      ...schedule,
      { text: t.thanks, margin: [0, 14, 0, 0] },
    ],
  );
}
