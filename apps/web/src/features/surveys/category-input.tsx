import { ReferenceField, ReferenceInput, SelectInput } from 'react-admin';

/** The category select of questions, intros and completions (empty: no category). */
export function CategoryInput({ alwaysOn }: { alwaysOn?: boolean }) {
  return (
    <ReferenceInput
      source="id_survey_categories"
      reference="survey/categories"
      perPage={500}
      sort={{ field: 'title', order: 'ASC' }}
      alwaysOn={alwaysOn}
    >
      <SelectInput label="surveys.fields.id_survey_categories" optionText="title" emptyText="surveys.noCategory" />
    </ReferenceInput>
  );
}

/** A record's category in a list. */
export function CategoryField() {
  return <ReferenceField source="id_survey_categories" reference="survey/categories" link={false} emptyText="–" />;
}
