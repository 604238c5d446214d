import { zodResolver } from '@hookform/resolvers/zod';
import {
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextInput,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import {
  ZCreateSurveyCategoryBody,
  ZUpdateSurveyCategoryBody,
  type SurveyCategory,
} from '@tourdesk/contracts/surveys.schema';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'survey/categories';
const titleOf = (record: SurveyCategory) => record.title;
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /survey/categories: what groups questions, intros and completions. */
export function CategoryList() {
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" label="surveys.fields.title" />
        <DataTable.Col label="" disableSort>
          <CopyButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function CategoryForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <TextInput source="title" label="surveys.fields.title" isRequired />
    </SimpleForm>
  );
}

export function CategoryCreate() {
  const saved = useSavedNotice('surveys.notifications.categorySaved', titleOf, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <CategoryForm resolver={zodResolver(ZCreateSurveyCategoryBody)} />
    </Create>
  );
}

/** /survey/categories/copy/{id}: a new category named after an existing one. */
export function CategoryCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('surveys.notifications.categorySaved', titleOf, 'edit');
  const { source: data, ready, copyName } = useCopySource<SurveyCategory>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? { title: copyName(data.title) } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <CategoryForm resolver={zodResolver(ZCreateSurveyCategoryBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function CategoryEdit() {
  const saved = useSavedNotice('surveys.notifications.categorySaved', titleOf);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <CategoryForm resolver={zodResolver(ZUpdateSurveyCategoryBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
