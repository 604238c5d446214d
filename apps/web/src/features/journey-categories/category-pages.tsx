import { Box, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useTranslate,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import {
  ZCreateJourneyCategoryBody,
  ZUpdateJourneyCategoryBody,
  type JourneyCategory,
} from '@tourdesk/contracts/journey-categories.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { labelCell, useCsvExporter, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'internet/categories';
const categoryName = (record: JourneyCategory) => record.name;
const createResolver = zodResolver(ZCreateJourneyCategoryBody);
const updateResolver = zodResolver(ZUpdateJourneyCategoryBody);

const exportColumns: Array<CsvColumn<JourneyCategory>> = [
  { label: 'categories.fields.id', value: (record) => record.id },
  { label: 'categories.fields.name', value: (record) => record.name },
  { label: 'categories.fields.active', value: (record, t) => labelCell(t, 'categories.active', String(record.active)) },
  { label: 'categories.fields.journey_count', value: (record) => record.journey_count },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    label="categories.fields.active"
    choices={activeChoices('categories.active')}
  />,
];

/** /internet/categories: search, filter active/blocked, sort by name or number of trips, CSV export. */
export function CategoryList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(exportColumns);
  const trips = (record: RaRecord) => translate('categories.journeys', { smart_count: record.journey_count ?? 0 });
  return (
    <List
      filters={filters}
      exporter={exporter}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={trips}
          tertiaryText={(record) => translate(`categories.active.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" label="categories.fields.id" />
          <DataTable.Col source="name" label="categories.fields.name" />
          <DataTable.Col
            source="active"
            label="categories.fields.active"
            render={(record) => <ActiveChip active={record.active} prefix="categories.active" />}
          />
          <DataTable.NumberCol source="journey_count" label="categories.fields.journey_count" />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function CategoryForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="categories.fields.name" isRequired />
      </Box>
      <BooleanInput source="active" label="categories.fields.active" defaultValue helperText="categories.help.active" />
    </SimpleForm>
  );
}

export function CategoryCreate() {
  const saved = useSavedNotice('categories.notifications.saved', categoryName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <CategoryForm resolver={createResolver} />
    </Create>
  );
}

/** /internet/categories/copy/{id}: a new category prefilled with the name and state of an existing one. */
export function CategoryCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('categories.notifications.saved', categoryName, 'edit');
  const { source: data, ready, copyName } = useCopySource<JourneyCategory>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? { name: copyName(data.name), active: data.active } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <CategoryForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function CategoryEdit() {
  const saved = useSavedNotice('categories.notifications.saved', categoryName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <CategoryForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
