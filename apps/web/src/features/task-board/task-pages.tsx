import { Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '@tourdesk/contracts/format';
import { TASK_STATUSES, type Task } from '@tourdesk/contracts/tasks.schema';
import { useAssignees } from '../../shared/assignees.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const titleOf = (record: Task) => record.title;
const statusChoices = TASK_STATUSES.map((id) => ({ id, name: `taskBoard.columns.${id}` }));

function StatusChip({ record }: { record: Task }) {
  const translate = useTranslate();
  return <Chip size="small" label={translate(`taskBoard.columns.${record.status}`)} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label="taskBoard.fields.status" choices={statusChoices} />,
];

/** /task: the board's cards as a plain list, by column and place; a row opens the card. */
export function TaskList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'status', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('taskBoard.listTitle')}
    >
      {phone ? (
        <SimpleList<Task>
          primaryText={(record) => record.title}
          secondaryText={(record) => translate(`taskBoard.columns.${record.status}`)}
          tertiaryText={(record) => record.assigneeName ?? ''}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" label="taskBoard.fields.title" />
          <DataTable.Col
            source="status"
            label="taskBoard.fields.status"
            render={(record: Task) => <StatusChip record={record} />}
          />
          <DataTable.NumberCol
            source="position"
            label="taskBoard.fields.position"
            render={(record: Task) => record.position + 1}
          />
          <DataTable.Col source="assigneeName" label="taskBoard.fields.assigneeId" disableSort />
          <DataTable.Col
            source="updatedAt"
            label="taskBoard.fields.updatedAt"
            render={(record: Task) => formatDateTime(record.updatedAt)}
          />
        </DataTable>
      )}
    </List>
  );
}

function TaskForm() {
  const assignees = useAssignees();
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="title" label="taskBoard.fields.title" validate={required()} fullWidth />
      <TextInput source="description" label="taskBoard.fields.description" multiline minRows={3} fullWidth />
      <SelectInput
        source="status"
        label="taskBoard.fields.status"
        choices={statusChoices}
        defaultValue="TODO"
        helperText="taskBoard.help.status"
      />
      <SelectInput
        source="assigneeId"
        label="taskBoard.fields.assigneeId"
        choices={assignees.data ?? []}
        isPending={assignees.isPending}
        emptyText="taskBoard.help.nobody"
      />
      <NumberInput source="id_booking" label="taskBoard.fields.booking" min={1} />
    </SimpleForm>
  );
}

export function TaskCreate() {
  const saved = useSavedNotice('taskBoard.notifications.saved', titleOf, '/board');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <TaskForm />
    </Create>
  );
}

export function TaskEdit() {
  const saved = useSavedNotice('taskBoard.notifications.saved', titleOf, '/board');
  return (
    <Edit mutationOptions={saved} mutationMode="pessimistic">
      <TaskForm />
    </Edit>
  );
}
