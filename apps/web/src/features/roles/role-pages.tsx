import { zodResolver } from '@hookform/resolvers/zod';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberField,
  SaveButton,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ZCreateRoleBody, ZUpdateRoleBody } from '@tourdesk/contracts';
import { DeleteWithDialogButton } from '../../ui/delete-with-dialog.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { AccessGridInput } from './access-grid-input.tsx';
import { roleExportColumns } from './role-export.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function RoleList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(roleExportColumns);
  return (
    <List filters={filters} exporter={exporter} sort={{ field: 'role', order: 'ASC' }} pagination={<ListPagination />}>
      {phone ? (
        <SimpleList
          primaryText={(record) => record.role}
          secondaryText={(record) => translate('roles.userCount', { smart_count: record.userCount })}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="role" label="roles.fields.role" />
          <DataTable.Col source="admin" label="roles.fields.admin" field={BooleanField} />
          <DataTable.Col source="userCount" label="roles.fields.userCount" field={NumberField} />
          <DataTable.Col
            source="permissions"
            label="roles.fields.permissions"
            disableSort
            render={(record) => String(record.admin ? translate('roles.allRights') : record.permissions.length)}
          />
        </DataTable>
      )}
    </List>
  );
}

function RoleForm({ editing }: { editing: boolean }) {
  const record = useRecordContext();
  const protectedRole = editing && record?.role === 'superadmin';
  return (
    <>
      <TextInput source="role" label="roles.fields.role" isRequired disabled={protectedRole} sx={{ maxWidth: 400 }} />
      <BooleanInput source="admin" label="roles.fields.admin" helperText="roles.adminHelp" disabled={protectedRole} />
      <AccessGridInput />
    </>
  );
}

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithDialogButton />
  </Toolbar>
);

const roleName = (record: RaRecord) => String(record.role);

export function RoleCreate() {
  const saved = useSavedNotice('roles.notifications.saved', roleName, 'edit');
  return (
    <Create mutationOptions={saved}>
      <SimpleForm
        warnWhenUnsavedChanges
        noValidate
        resolver={zodResolver(ZCreateRoleBody)}
        defaultValues={{ admin: false, access: {} }}
      >
        <RoleForm editing={false} />
      </SimpleForm>
    </Create>
  );
}

export function RoleEdit() {
  const saved = useSavedNotice('roles.notifications.saved', roleName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <SimpleForm warnWhenUnsavedChanges noValidate resolver={zodResolver(ZUpdateRoleBody)} toolbar={<EditToolbar />}>
        <RoleForm editing />
      </SimpleForm>
    </Edit>
  );
}
