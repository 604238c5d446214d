import type { Brand } from '@tourdesk/contracts';
import { labelCell, type CsvColumn } from '../../ui/csv-export.ts';

/** The columns of the brands export: host, name and imprint data. */
export const brandExportColumns: Array<CsvColumn<Brand>> = [
  { label: 'brands.fields.host', value: (record) => record.host },
  { label: 'brands.fields.name', value: (record) => record.name },
  { label: 'brands.fields.company', value: (record) => record.company },
  { label: 'brands.fields.street', value: (record) => record.street },
  { label: 'brands.fields.zip', value: (record) => record.zip },
  { label: 'brands.fields.city', value: (record) => record.city },
  { label: 'brands.fields.tel', value: (record) => record.tel },
  { label: 'brands.fields.email', value: (record) => record.email },
  { label: 'brands.fields.web', value: (record) => record.web },
  { label: 'brands.fields.isDevelopment', value: (record, t) => labelCell(t, 'ra.boolean', record.isDevelopment) },
];
