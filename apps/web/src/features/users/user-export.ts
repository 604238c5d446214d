import type { User } from '@tourdesk/contracts';
import { dateCell, dateTimeCell, joinValues, labelCell, type CsvColumn } from '../../ui/csv-export.ts';

/** The columns of the user exports: one row per account, all phones and e-mails in one cell each. */
export const userExportColumns: Array<CsvColumn<User>> = [
  { label: 'users.fields.id', value: (record) => record.id },
  { label: 'users.fields.lastname', value: (record) => record.lastname },
  { label: 'users.fields.firstname', value: (record) => record.firstname },
  { label: 'users.fields.loginEmail', value: (record) => record.email },
  { label: 'users.fields.role', value: (record) => record.roleName },
  { label: 'users.fields.sex', value: (record, t) => labelCell(t, 'options.sex', record.sex) },
  { label: 'users.fields.birthday', value: (record) => dateCell(record.birthday) },
  { label: 'users.fields.street', value: (record) => record.street },
  { label: 'users.fields.number', value: (record) => record.number },
  { label: 'users.fields.zip', value: (record) => record.zip },
  { label: 'users.fields.city', value: (record) => record.city },
  { label: 'users.fields.country', value: (record) => record.country },
  { label: 'users.sections.phones', value: (record) => joinValues(record.phones) },
  { label: 'users.sections.emails', value: (record) => joinValues(record.emails) },
  { label: 'users.fields.ratio_id', value: (record) => record.ratio_id },
  { label: 'users.fields.isDriver', value: (record, t) => labelCell(t, 'ra.boolean', record.isDriver) },
  { label: 'users.fields.isActive', value: (record, t) => labelCell(t, 'ra.boolean', record.isActive) },
  { label: 'users.fields.lastLogin', value: (record) => dateTimeCell(record.lastLogin) },
];
