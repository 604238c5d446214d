import { Box } from '@mui/material';
import { ArrayInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { formRow } from '../../shared/form-row.ts';
import { roomKindChoices } from './journey-choices.ts';

/** Tab "accommodations": hotels with address, stars and description, and the rooms held of each kind. */
export function JourneyAccommodationInputs() {
  return (
    <ArrayInput source="accommodations" label="journeys.fields.accommodations">
      <SimpleFormIterator fullWidth disableClear disableReordering>
        <Box sx={formRow}>
          <TextInput source="name" label="journeys.fields.hotelName" isRequired />
          <NumberInput source="stars" label="journeys.fields.stars" min={0} max={5} step={0.5} />
        </Box>
        <Box sx={formRow}>
          <TextInput source="street" label="journeys.fields.street" />
          <TextInput source="zip" label="journeys.fields.zip" />
        </Box>
        <Box sx={formRow}>
          <TextInput source="city" label="journeys.fields.city" />
          <TextInput source="country" label="journeys.fields.country" />
        </Box>
        <TextInput
          source="description"
          label="journeys.fields.description"
          multiline
          minRows={2}
          sx={{ maxWidth: 760 }}
        />
        <ArrayInput source="roomTypes" label="journeys.fields.roomTypes">
          <SimpleFormIterator inline disableClear disableReordering>
            <SelectInput
              source="kind"
              label="journeys.fields.roomKind"
              choices={roomKindChoices}
              defaultValue="double"
              isRequired
            />
            <TextInput source="name" label="journeys.fields.roomName" />
            <NumberInput source="rooms" label="journeys.fields.rooms" min={0} step={1} defaultValue={0} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleFormIterator>
    </ArrayInput>
  );
}
