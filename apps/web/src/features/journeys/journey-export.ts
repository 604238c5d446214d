import type { JourneySummary } from '@tourdesk/contracts/journeys.schema';
import { dateCell, dateTimeCell, labelCell, type CsvColumn } from '../../ui/csv-export.ts';

/** The columns of the trips export: one row per journey, states by their labels. */
export const journeyExportColumns: Array<CsvColumn<JourneySummary>> = [
  { label: 'journeys.fields.id', value: (record) => record.id },
  { label: 'journeys.fields.title', value: (record) => record.title },
  { label: 'journeys.fields.subtitle', value: (record) => record.subtitle },
  { label: 'journeys.fields.code', value: (record) => record.code },
  { label: 'journeys.fields.category', value: (record) => record.categoryName },
  { label: 'journeys.fields.destination', value: (record) => record.destinationName },
  { label: 'journeys.fields.nextDate', value: (record) => dateCell(record.nextDate) },
  { label: 'journeys.fields.dateCount', value: (record) => record.dateCount },
  {
    label: 'journeys.fields.catalog_state',
    value: (record, t) => labelCell(t, 'journeys.catalogStates', record.catalog_state),
  },
  { label: 'journeys.fields.bookable', value: (record, t) => labelCell(t, 'journeys.bookableStates', record.bookable) },
  { label: 'journeys.fields.online', value: (record, t) => labelCell(t, 'journeys.online', record.online) },
  { label: 'journeys.fields.organization', value: (record) => record.organizationName },
  { label: 'journeys.fields.project', value: (record) => record.project },
  { label: 'journeys.fields.tour_guide', value: (record) => record.tour_guide },
  { label: 'journeys.fields.mindestteilnehmer', value: (record) => record.mindestteilnehmer },
  { label: 'journeys.fields.booking_id', value: (record) => record.booking_id },
  { label: 'journeys.fields.slug', value: (record) => record.slug },
  { label: 'journeys.fields.updatedAt', value: (record) => dateTimeCell(record.updatedAt) },
];
