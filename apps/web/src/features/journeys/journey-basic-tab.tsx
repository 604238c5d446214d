import { Box } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, NumberInput, SelectInput, TextInput, useLocaleState } from 'react-admin';
import { useCountries } from '../../lib/countries.ts';
import { formRow } from '../../shared/form-row.ts';
import { bookableChoices, catalogStateChoices } from './journey-choices.ts';
import { CategoryInput, DestinationInput, OrganizationInput } from './journey-ref-inputs.tsx';
import { JourneySurveyInput } from './journey-survey-input.tsx';

/** The countries a journey visits (loc_country ids), names in the user's language. */
function CountriesInput() {
  const [locale] = useLocaleState();
  const { countries, isPending } = useCountries();
  const choices = countries.map((country) => ({
    id: country.id_loc_country,
    name: locale === 'de' ? country.name_de : country.name_en,
  }));
  return (
    <AutocompleteArrayInput
      source="countries"
      label="journeys.fields.countries"
      choices={choices}
      translateChoice={false}
      isPending={isPending}
      sx={{ maxWidth: 760 }}
    />
  );
}

/** Tab "basic data": titles, numbers, category, destination, states, organizer, guide and ratings. */
export function JourneyBasicInputs() {
  return (
    <>
      <Box sx={formRow}>
        <TextInput source="title" label="journeys.fields.title" isRequired />
        <TextInput source="subtitle" label="journeys.fields.subtitle" />
      </Box>
      <Box sx={formRow}>
        <TextInput source="code" label="journeys.fields.code" />
        <TextInput source="booking_id" label="journeys.fields.booking_id" />
      </Box>
      <Box sx={formRow}>
        <TextInput source="kuschick_id" label="journeys.fields.kuschick_id" />
        <TextInput source="pressmind_id" label="journeys.fields.pressmind_id" />
      </Box>
      <Box sx={formRow}>
        <CategoryInput source="category" label="journeys.fields.category" />
        <DestinationInput source="destination" label="journeys.fields.destination" />
      </Box>
      <CountriesInput />
      <Box sx={formRow}>
        <SelectInput
          source="catalog_state"
          label="journeys.fields.catalog_state"
          choices={catalogStateChoices}
          defaultValue={0}
        />
        <SelectInput source="bookable" label="journeys.fields.bookable" choices={bookableChoices} defaultValue={0} />
      </Box>
      <BooleanInput source="online" label="journeys.fields.online" defaultValue={false} />
      <Box sx={formRow}>
        <OrganizationInput source="organization" label="journeys.fields.organization" />
        <TextInput source="tour_guide" label="journeys.fields.tour_guide" />
      </Box>
      <Box sx={formRow}>
        <TextInput source="project" label="journeys.fields.project" />
        <NumberInput source="mindestteilnehmer" label="journeys.fields.mindestteilnehmer" min={0} step={1} />
      </Box>
      <Box sx={formRow}>
        <NumberInput source="bonuspunkte" label="journeys.fields.bonuspunkte" min={0} step={1} />
        <NumberInput
          source="recommendation_rate"
          label="journeys.fields.recommendation_rate"
          min={0}
          max={100}
          step={1}
        />
      </Box>
      <Box sx={formRow}>
        <NumberInput
          source="rating_stars"
          label="journeys.fields.rating_stars"
          min={0}
          max={5}
          step={0.5}
          helperText="journeys.help.ratingStars"
        />
      </Box>
      <JourneySurveyInput />
    </>
  );
}
