import { Box, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useTranslate,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import {
  ZCreateContentCategoryBody,
  ZUpdateContentCategoryBody,
  type ContentCategory,
} from '@tourdesk/contracts/web-content.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'internet/content/category';
const categoryName = (record: ContentCategory) => record.name;
const createResolver = zodResolver(ZCreateContentCategoryBody);
const updateResolver = zodResolver(ZUpdateContentCategoryBody);

/** /internet/content/category: the categories content pages are filed in. */
export function ContentCategoryList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const pages = (record: RaRecord) => translate('content.pages', { smart_count: record.page_count ?? 0 });
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
    >
      {phone ? (
        <SimpleList primaryText={(record) => record.name} secondaryText={pages} rowClick="edit" />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" label="content.fields.id" />
          <DataTable.Col source="name" label="content.fields.name" />
          <DataTable.NumberCol source="page_count" label="content.fields.page_count" />
        </DataTable>
      )}
    </List>
  );
}

function CategoryForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="content.fields.name" isRequired />
      </Box>
    </SimpleForm>
  );
}

export function ContentCategoryCreate() {
  const saved = useSavedNotice('content.notifications.categorySaved', categoryName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <CategoryForm resolver={createResolver} />
    </Create>
  );
}

/** /internet/content/category/create/{id}: a new category prefilled with the name of an existing one. */
export function ContentCategoryCopy() {
  const saved = useSavedNotice('content.notifications.categorySaved', categoryName, 'edit');
  const { source: data, ready, copyName } = useCopySource<ContentCategory>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? { name: copyName(data.name) } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
    >
      <CategoryForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function ContentCategoryEdit() {
  const saved = useSavedNotice('content.notifications.categorySaved', categoryName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <CategoryForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
