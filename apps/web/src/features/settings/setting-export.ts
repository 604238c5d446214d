import type { RaRecord } from 'react-admin';
import type { Setting } from '@tourdesk/contracts';
import { dateTimeCell, type CsvColumn } from '../../ui/csv-export.ts';
import { toEditableText } from './json-value-input.tsx';

/** The columns of the settings export: the value as it is edited (JSON for structured values). */
export const settingExportColumns: Array<CsvColumn<Setting & RaRecord>> = [
  { label: 'settings.fields.key', value: (record) => record.key },
  { label: 'settings.fields.value', value: (record) => toEditableText(record.value) },
  { label: 'settings.fields.updatedAt', value: (record) => dateTimeCell(record.updatedAt) },
];
