import type { RaRecord } from 'react-admin';
import type { Role } from '@tourdesk/contracts';
import { labelCell, type CsvColumn } from '../../ui/csv-export.ts';

/** The columns of the roles export. */
export const roleExportColumns: Array<CsvColumn<Role & RaRecord>> = [
  { label: 'roles.fields.role', value: (record) => record.role },
  { label: 'roles.fields.admin', value: (record, t) => labelCell(t, 'ra.boolean', record.admin) },
  { label: 'roles.fields.userCount', value: (record) => record.userCount },
  {
    label: 'roles.fields.permissions',
    value: (record, t) => (record.admin ? t('roles.allRights') : record.permissions.join(', ')),
  },
];
