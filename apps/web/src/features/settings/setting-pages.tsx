import { zodResolver } from '@hookform/resolvers/zod';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  Create,
  DataTable,
  Edit,
  List,
  SaveButton,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextInput,
  Toolbar,
  type RaRecord,
} from 'react-admin';
import { truncate } from '@tourdesk/contracts/format';
import { ZCreateSettingBody, ZUpdateSettingBody } from '@tourdesk/contracts';
import { DeleteWithDialogButton } from '../../ui/delete-with-dialog.tsx';
import { DateTimeTextField, TruncatedTextField } from '../../ui/formatted-fields.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { toEditableText } from './json-value-input.tsx';
import { SettingValueInput } from './setting-value-input.tsx';
import { settingExportColumns } from './setting-export.ts';
import { SettingHistoryPanel } from './setting-history.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /system/settings: every setting, searchable on key and value. */
export function SettingList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const exporter = useCsvExporter(settingExportColumns);
  return (
    <List
      filters={filters}
      exporter={exporter}
      sort={{ field: 'key', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.key}
          secondaryText={(record) => truncate(toEditableText(record.value), 40)}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="key" label="settings.fields.key" />
          <DataTable.Col source="value" label="settings.fields.value" disableSort>
            <TruncatedTextField source="value" max={80} />
          </DataTable.Col>
          <DataTable.Col source="updatedAt" label="settings.fields.updatedAt">
            <DateTimeTextField source="updatedAt" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithDialogButton />
  </Toolbar>
);

const settingName = (record: RaRecord) => String(record.key);

export function SettingCreate() {
  const saved = useSavedNotice('settings.notifications.saved', settingName, 'list');
  return (
    <Create mutationOptions={saved}>
      <SimpleForm
        warnWhenUnsavedChanges
        noValidate
        resolver={zodResolver(ZCreateSettingBody)}
        defaultValues={{ value: '' }}
      >
        <TextInput source="key" label="settings.fields.key" isRequired sx={{ maxWidth: 400 }} />
        <SettingValueInput />
      </SimpleForm>
    </Create>
  );
}

export function SettingEdit() {
  const saved = useSavedNotice('settings.notifications.saved', settingName, 'list');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <SimpleForm
        warnWhenUnsavedChanges
        noValidate
        resolver={zodResolver(ZUpdateSettingBody)}
        toolbar={<EditToolbar />}
      >
        <TextInput source="key" label="settings.fields.key" isRequired sx={{ maxWidth: 400 }} />
        <SettingValueInput />
      </SimpleForm>
      <SettingHistoryPanel />
    </Edit>
  );
}
