import { ArrayInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { Box } from '@mui/material';
import { EMAIL_TYPES, PHONE_TYPES } from '@tourdesk/contracts/contacts.schema';
import { HiddenInput } from '../ui/hidden-input.tsx';

const phoneTypes = PHONE_TYPES.map((id) => ({ id, name: `options.phoneTypes.${id}` }));
const emailTypes = EMAIL_TYPES.map((id) => ({ id, name: `options.emailTypes.${id}` }));

/**
 * The phone and e-mail rows of a card (customers and agencies): kind and value per row. Each row keeps its
 * `id_vc_field`, so saving updates the stored row; rows removed here are removed on save.
 */
export function ContactRowsInput() {
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <ArrayInput source="phones" label="customers.sections.phones">
        <SimpleFormIterator inline disableReordering>
          <HiddenInput source="id_vc_field" />
          <SelectInput
            source="key"
            label="customers.fields.contactType"
            choices={phoneTypes}
            defaultValue="phone-business"
          />
          <TextInput source="value" label="customers.fields.phone" defaultValue="" />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="emails" label="customers.sections.emails">
        <SimpleFormIterator inline disableReordering>
          <HiddenInput source="id_vc_field" />
          <SelectInput
            source="key"
            label="customers.fields.contactType"
            choices={emailTypes}
            defaultValue="email-business"
          />
          <TextInput source="value" label="customers.fields.email" type="email" defaultValue="" />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}
