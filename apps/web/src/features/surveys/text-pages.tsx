import { Box, Typography } from '@mui/material';
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
  ClearButtons,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import {
  ZCreateSurveyPageBody,
  ZUpdateSurveyPageBody,
  type SurveyCompletion,
  type SurveyIntro,
} from '@tourdesk/contracts/surveys.schema';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { CategoryField, CategoryInput } from './category-input.tsx';
import { useCopySource } from '../../shared/copy-source.ts';

/** Only what the server's allowlist keeps (lib/rich-text.ts), as on the blog. */
const richTextToolbar = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);

type Page = SurveyIntro | SurveyCompletion;
type Kind = { resource: string; saved: string; help: string };
const INTRO: Kind = {
  resource: 'survey/intros',
  saved: 'surveys.notifications.introSaved',
  help: 'surveys.help.intro',
};
const COMPLETION: Kind = {
  resource: 'survey/completions',
  saved: 'surveys.notifications.completionSaved',
  help: 'surveys.help.completion',
};
const titleOf = (record: Page) => record.title;
const filters = [<SearchInput key="q" source="q" alwaysOn />, <CategoryInput key="category" />];

function PageList({ kind }: { kind: Kind }) {
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
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate(kind.help)}
      </Typography>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" label="surveys.fields.title" />
        <DataTable.Col source="id_survey_categories" label="surveys.fields.id_survey_categories" disableSort>
          <CategoryField />
        </DataTable.Col>
        <DataTable.Col source="button_text" label="surveys.fields.button_text" disableSort />
        <DataTable.Col label="" disableSort>
          <CopyButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function PageForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="title" label="surveys.fields.title" isRequired />
        <CategoryInput />
      </Box>
      <Box sx={{ width: '100%' }}>
        <RichTextInput source="text" label="surveys.fields.text" toolbar={richTextToolbar} fullWidth />
      </Box>
      <TextInput source="button_text" label="surveys.fields.button_text" helperText="surveys.help.button_text" />
    </SimpleForm>
  );
}

function PageCreate({ kind }: { kind: Kind }) {
  const saved = useSavedNotice(kind.saved, titleOf, 'edit');
  return (
    <Create resource={kind.resource} mutationOptions={saved} mutationMode="pessimistic">
      <PageForm resolver={zodResolver(ZCreateSurveyPageBody)} />
    </Create>
  );
}

function PageCopy({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const saved = useSavedNotice(kind.saved, titleOf, 'edit');
  const { source: data, ready, copyName } = useCopySource<Page>(kind.resource);
  if (!ready) return null;
  return (
    <Create
      resource={kind.resource}
      record={
        data
          ? {
              title: copyName(data.title),
              id_survey_categories: data.id_survey_categories,
              text: data.text,
              button_text: data.button_text,
            }
          : undefined
      }
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <PageForm resolver={zodResolver(ZCreateSurveyPageBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

function PageEdit({ kind }: { kind: Kind }) {
  const saved = useSavedNotice(kind.saved, titleOf);
  return (
    <Edit resource={kind.resource} mutationMode="pessimistic" mutationOptions={saved}>
      <PageForm resolver={zodResolver(ZUpdateSurveyPageBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}

/** /survey/intros: the first page of a survey. */
export const IntroList = () => <PageList kind={INTRO} />;
export const IntroCreate = () => <PageCreate kind={INTRO} />;
export const IntroCopy = () => <PageCopy kind={INTRO} />;
export const IntroEdit = () => <PageEdit kind={INTRO} />;
/** /survey/completions: the page after the answers are sent. */
export const CompletionList = () => <PageList kind={COMPLETION} />;
export const CompletionCreate = () => <PageCreate kind={COMPLETION} />;
export const CompletionCopy = () => <PageCopy kind={COMPLETION} />;
export const CompletionEdit = () => <PageEdit kind={COMPLETION} />;
