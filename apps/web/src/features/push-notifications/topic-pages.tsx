import { zodResolver } from '@hookform/resolvers/zod';
import { useMediaQuery, type Theme } from '@mui/material';
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
  type SimpleFormProps,
} from 'react-admin';
import { ZCreateAppTopicBody, ZUpdateAppTopicBody, type AppTopic } from '@tourdesk/contracts/push-notifications.schema';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'app/topics';
const titleOf = (record: AppTopic) => record.title;
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /app/topics: the topics travellers follow in the app, with how many follow each. */
export function TopicList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      exporter={false}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={50}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList<AppTopic>
          primaryText={(record) => record.title}
          secondaryText={(record) => translate('pushNotifications.topics.followers', { smart_count: record.followers })}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" label="pushNotifications.topics.title" />
          <DataTable.NumberCol source="followers" label="pushNotifications.topics.followerCount" />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function TopicForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <TextInput
        source="title"
        label="pushNotifications.topics.title"
        isRequired
        helperText="pushNotifications.topics.help"
      />
    </SimpleForm>
  );
}

export function TopicCreate() {
  const saved = useSavedNotice('pushNotifications.topics.saved', titleOf, 'list');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <TopicForm resolver={zodResolver(ZCreateAppTopicBody)} />
    </Create>
  );
}

/** /app/topics/copy/{id}: a new topic named after an existing one. */
export function TopicCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('pushNotifications.topics.saved', titleOf, 'list');
  const { source: data, ready, copyName } = useCopySource<AppTopic>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={data ? { title: copyName(data.title, 120) } : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <TopicForm resolver={zodResolver(ZCreateAppTopicBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function TopicEdit() {
  const saved = useSavedNotice('pushNotifications.topics.saved', titleOf);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <TopicForm resolver={zodResolver(ZUpdateAppTopicBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
