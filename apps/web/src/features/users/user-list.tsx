import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  type RaRecord,
} from 'react-admin';

import { DateTimeTextField } from '../../ui/formatted-fields.tsx';
import { ActivateButton, ResendActivationButton } from './activate-button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { userExportColumns } from './user-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';

type UserListProps = { variant: 'staff' | 'app' | 'disabled' };

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="role" source="role" reference="roles" sort={{ field: 'role', order: 'ASC' }} perPage={100}>
    <SelectInput optionText="role" label="users.fields.role" />
  </ReferenceInput>,
  <SelectInput
    key="isDriver"
    source="isDriver"
    label="users.fields.isDriver"
    choices={[
      { id: 'true', name: 'ra.boolean.true' },
      { id: 'false', name: 'ra.boolean.false' },
    ]}
  />,
];

const fullName = (record: RaRecord) => `${record.firstname ?? ''} ${record.lastname ?? ''}`.trim();

/** /users, /app/users and /users-disabled: search, sort, paging of 20 (or all), a compact list on phones. */
export function UserList({ variant }: UserListProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const exporter = useCsvExporter(userExportColumns);
  return (
    <List
      filters={filters}
      exporter={exporter}
      sort={{ field: 'lastname', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={fullName}
          secondaryText={(record) => record.email}
          tertiaryText={(record) => record.roleName ?? ''}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="lastname" label="users.fields.lastname" />
          <DataTable.Col source="firstname" label="users.fields.firstname" />
          <DataTable.Col source="email" label="users.fields.loginEmail" />
          <DataTable.Col source="roleName" label="users.fields.role" />
          <DataTable.Col source="city" label="users.fields.city" />
          {variant === 'app' ? <DataTable.Col source="ratio_id" label="users.fields.ratio_id" /> : null}
          <DataTable.Col source="isActive" label="users.fields.isActive" field={BooleanField} />
          <DataTable.Col source="lastLogin" label="users.fields.lastLogin" disableSort>
            <DateTimeTextField source="lastLogin" />
          </DataTable.Col>
          <DataTable.Col label="" disableSort>
            {variant === 'disabled' ? (
              <>
                <ResendActivationButton />
                <ActivateButton />
              </>
            ) : (
              <CopyButton />
            )}
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
