import { useMediaQuery, type Theme } from '@mui/material';
import type { FieldValues, Resolver } from 'react-hook-form';
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
  useGetOne,
  useTranslate,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { ZCreateStopGroupBody, ZUpdateStopGroupBody, type StopGroup } from '@tourdesk/contracts/boarding-points.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { useCsvExporter, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { StopGroupMembersInput, type MemberValue } from './stop-group-members-input.tsx';

const groupName = (record: StopGroup) => record.name;
const memberNames = (record: RaRecord) =>
  (record.zustiege as MemberValue[] | undefined)?.map((member) => member.name).join(' → ') ?? '';

/** The form keeps the members as records (to show their names); the contract takes their ids in order. */
const membersResolver =
  (schema: typeof ZCreateStopGroupBody | typeof ZUpdateStopGroupBody): Resolver<FieldValues> =>
  (values, context, options) =>
    zodResolver(schema)(
      {
        name: values.name,
        zustiege: ((values.zustiege ?? []) as MemberValue[]).map((member) => member.id_zus_zustiege),
      },
      context,
      options as never,
    ) as ReturnType<Resolver<FieldValues>>;

const createResolver = membersResolver(ZCreateStopGroupBody);
const updateResolver = membersResolver(ZUpdateStopGroupBody);

const exportColumns: Array<CsvColumn<StopGroup>> = [
  { label: 'stopGroups.fields.id', value: (record) => record.id },
  { label: 'stopGroups.fields.name', value: (record) => record.name },
  { label: 'stopGroups.fields.count', value: (record) => record.zustiege.length },
  { label: 'stopGroups.fields.zustiege', value: (record) => memberNames(record) },
];

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /zustiege/gruppen: the stop groups with their boarding points in order. */
export function StopGroupList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const exporter = useCsvExporter(exportColumns);
  const translate = useTranslate();
  const count = (record: RaRecord) =>
    translate('stopGroups.count', { smart_count: (record.zustiege as unknown[] | undefined)?.length ?? 0 });
  return (
    <List
      filters={filters}
      exporter={exporter}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={count}
          tertiaryText={memberNames}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="stopGroups.fields.name" />
          <DataTable.Col label="stopGroups.fields.count" render={count} disableSort />
          <DataTable.Col label="stopGroups.fields.zustiege" render={memberNames} disableSort />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function StopGroupForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="stopGroups.fields.name" isRequired />
      </Box>
      <StopGroupMembersInput />
    </SimpleForm>
  );
}

export function StopGroupCreate() {
  const saved = useSavedNotice('stopGroups.notifications.saved', groupName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <StopGroupForm resolver={createResolver} />
    </Create>
  );
}

/** /zustiege/gruppen/copy/{id}: a new group with the same boarding points in the same order. */
export function StopGroupCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('stopGroups.notifications.saved', groupName, 'edit');
  const { data, isPending } = useGetOne<StopGroup>('zustiege/gruppen', { id: Number(id) }, { enabled: Boolean(id) });
  if (id && isPending) return null;
  return (
    <Create
      resource="zustiege/gruppen"
      record={data ? { name: `${data.name} (${translate('app.actions.copy')})`, zustiege: data.zustiege } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <StopGroupForm resolver={createResolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function StopGroupEdit() {
  const saved = useSavedNotice('stopGroups.notifications.saved', groupName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <StopGroupForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
