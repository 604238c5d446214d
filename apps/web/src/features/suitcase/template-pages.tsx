import { Box, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrayInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  useTranslate,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import {
  SUITCASE_CATEGORIES,
  ZCreateTravelbagTemplateBody,
  ZUpdateTravelbagTemplateBody,
  type TravelbagTemplate,
} from '@tourdesk/contracts/suitcase.schema';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const templateName = (record: TravelbagTemplate) => record.short;
const createResolver = zodResolver(ZCreateTravelbagTemplateBody);
const updateResolver = zodResolver(ZUpdateTravelbagTemplateBody);
const categoryChoices = SUITCASE_CATEGORIES.map((id) => ({ id, name: `suitcase.categories.${id}` }));

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /app/travelbag: the travel-bag templates travellers start their packing lists from. */
export function TemplateList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const count = (record: RaRecord) => translate('suitcase.itemCount', { smart_count: record.item_count ?? 0 });
  return (
    <List
      filters={filters}
      sort={{ field: 'short', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      exporter={false}
    >
      {phone ? (
        <SimpleList primaryText={(record) => record.short} secondaryText={count} rowClick="edit" />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="short" label="suitcase.fields.short" />
          <DataTable.Col source="item_count" label="suitcase.fields.items" disableSort render={count} />
          <DataTable.Col
            source="updatedAt"
            label="suitcase.fields.updatedAt"
            render={(record) => new Date(record.updatedAt).toLocaleDateString('de-DE')}
          />
        </DataTable>
      )}
    </List>
  );
}

function TemplateForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="short" label="suitcase.fields.short" isRequired />
      </Box>
      <ArrayInput source="items" label="suitcase.fields.items">
        <SimpleFormIterator fullWidth disableClear inline>
          <TextInput source="text" label="suitcase.fields.text" isRequired sx={{ minWidth: 240 }} />
          <SelectInput
            source="category"
            label="suitcase.fields.category"
            choices={categoryChoices}
            defaultValue="other"
            isRequired
          />
          <NumberInput source="quantity" label="suitcase.fields.quantity" min={1} max={99} step={1} defaultValue={1} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export function TemplateCreate() {
  const saved = useSavedNotice('suitcase.notifications.saved', templateName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <TemplateForm resolver={createResolver} defaultValues={{ items: [] }} />
    </Create>
  );
}

export function TemplateEdit() {
  const saved = useSavedNotice('suitcase.notifications.saved', templateName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <TemplateForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
