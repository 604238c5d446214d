import type { MouseEvent } from 'react';
import { Box } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BooleanInput,
  Button,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleForm,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ZCreateSurveyBody, ZUpdateSurveyBody, type Survey } from '@tourdesk/contracts/surveys.schema';
import { formRow } from '../../shared/form-row.ts';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { CopySaveToolbar, SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { SurveyStepsInput } from './survey-steps-input.tsx';
import { useCopySource } from '../../shared/copy-source.ts';

const RESOURCE = 'survey/surveys';
const titleOf = (record: Survey) => record.title;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="active" source="active" label="surveys.fields.active" choices={activeChoices('surveys.active')} />,
];

/** /survey/surveys */
export function SurveyList() {
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
          label="surveys.fields.steps"
          disableSort
          render={(record: Survey) => translate('surveys.stepCount', { smart_count: record.steps.length })}
        />
        <DataTable.NumberCol source="responses" label="surveys.fields.responses" disableSort />
        <DataTable.Col
          source="active"
          label="surveys.fields.active"
          render={(record: Survey) => <ActiveChip active={record.active} prefix="surveys.active" />}
        />
        <DataTable.Col label="" disableSort>
          <ShowButton
            label="surveys.results.title"
            icon={<BarChartIcon />}
            onClick={(event: MouseEvent<HTMLElement>) => event.stopPropagation()}
          />
          <CopyButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function SurveyForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <TextInput source="title" label="surveys.fields.title" isRequired fullWidth />
      <TextInput source="description" label="surveys.fields.description" multiline minRows={2} fullWidth />
      <Box sx={formRow}>
        <ReferenceInput
          source="id_survey_intros"
          reference="survey/intros"
          perPage={500}
          sort={{ field: 'title', order: 'ASC' }}
        >
          <SelectInput label="surveys.fields.id_survey_intros" optionText="title" emptyText="surveys.none" />
        </ReferenceInput>
        <ReferenceInput
          source="id_survey_completions"
          reference="survey/completions"
          perPage={500}
          sort={{ field: 'title', order: 'ASC' }}
        >
          <SelectInput label="surveys.fields.id_survey_completions" optionText="title" emptyText="surveys.none" />
        </ReferenceInput>
      </Box>
      <BooleanInput source="active" label="surveys.fields.active" defaultValue helperText="surveys.help.active" />
      <SurveyStepsInput />
    </SimpleForm>
  );
}

export function SurveyCreate() {
  const saved = useSavedNotice('surveys.notifications.surveySaved', titleOf, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <SurveyForm resolver={zodResolver(ZCreateSurveyBody)} />
    </Create>
  );
}

/** /survey/surveys/copy/{id}: a new survey with the steps, intro and completion of an existing one. */
export function SurveyCopy() {
  const translate = useTranslate();
  const saved = useSavedNotice('surveys.notifications.surveySaved', titleOf, 'edit');
  const { source: data, ready, copyName } = useCopySource<Survey>(RESOURCE);
  if (!ready) return null;
  return (
    <Create
      resource={RESOURCE}
      record={
        data
          ? {
              title: copyName(data.title),
              description: data.description,
              id_survey_intros: data.id_survey_intros,
              id_survey_completions: data.id_survey_completions,
              active: data.active,
              steps: data.steps,
            }
          : undefined
      }
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <SurveyForm resolver={zodResolver(ZCreateSurveyBody)} toolbar={<CopySaveToolbar />} />
    </Create>
  );
}

function ResultsLink() {
  const record = useRecordContext<Survey>();
  if (!record) return null;
  return (
    <Button component={Link} to={`/survey/surveys/${record.id}/show`} label="surveys.results.title">
      <BarChartIcon />
    </Button>
  );
}

export function SurveyEdit() {
  const saved = useSavedNotice('surveys.notifications.surveySaved', titleOf);
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={saved}
      actions={
        <TopToolbar>
          <ResultsLink />
        </TopToolbar>
      }
    >
      <SurveyForm resolver={zodResolver(ZUpdateSurveyBody)} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
