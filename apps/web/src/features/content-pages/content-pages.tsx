import { Box, useMediaQuery, type Theme } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Button,
  Create,
  CreateButton,
  DataTable,
  Edit,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { Link } from 'react-router-dom';
import {
  ZCreateContentPageBody,
  ZUpdateContentPageBody,
  type ContentPage,
} from '@tourdesk/contracts/web-content.schema';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { labelCell, useCsvExporter, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const CATEGORIES = 'internet/content/category';

/** Only what the server's allowlist keeps (lib/rich-text.ts); no heading select (it fails axe). */
const richTextToolbar = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);

const pageTitle = (record: ContentPage) => record.title;
const createResolver = zodResolver(ZCreateContentPageBody);
const updateResolver = zodResolver(ZUpdateContentPageBody);

const exportColumns: Array<CsvColumn<ContentPage>> = [
  { label: 'content.fields.id', value: (record) => record.id },
  { label: 'content.fields.title', value: (record) => record.title },
  { label: 'content.fields.id_web_content_category', value: (record) => record.category_name },
  { label: 'content.fields.status', value: (record, t) => labelCell(t, 'content.status', String(record.active)) },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="category"
    source="id_web_content_category"
    reference={CATEGORIES}
    perPage={200}
    sort={{ field: 'name', order: 'ASC' }}
  >
    <SelectInput label="content.fields.id_web_content_category" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="active" source="active" label="content.fields.status" choices={activeChoices('content.status')} />,
];

function ContentListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <Button component={Link} to="/internet/content/category" label="content.categories">
        <FolderIcon />
      </Button>
      <CreateButton />
      <ExportButton />
    </TopToolbar>
  );
}

/** /internet/content: search, filter by category and status, CSV export. */
export function ContentList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(exportColumns);
  return (
    <List
      filters={filters}
      actions={<ContentListActions />}
      exporter={exporter}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.title}
          secondaryText={(record) => record.category_name}
          tertiaryText={(record) => translate(`content.status.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" label="content.fields.title" />
          <DataTable.Col source="category_name" label="content.fields.id_web_content_category" />
          <DataTable.Col
            source="active"
            label="content.fields.status"
            render={(record) => <ActiveChip active={record.active} prefix="content.status" />}
          />
        </DataTable>
      )}
    </List>
  );
}

function ContentForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="title" label="content.fields.title" isRequired />
        <ReferenceInput
          source="id_web_content_category"
          reference={CATEGORIES}
          perPage={200}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <SelectInput label="content.fields.id_web_content_category" optionText="name" isRequired />
        </ReferenceInput>
      </Box>
      <BooleanInput
        source="active"
        label="content.fields.status"
        defaultValue={false}
        helperText="content.help.status"
      />
      <Box sx={{ width: '100%', maxWidth: 760 }}>
        <RichTextInput source="body" label="content.fields.body" toolbar={richTextToolbar} fullWidth />
      </Box>
    </SimpleForm>
  );
}

export function ContentCreate() {
  const saved = useSavedNotice('content.notifications.saved', pageTitle, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <ContentForm resolver={createResolver} />
    </Create>
  );
}

export function ContentEdit() {
  const saved = useSavedNotice('content.notifications.saved', pageTitle);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <ContentForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
