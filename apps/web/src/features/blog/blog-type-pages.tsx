import { Box, Chip, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
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
  useCanAccess,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import { ZCreateBlogTypeBody, ZUpdateBlogTypeBody, type BlogType } from '@tourdesk/contracts/web-content.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar } from '../../shared/save-delete-toolbar.tsx';
import { DeleteWithDialogButton } from '../../ui/delete-with-dialog.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'internet/blog/type';
const typeTitle = (record: BlogType) => record.title;
const createResolver = zodResolver(ZCreateBlogTypeBody);
const updateResolver = zodResolver(ZUpdateBlogTypeBody);

function SystemChip({ system }: { system: unknown }) {
  const translate = useTranslate();
  if (typeof system !== 'string') return null;
  return <Chip size="small" variant="outlined" label={translate(`blog.system.${system}`)} />;
}

/** /internet/blog/type (also /internet/blog/BlogTypes): the system subtypes of spec §3 and the operator's own. */
export function BlogTypeList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const posts = (record: RaRecord) => translate('blog.posts', { smart_count: record.post_count ?? 0 });
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.title}
          secondaryText={posts}
          tertiaryText={(record) => (record.system ? translate(`blog.system.${String(record.system)}`) : '')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" label="blog.fields.id" />
          <DataTable.Col source="title" label="blog.fields.typeTitle" />
          <DataTable.Col
            source="system"
            label="blog.fields.system"
            render={(record) => <SystemChip system={record.system} />}
          />
          <DataTable.NumberCol source="post_count" label="blog.fields.post_count" />
        </DataTable>
      )}
    </List>
  );
}

function BlogTypeForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="title" label="blog.fields.typeTitle" isRequired />
      </Box>
    </SimpleForm>
  );
}

/** Save, and delete for an own type (system types stay, spec §3). */
function BlogTypeToolbar() {
  const record = useRecordContext<BlogType>();
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && record && record.system === null ? <DeleteWithDialogButton /> : null}
    </Toolbar>
  );
}

export function BlogTypeCreate() {
  const saved = useSavedNotice('blog.notifications.typeSaved', typeTitle, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <BlogTypeForm resolver={createResolver} />
    </Create>
  );
}

/** /internet/blog/type/create/{id}: a new type prefilled with the title of an existing one. */
export function BlogTypeCopy() {
  const saved = useSavedNotice('blog.notifications.typeSaved', typeTitle, 'edit');
  const { source: data, ready, copyName } = useCopySource<BlogType>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? { title: copyName(data.title) } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
    >
      <BlogTypeForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function BlogTypeEdit() {
  const saved = useSavedNotice('blog.notifications.typeSaved', typeTitle);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <BlogTypeForm resolver={updateResolver} toolbar={<BlogTypeToolbar />} />
    </Edit>
  );
}
