import type { MouseEvent } from 'react';
import { Box, Checkbox, Chip, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  required,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { formatDate } from '@tourdesk/contracts/format';
import { TODO_SCOPES, TODO_STATES, type Todo } from '@tourdesk/contracts/todos.schema';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { useAssignees } from '../../shared/assignees.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';

const RESOURCE = 'time/todo';
const titleOf = (record: Todo) => record.title;

/** `01.07.2030 09:30`, or only the day. */
export const dueText = (todo: Pick<Todo, 'dueDate' | 'dueTime'>) =>
  todo.dueDate ? `${formatDate(todo.dueDate)}${todo.dueTime ? ` ${todo.dueTime}` : ''}` : '';

/** Ticks a to-do off (or opens it again) straight from the list. */
function CheckOff({ record }: { record: Todo }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayUpdate = useHasAnyPermission(['todo-update']);
  const [update, { isPending }] = useUpdate<Todo>();
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    void update(
      RESOURCE,
      { id: record.id, data: { done: !record.done }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(record.done ? 'todos.notifications.reopened' : 'todos.notifications.done', {
            type: 'info',
            messageArgs: { name: record.title },
          });
          refresh();
        },
      },
    );
  };
  return (
    <Checkbox
      checked={record.done}
      disabled={!mayUpdate || isPending}
      onClick={toggle}
      slotProps={{ input: { 'aria-label': translate('todos.list.checkOff', { title: record.title }) } }}
    />
  );
}

function TitleCell({ record }: { record: Todo }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        sx={{ textDecoration: record.done ? 'line-through' : 'none', color: record.done ? 'text.secondary' : '' }}
      >
        {record.title}
      </Typography>
      {record.overdue ? <Chip size="small" color="error" label={translate('todos.list.overdue')} /> : null}
    </Box>
  );
}

function AboutCell({ record }: { record: Todo }) {
  const translate = useTranslate();
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Box>
      {record.id_vc_card ? (
        <MuiLink component={Link} to={`/customers/${record.id_vc_card}`} onClick={stop} sx={{ display: 'block' }}>
          {record.customerName ?? `#${record.id_vc_card}`}
        </MuiLink>
      ) : null}
      {record.id_booking ? (
        <MuiLink component={Link} to={`/vorgang/${record.id_booking}`} onClick={stop}>
          {translate('todos.list.booking', { number: record.id_booking })}
        </MuiLink>
      ) : null}
    </Box>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="scope"
    source="scope"
    label="todos.filters.scope"
    alwaysOn
    emptyText="todos.scope.mine"
    choices={TODO_SCOPES.map((id) => ({ id, name: `todos.scope.${id}` }))}
  />,
  <SelectInput
    key="state"
    source="state"
    label="todos.filters.state"
    alwaysOn
    emptyText="todos.state.any"
    choices={TODO_STATES.map((id) => ({ id, name: `todos.state.${id}` }))}
  />,
  <SelectInput
    key="overdue"
    source="overdue"
    label="todos.filters.overdue"
    choices={[{ id: 'true', name: 'todos.filters.overdueOnly' }]}
  />,
];

/** /time/todo: the user's open to-dos by due date; the filters switch to those given to others, or all. */
export function TodoList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      filterDefaultValues={{ scope: 'mine', state: 'open' }}
      exporter={false}
      sort={{ field: 'dueAt', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('todos.title')}
    >
      {phone ? (
        <SimpleList<Todo>
          primaryText={(record) => record.title}
          secondaryText={(record) => [dueText(record), record.assigneeName].filter(Boolean).join(' · ')}
          tertiaryText={(record) => (record.overdue ? translate('todos.list.overdue') : '')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col
            source="done"
            label="todos.fields.done"
            render={(record: Todo) => <CheckOff record={record} />}
          />
          <DataTable.Col
            source="title"
            label="todos.fields.title"
            render={(record: Todo) => <TitleCell record={record} />}
          />
          <DataTable.Col source="dueAt" label="todos.fields.due" render={(record: Todo) => dueText(record)} />
          <DataTable.Col source="assigneeName" label="todos.fields.assigneeId" disableSort />
          <DataTable.Col
            source="id_vc_card"
            label="todos.fields.about"
            disableSort
            render={(record: Todo) => <AboutCell record={record} />}
          />
          <DataTable.Col source="createdByName" label="todos.fields.createdBy" disableSort />
        </DataTable>
      )}
    </List>
  );
}

function TodoForm() {
  const assignees = useAssignees();
  const mayReadCustomers = useHasAnyPermission(['customers-read']);
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="title" label="todos.fields.title" validate={required()} fullWidth />
      <TextInput source="notes" label="todos.fields.notes" multiline minRows={3} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <DateInput source="dueDate" label="todos.fields.dueDate" />
        <TextInput
          source="dueTime"
          label="todos.fields.dueTime"
          type="time"
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="todos.help.dueTime"
        />
      </Box>
      <SelectInput
        source="assigneeId"
        label="todos.fields.assigneeId"
        choices={assignees.data ?? []}
        isPending={assignees.isPending}
        emptyText="todos.help.assigneeSelf"
        helperText="todos.help.assignee"
      />
      {mayReadCustomers ? (
        <ReferenceInput source="id_vc_card" reference="customers">
          <AutocompleteInput label="todos.fields.customer" optionText="name" fullWidth />
        </ReferenceInput>
      ) : null}
      <NumberInput source="id_booking" label="todos.fields.booking" min={1} />
      <BooleanInput source="done" label="todos.fields.done" />
    </SimpleForm>
  );
}

export function TodoCreate() {
  const saved = useSavedNotice('todos.notifications.saved', titleOf, 'list');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic" redirect="list">
      <TodoForm />
    </Create>
  );
}

export function TodoEdit() {
  const saved = useSavedNotice('todos.notifications.saved', titleOf, 'list');
  return (
    <Edit mutationOptions={saved} mutationMode="pessimistic">
      <TodoForm />
    </Edit>
  );
}
