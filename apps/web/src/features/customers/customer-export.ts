import type { Customer } from '@tourdesk/contracts/customers.schema';
import { dateCell, joinValues, labelCell, type CsvColumn } from '../../ui/csv-export.ts';

/** The columns of the customers export: one row per customer, all phones and e-mails in one cell each. */
export const customerExportColumns: Array<CsvColumn<Customer>> = [
  { label: 'customers.fields.id', value: (record) => record.id },
  { label: 'customers.fields.salutation', value: (record, t) => labelCell(t, 'options.salutation', record.salutation) },
  { label: 'customers.fields.title', value: (record, t) => labelCell(t, 'options.title', record.title) },
  { label: 'customers.fields.surname', value: (record) => record.surname },
  { label: 'customers.fields.firstName', value: (record) => record.firstName },
  { label: 'customers.fields.birthday', value: (record) => dateCell(record.birthday) },
  { label: 'customers.fields.address', value: (record) => record.address },
  { label: 'customers.fields.zip', value: (record) => record.zip },
  { label: 'customers.fields.city', value: (record) => record.city },
  { label: 'customers.fields.state', value: (record) => record.state },
  { label: 'customers.fields.country', value: (record) => record.country },
  { label: 'customers.sections.phones', value: (record) => joinValues(record.phones) },
  { label: 'customers.sections.emails', value: (record) => joinValues(record.emails) },
  {
    label: 'customers.fields.customerType',
    value: (record, t) => labelCell(t, 'customers.types', record.customerType),
  },
  { label: 'customers.fields.agency', value: (record) => record.agencyName },
  { label: 'customers.fields.passportValidUntil', value: (record) => dateCell(record.passportValidUntil) },
  { label: 'customers.fields.ratio_id', value: (record) => record.ratio_id },
  { label: 'customers.fields.kuschick_id', value: (record) => record.kuschick_id },
];
