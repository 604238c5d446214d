import { useMemo } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useTranslate,
  type Identifier,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import {
  MENU_ICON_SETS,
  MENU_LINK_TYPES,
  ZCreateWebMenuItemBody,
  ZUpdateWebMenuItemBody,
  type WebMenuItem,
} from '@tourdesk/contracts/web-menus.schema';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const itemName = (record: WebMenuItem) => record.name;
const createResolver = zodResolver(ZCreateWebMenuItemBody);
const updateResolver = zodResolver(ZUpdateWebMenuItemBody);
const linkTypeChoices = MENU_LINK_TYPES.map((id) => ({ id, name: `webMenus.linkTypes.${id}` }));
const iconSetChoices = MENU_ICON_SETS.map((id) => ({ id, name: `webMenus.iconSets.${id}` }));
/** After saving an item, back to its menu's tree. */
const toMenuEdit = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) =>
  typeof data?.id_web_menu === 'number' ? `internet/menu/${data.id_web_menu}` : 'list';

const filters = [
  <ReferenceInput key="menu" source="id_web_menu" reference="internet/menu" alwaysOn>
    <SelectInput label="webMenus.fields.menu" optionText="name" />
  </ReferenceInput>,
  <SelectInput
    key="active"
    source="active"
    label="webMenus.fields.active"
    choices={activeChoices('webMenus.active')}
  />,
];

/** /internet/menu/item: every menu item, by menu and order. */
export function ItemList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} exporter={false} perPage={50} pagination={<ListPagination />} empty={false}>
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => record.menu_name}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="menu_name" label="webMenus.fields.menu" />
          <DataTable.Col source="name" label="webMenus.fields.name" />
          <DataTable.Col source="link" label="webMenus.fields.link" />
          <DataTable.NumberCol source="position" label="webMenus.fields.position" />
          <DataTable.Col
            source="active"
            label="webMenus.fields.active"
            render={(record) => <ActiveChip active={record.active} prefix="webMenus.active" />}
          />
        </DataTable>
      )}
    </List>
  );
}

/** The parent picker: items of the chosen menu only. */
function ParentInput({ exclude }: { exclude?: number }) {
  const menu = useWatch({ name: 'id_web_menu' }) as number | undefined;
  return (
    <ReferenceInput
      source="id_parent"
      reference="internet/menu/item"
      filter={{ id_web_menu: menu ?? 0 }}
      perPage={200}
      sort={{ field: 'position', order: 'ASC' }}
    >
      <AutocompleteInput
        label="webMenus.fields.parent"
        optionText="name"
        helperText="webMenus.help.parent"
        disabled={!menu}
        filterToQuery={() => ({})}
        inputText={(record: WebMenuItem) => record.name}
        matchSuggestion={(filter, record: WebMenuItem) =>
          record.id !== exclude && record.name.toLowerCase().includes(filter.toLowerCase())
        }
      />
    </ReferenceInput>
  );
}

function ItemForm({
  lockMenu,
  exclude,
  ...props
}: Omit<SimpleFormProps, 'children'> & { lockMenu?: boolean; exclude?: number }) {
  const translate = useTranslate();
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <ReferenceInput source="id_web_menu" reference="internet/menu">
          <SelectInput label="webMenus.fields.menu" optionText="name" isRequired disabled={lockMenu} />
        </ReferenceInput>
        <ParentInput exclude={exclude} />
      </Box>
      <Box sx={formRow}>
        <TextInput source="name" label="webMenus.fields.name" isRequired />
        <TextInput source="subtitle" label="webMenus.fields.subtitle" />
      </Box>
      <Box sx={formRow}>
        <SelectInput
          source="link_type"
          label="webMenus.fields.link_type"
          choices={linkTypeChoices}
          defaultValue="page"
          isRequired
        />
        <TextInput source="link" label="webMenus.fields.link" helperText={translate('webMenus.help.link')} />
      </Box>
      <Box sx={formRow}>
        <TextInput source="icon" label="webMenus.fields.icon" helperText="webMenus.help.icon" />
        <SelectInput
          source="icon_set"
          label="webMenus.fields.icon_set"
          choices={iconSetChoices}
          emptyText="options.none"
        />
      </Box>
      <BooleanInput source="active" label="webMenus.fields.active" defaultValue helperText="webMenus.help.itemActive" />
    </SimpleForm>
  );
}

/** /internet/menu/item/create/{id?}: a new item, in menu {id} when given; it goes last among its siblings. */
export function ItemCreate() {
  const { id } = useParams();
  const saved = useSavedNotice('webMenus.notifications.itemSaved', itemName, toMenuEdit);
  // One record object for the page: a new one on each render would reset what was typed.
  const record = useMemo(
    () => (id === undefined ? undefined : { id_web_menu: Number(id), active: true, link_type: 'page' }),
    [id],
  );
  return (
    <Create resource="internet/menu/item" mutationOptions={saved} mutationMode="pessimistic" record={record}>
      <ItemForm resolver={createResolver} />
    </Create>
  );
}

export function ItemEdit() {
  const { id } = useParams();
  const saved = useSavedNotice('webMenus.notifications.itemSaved', itemName, toMenuEdit);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} redirect={false}>
      <ItemForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} lockMenu exclude={Number(id)} />
    </Edit>
  );
}
