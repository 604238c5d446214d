import { ReferenceInput, SelectInput, useCanAccess } from 'react-admin';

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The journey's feedback survey (issue #16): its travellers answer it in the app once the trip is over. Shown to
 * users who may list the surveys (resource `survey/surveys`, the staff's survey screens); without that resource
 * or right there is nothing to choose from, so the field stays away.
 */
export function JourneySurveyInput() {
  const { canAccess } = useCanAccess({ resource: 'survey/surveys', action: 'list' });
  if (!canAccess) return null;
  return (
    <ReferenceInput source="id_survey_survey" reference="survey/surveys" sort={{ field: 'title', order: 'ASC' }}>
      <SelectInput
        label="journeys.fields.id_survey_survey"
        optionText="title"
        emptyText="options.none"
        parse={emptyToNull}
        helperText="journeys.help.feedbackSurvey"
      />
    </ReferenceInput>
  );
}
