import { Box, Chip } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { SURVEY_TYPE_FIELDS, ZCreateSurveyQuestionBody, type SurveyQuestion } from '@tourdesk/contracts/surveys.schema';
import { SURVEY_ANSWER_FORMATS, SURVEY_QUESTION_TYPES, type SurveyQuestionType } from '@tourdesk/contracts/survey-core';
import { formRow } from '../../shared/form-row.ts';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { CategoryField, CategoryInput } from './category-input.tsx';
import { QuestionPreview, type PreviewQuestion } from './question-preview.tsx';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'survey/questions';
const titleOf = (record: SurveyQuestion) => record.title;
const typeChoices = SURVEY_QUESTION_TYPES.map((type) => ({ id: type, name: `surveys.types.${type}` }));
const resolver = zodResolver(ZCreateSurveyQuestionBody);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CategoryInput key="category" />,
  <SelectInput key="type" source="type" label="surveys.fields.type" choices={typeChoices} />,
];

/** /survey/questions */
export function QuestionList() {
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
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" label="surveys.fields.title" />
        <DataTable.Col
          source="type"
          label="surveys.fields.type"
          render={(record: SurveyQuestion) => <Chip size="small" label={translate(`surveys.types.${record.type}`)} />}
        />
        <DataTable.Col source="id_survey_categories" label="surveys.fields.id_survey_categories" disableSort>
          <CategoryField />
        </DataTable.Col>
        <DataTable.Col
          source="required"
          label="surveys.fields.required"
          render={(record: SurveyQuestion) => translate(`surveys.required.${String(record.required)}`)}
        />
        <DataTable.Col label="" disableSort>
          <CopyButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The inputs of the chosen type only, and the live preview beside them. */
function TypeInputs() {
  const values = useWatch() as PreviewQuestion;
  const type: SurveyQuestionType = SURVEY_QUESTION_TYPES.includes(values.type) ? values.type : 'text';
  const uses = (field: keyof PreviewQuestion) => (SURVEY_TYPE_FIELDS[type] as readonly string[]).includes(field);
  const formats = SURVEY_ANSWER_FORMATS[type].map((format) => ({ id: format, name: `surveys.formats.${format}` }));
  const { getValues, setValue } = useFormContext();
  // A new type starts with its own first answer format (a text's `line` is no choice's).
  useEffect(() => {
    const allowed = SURVEY_ANSWER_FORMATS[type];
    const current: unknown = getValues('answer_format');
    const fits = allowed.length === 0 ? current == null : typeof current === 'string' && allowed.includes(current);
    if (!fits) setValue('answer_format', allowed[0] ?? null, { shouldDirty: true });
  }, [type, getValues, setValue]);
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
        {formats.length > 0 ? (
          <SelectInput
            key={`format-${type}`}
            source="answer_format"
            label="surveys.fields.answer_format"
            choices={formats}
            isRequired
          />
        ) : null}
        {uses('hint') ? <TextInput source="hint" label="surveys.fields.hint" helperText="surveys.help.hint" /> : null}
        {uses('min_value') ? (
          <Box sx={formRow}>
            <NumberInput source="min_value" label="surveys.fields.min_value" />
            <NumberInput source="max_value" label="surveys.fields.max_value" />
            <NumberInput source="step" label="surveys.fields.step" helperText="surveys.help.step" />
            <NumberInput source="default_value" label="surveys.fields.default_value" />
          </Box>
        ) : null}
        {uses('min_description') ? (
          <Box sx={formRow}>
            <TextInput source="min_description" label="surveys.fields.min_description" />
            <TextInput source="default_description" label="surveys.fields.default_description" />
            <TextInput source="max_description" label="surveys.fields.max_description" />
          </Box>
        ) : null}
        {uses('positive_answer') ? (
          <Box sx={formRow}>
            <TextInput source="positive_answer" label="surveys.fields.positive_answer" helperText="surveys.help.yes" />
            <TextInput source="negative_answer" label="surveys.fields.negative_answer" helperText="surveys.help.no" />
          </Box>
        ) : null}
        {uses('min_date') ? (
          <Box sx={formRow}>
            <DateInput source="min_date" label="surveys.fields.min_date" />
            <DateInput source="max_date" label="surveys.fields.max_date" />
          </Box>
        ) : null}
        {uses('choices') ? (
          <ArrayInput source="choices" label="surveys.fields.choices" helperText="surveys.help.choices">
            <SimpleFormIterator inline disableReordering={false}>
              <TextInput source="text" label="surveys.fields.choiceText" />
              <TextInput source="value" label="surveys.fields.choiceValue" />
            </SimpleFormIterator>
          </ArrayInput>
        ) : null}
      </Box>
      <QuestionPreview question={{ ...values, type }} />
    </Box>
  );
}

function QuestionForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <TextInput source="title" label="surveys.fields.question" isRequired fullWidth />
      <Box sx={formRow}>
        <SelectInput source="type" label="surveys.fields.type" choices={typeChoices} defaultValue="text" isRequired />
        <CategoryInput />
        <BooleanInput source="required" label="surveys.fields.required" defaultValue />
      </Box>
      <TypeInputs />
    </SimpleForm>
  );
}

export function QuestionCreate() {
  const saved = useSavedNotice('surveys.notifications.questionSaved', titleOf, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <QuestionForm resolver={resolver} />
    </Create>
  );
}

/** /survey/questions/copy/{id}: a new question prefilled from an existing one. */
export function QuestionCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('surveys.notifications.questionSaved', titleOf, 'edit');
  const { source: data, ready, copyName } = useCopySource<SurveyQuestion>(RESOURCE);
  if (!ready) return null;
  const copy = data
    ? (({ id: _id, id_survey_questions: _key, createdAt: _created, updatedAt: _updated, ...fields }) => ({
        ...fields,
        title: copyName(data.title),
      }))(data)
    : undefined;
  return (
    <Create
      resource={RESOURCE}
      record={copy}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <QuestionForm resolver={resolver} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

export function QuestionEdit() {
  const saved = useSavedNotice('surveys.notifications.questionSaved', titleOf);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <QuestionForm resolver={resolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
