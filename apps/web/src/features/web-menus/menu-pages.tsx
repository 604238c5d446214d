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
  useRecordContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { ZCreateWebMenuBody, ZUpdateWebMenuBody, type WebMenu } from '@tourdesk/contracts/web-menus.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { MenuTreeEditor } from './menu-tree-editor.tsx';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'internet/menu';
const menuName = (record: WebMenu) => record.name;
const createResolver = zodResolver(ZCreateWebMenuBody);
const updateResolver = zodResolver(ZUpdateWebMenuBody);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    label="webMenus.fields.active"
    choices={activeChoices('webMenus.active')}
  />,
];

/** /internet/menu: the website's menus with their number of items. */
export function MenuList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => translate('webMenus.items', { smart_count: record.item_count ?? 0 })}
          tertiaryText={(record) => translate(`webMenus.active.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="id" label="webMenus.fields.id" />
          <DataTable.Col source="name" label="webMenus.fields.name" />
          <DataTable.Col
            source="active"
            label="webMenus.fields.active"
            render={(record) => <ActiveChip active={record.active} prefix="webMenus.active" />}
          />
          <DataTable.NumberCol source="item_count" label="webMenus.fields.item_count" />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function MenuForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="webMenus.fields.name" isRequired />
      </Box>
      <BooleanInput source="active" label="webMenus.fields.active" defaultValue helperText="webMenus.help.active" />
    </SimpleForm>
  );
}

export function MenuCreate() {
  const saved = useSavedNotice('webMenus.notifications.saved', menuName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <MenuForm resolver={createResolver} />
    </Create>
  );
}

/** /internet/menu/copy/{id}: a new menu with a copy of that menu's items tree. */
export function MenuCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('webMenus.notifications.saved', menuName, 'edit');
  const { source: data, ready, copyName } = useCopySource<WebMenu>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? { name: copyName(data.name), active: data.active, copyFrom: data.id } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <MenuForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

function MenuItemsOfRecord() {
  const record = useRecordContext<WebMenu>();
  return record ? <MenuTreeEditor menuId={record.id} /> : null;
}

/** /internet/menu/{id}: name and state, and below it the items as a tree to drag into order. */
export function MenuEdit() {
  const saved = useSavedNotice('webMenus.notifications.saved', menuName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} aside={undefined}>
      <MenuForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
      <Box sx={{ px: 2, pb: 2 }}>
        <MenuItemsOfRecord />
      </Box>
    </Edit>
  );
}
