import { Box } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Create, Edit, NumberInput, SelectInput, SimpleForm, TextInput, type SimpleFormProps } from 'react-admin';
import {
  ZCreateBoardingPointBody,
  ZUpdateBoardingPointBody,
  type BoardingPoint,
} from '@tourdesk/contracts/boarding-points.schema';
import { formRow } from '../../shared/form-row.ts';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { useCountryCodeChoices } from './country-code-choices.ts';
import { StopMapInput } from './stop-map-input.tsx';

const stopName = (record: BoardingPoint) => record.name;
const createResolver = zodResolver(ZCreateBoardingPointBody);
const updateResolver = zodResolver(ZUpdateBoardingPointBody);

/** Name, address, position (map and numbers) and the note for drivers of a boarding point. */
function BoardingPointForm(props: Omit<SimpleFormProps, 'children'>) {
  const { choices, isPending } = useCountryCodeChoices();
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box sx={formRow}>
        <TextInput source="name" label="boardingPoints.fields.name" isRequired />
      </Box>
      <Box sx={formRow}>
        <TextInput source="street" label="boardingPoints.fields.street" />
        <TextInput source="number" label="boardingPoints.fields.number" />
      </Box>
      <Box sx={formRow}>
        <TextInput source="zip" label="boardingPoints.fields.zip" />
        <TextInput source="city" label="boardingPoints.fields.city" />
      </Box>
      <Box sx={formRow}>
        <SelectInput
          source="country"
          label="boardingPoints.fields.country"
          choices={choices}
          isPending={isPending}
          defaultValue="DE"
          translateChoice={false}
        />
      </Box>
      <StopMapInput />
      <Box sx={formRow}>
        <NumberInput source="lat" label="boardingPoints.fields.lat" step={0.000001} />
        <NumberInput source="lon" label="boardingPoints.fields.lon" step={0.000001} />
      </Box>
      <Box sx={formRow}>
        <TextInput source="notes" label="boardingPoints.fields.notes" multiline minRows={2} />
      </Box>
    </SimpleForm>
  );
}

export function BoardingPointCreate() {
  const saved = useSavedNotice('boardingPoints.notifications.saved', stopName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <BoardingPointForm resolver={createResolver} />
    </Create>
  );
}

export function BoardingPointEdit() {
  const saved = useSavedNotice('boardingPoints.notifications.saved', stopName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <BoardingPointForm resolver={updateResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}
