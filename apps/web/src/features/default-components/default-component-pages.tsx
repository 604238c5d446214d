import { useMediaQuery, type Theme } from '@mui/material';
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
  useGetOne,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  ZCreateDefaultComponentBody,
  ZUpdateDefaultComponentBody,
  type DefaultComponent,
} from '@tourdesk/contracts/default-components.schema';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const RESOURCE = 'defaultcomponent';
const nameOf = (record: DefaultComponent) => record.name;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    label="defaultComponents.fields.active"
    choices={activeChoices('defaultComponents.active')}
  />,
];

/** /defaultcomponent: the list, a compact one on phones. */
export function DefaultComponentList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'name', order: 'ASC' }}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => record.description ?? ''}
          tertiaryText={(record) => translate(`defaultComponents.active.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="defaultComponents.fields.name" />
          <DataTable.Col source="description" label="defaultComponents.fields.description" />
          <DataTable.Col
            source="active"
            label="defaultComponents.fields.active"
            render={(record: DefaultComponent) => (
              <ActiveChip active={record.active} prefix="defaultComponents.active" />
            )}
          />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function DefaultComponentForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <TextInput source="name" label="defaultComponents.fields.name" isRequired />
      <TextInput source="description" label="defaultComponents.fields.description" multiline minRows={2} />
      <BooleanInput source="active" label="defaultComponents.fields.active" defaultValue />
    </SimpleForm>
  );
}

export function DefaultComponentCreate() {
  const saved = useSavedNotice('defaultComponents.notifications.saved', nameOf, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <DefaultComponentForm resolver={zodResolver(ZCreateDefaultComponentBody)} />
    </Create>
  );
}

/** /defaultcomponent/copy/{id}: a new one prefilled from an existing one. */
export function DefaultComponentCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('defaultComponents.notifications.saved', nameOf, 'edit');
  const { data, isPending } = useGetOne<DefaultComponent>(RESOURCE, { id: Number(id) }, { enabled: id !== undefined });
  if (id !== undefined && isPending) return null;
  return (
    <Create
      resource={RESOURCE}
      record={
        data
          ? {
              name: `${data.name} (${translate('app.actions.copy')})`,
              description: data.description,
              active: data.active,
            }
          : undefined
      }
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <DefaultComponentForm resolver={zodResolver(ZCreateDefaultComponentBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function DefaultComponentEdit() {
  const saved = useSavedNotice('defaultComponents.notifications.saved', nameOf);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <DefaultComponentForm resolver={zodResolver(ZUpdateDefaultComponentBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
