import { Box } from '@mui/material';
import { ArrayInput, BooleanInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { formRow } from '../../shared/form-row.ts';
import { PriceInput } from '../../ui/price-input.tsx';
import { priceDueChoices } from './journey-choices.ts';

/**
 * Tab "extras": type/value pairs (an excursion, a dinner, travel insurance) with price and how it is due,
 * required or optional, a choice group (one of several), age limits and limited units.
 */
export function JourneyExtraInputs() {
  return (
    <ArrayInput source="extras" label="journeys.fields.extras">
      <SimpleFormIterator fullWidth disableClear>
        <Box sx={formRow}>
          <TextInput source="type" label="journeys.fields.extraType" isRequired />
          <TextInput source="value" label="journeys.fields.extraValue" isRequired />
        </Box>
        <Box sx={formRow}>
          <PriceInput source="price" label="journeys.fields.price" />
          <SelectInput
            source="price_due"
            label="journeys.fields.price_due"
            choices={priceDueChoices}
            defaultValue="once"
          />
        </Box>
        <Box sx={formRow}>
          <TextInput
            source="choice_group"
            label="journeys.fields.choice_group"
            helperText="journeys.help.choiceGroup"
          />
          <NumberInput source="units" label="journeys.fields.units" min={0} step={1} />
        </Box>
        <Box sx={formRow}>
          <NumberInput source="min_age" label="journeys.fields.min_age" min={0} max={120} step={1} />
          <NumberInput source="max_age" label="journeys.fields.max_age" min={0} max={120} step={1} />
        </Box>
        <BooleanInput source="required" label="journeys.fields.required" defaultValue={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
