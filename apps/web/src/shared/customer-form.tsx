import {
  BooleanInput,
  SelectInput,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  useRecordContext,
  type TabbedFormProps,
} from 'react-admin';
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { useSelectChoices } from '../lib/settings.ts';
import { CountryInput } from '../ui/country-input.tsx';
import { DateInput } from '../ui/date-input.tsx';
import { AgencyInput } from './agency-input.tsx';
import { ContactRowsInput } from './contact-rows-input.tsx';
import { customerTypeChoices } from './customer-choices.ts';
import { formRow } from './form-row.ts';

/**
 * `staff`: the back office (with the agency select); `driver`: a new driver, with the login e-mail;
 * `agency`: an agency user's own customer — the agency is the user's own, the booking numbers read-only.
 */
export type CustomerFormVariant = 'staff' | 'driver' | 'agency';

/** Master data, addresses and contacts of a customer (create, edit, copy; back office and agency portal). */
export function CustomerForm({
  variant,
  extraTabs,
  ...props
}: {
  variant: CustomerFormVariant;
  /** Tabs of the feature that shows the form, after the contacts (the customer's bookings). */
  extraTabs?: ReactNode;
} & Omit<TabbedFormProps, 'children'>) {
  const salutation = useSelectChoices('salutation');
  const title = useSelectChoices('title');
  const record = useRecordContext();
  // Agency users see the booking numbers of an existing customer but never enter them.
  const showNumbers = variant !== 'agency' || Boolean(record?.id);
  return (
    <TabbedForm
      warnWhenUnsavedChanges
      noValidate
      {...props}
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="customers.tabs.master">
        <Box sx={formRow}>
          <SelectInput
            source="salutation"
            label="customers.fields.salutation"
            choices={salutation}
            emptyText="options.none"
          />
          <SelectInput source="title" label="customers.fields.title" choices={title} emptyText="options.none" />
        </Box>
        <Box sx={formRow}>
          <TextInput source="firstName" label="customers.fields.firstName" isRequired />
          <TextInput source="surname" label="customers.fields.surname" isRequired />
        </Box>
        <Box sx={formRow}>
          <DateInput source="birthday" label="customers.fields.birthday" />
          <DateInput source="passportValidUntil" label="customers.fields.passportValidUntil" />
        </Box>
        {variant === 'driver' ? (
          <Box sx={formRow}>
            <TextInput
              source="loginEmail"
              label="customers.fields.loginEmail"
              type="email"
              helperText="customers.help.loginEmail"
              isRequired
            />
          </Box>
        ) : null}
        <Box sx={formRow}>
          <SelectInput
            source="customerType"
            label="customers.fields.customerType"
            choices={customerTypeChoices}
            defaultValue="new"
            isRequired
          />
          {variant === 'staff' ? <AgencyInput source="agencyId" label="customers.fields.agency" /> : null}
        </Box>
        <BooleanInput source="newsletter" label="customers.fields.newsletter" helperText="customers.help.newsletter" />
        {showNumbers ? (
          <Box sx={formRow}>
            <TextInput source="ratio_id" label="customers.fields.ratio_id" readOnly={variant === 'agency'} />
            <TextInput source="kuschick_id" label="customers.fields.kuschick_id" readOnly={variant === 'agency'} />
          </Box>
        ) : null}
      </TabbedForm.Tab>
      <TabbedForm.Tab label="customers.tabs.addresses">
        <Box sx={{ ...formRow, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <TextInput source="address" label="customers.fields.address" />
        </Box>
        <Box sx={{ ...formRow, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 3fr)' } }}>
          <TextInput source="zip" label="customers.fields.zip" />
          <TextInput source="city" label="customers.fields.city" />
        </Box>
        <Box sx={formRow}>
          <TextInput source="state" label="customers.fields.state" />
          <CountryInput source="country" label="customers.fields.country" />
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="customers.tabs.contacts">
        <ContactRowsInput />
      </TabbedForm.Tab>
      {extraTabs}
    </TabbedForm>
  );
}
