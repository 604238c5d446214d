import type { BoardingPoint } from '@tourdesk/contracts/boarding-points.schema';
import type { CsvColumn } from '../../ui/csv-export.ts';

/** The columns of the boarding points export. */
export const boardingPointExportColumns: Array<CsvColumn<BoardingPoint>> = [
  { label: 'boardingPoints.fields.id', value: (record) => record.id },
  { label: 'boardingPoints.fields.name', value: (record) => record.name },
  { label: 'boardingPoints.fields.street', value: (record) => record.street },
  { label: 'boardingPoints.fields.number', value: (record) => record.number },
  { label: 'boardingPoints.fields.zip', value: (record) => record.zip },
  { label: 'boardingPoints.fields.city', value: (record) => record.city },
  { label: 'boardingPoints.fields.country', value: (record) => record.country },
  { label: 'boardingPoints.fields.lat', value: (record) => record.lat },
  { label: 'boardingPoints.fields.lon', value: (record) => record.lon },
  { label: 'boardingPoints.fields.notes', value: (record) => record.notes },
];
