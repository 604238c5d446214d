import type { BookingSummary } from '@tourdesk/contracts/bookings.schema';
import { dateCell, dateTimeCell, labelCell, type CsvColumn } from '../../ui/csv-export.ts';

/** German Excel reads a decimal comma; the CSV keeps amounts as numbers with two decimals. */
const amountCell = (value: number | undefined) =>
  value === undefined ? '' : value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The columns of the bookings export: one row per booking, labels in the user's language. */
export const bookingExportColumns: Array<CsvColumn<BookingSummary>> = [
  { label: 'bookings.fields.vorgangnr', value: (record) => record.vorgangnr },
  { label: 'bookings.fields.status', value: (record, t) => labelCell(t, 'bookingStatus', record.status) },
  { label: 'bookings.fields.booker', value: (record) => record.bookerName },
  { label: 'bookings.fields.journey', value: (record) => record.journeyTitle },
  { label: 'bookings.fields.termincode', value: (record) => record.termincode },
  { label: 'bookings.fields.date_from', value: (record) => dateCell(record.date_from) },
  { label: 'bookings.fields.participants', value: (record) => record.participants },
  { label: 'bookings.fields.price', value: (record) => amountCell(record.price) },
  { label: 'bookings.fields.paid', value: (record) => amountCell(record.paid) },
  { label: 'bookings.fields.open', value: (record) => amountCell(record.open) },
  { label: 'bookings.fields.invoiceNumber', value: (record) => record.invoiceNumber },
  { label: 'bookings.fields.option_until', value: (record) => dateTimeCell(record.option_until) },
  { label: 'bookings.fields.createdAt', value: (record) => dateTimeCell(record.createdAt) },
];
