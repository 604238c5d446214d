import {
  ArrayInput,
  BooleanInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  useGetIdentity,
  useRecordContext,
  useTranslate,
  type TabbedFormProps,
} from 'react-admin';
import { Box } from '@mui/material';
import { EMAIL_TYPES, PHONE_TYPES } from '@tourdesk/contracts';
import { useSelectChoices } from '../../lib/settings.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { AgencyInput } from '../../shared/agency-input.tsx';

export type UserFormVariant = 'create' | 'edit' | 'profile';

const row = {
  display: 'grid',
  gap: { xs: 0, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  width: '100%',
  maxWidth: 760,
};

function ContactLists() {
  const translate = useTranslate();
  const phoneTypes = PHONE_TYPES.map((id) => ({ id, name: translate(`options.phoneTypes.${id}`) }));
  const emailTypes = EMAIL_TYPES.map((id) => ({ id, name: translate(`options.emailTypes.${id}`) }));
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <ArrayInput source="phones" label="users.sections.phones">
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="key"
            label="users.fields.contactType"
            choices={phoneTypes}
            defaultValue="phone-business"
          />
          <TextInput source="value" label="users.fields.phone" />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="emails" label="users.sections.emails">
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="key"
            label="users.fields.contactType"
            choices={emailTypes}
            defaultValue="email-business"
          />
          <TextInput source="value" label="users.fields.email" type="email" />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

/**
 * The user form of /users, /app/users and the profile: master data, person, address, contacts and login.
 * `kind` app asks for the ratio customer number; the profile hides what only administrators set.
 */
export function UserForm({
  variant,
  kind = 'staff',
  ...props
}: { variant: UserFormVariant; kind?: 'staff' | 'app' } & Omit<TabbedFormProps, 'children'>) {
  const sex = useSelectChoices('sex');
  const marital = useSelectChoices('marital');
  const administrative = variant !== 'profile';
  const { identity } = useGetIdentity();
  const record = useRecordContext(props);
  // Changing one's own password needs the current one (also when an administrator edits their own record).
  const ownAccount =
    variant === 'profile' || (variant === 'edit' && identity !== undefined && record?.id === identity.id);
  return (
    <TabbedForm
      warnWhenUnsavedChanges
      noValidate
      {...props}
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="users.tabs.master">
        <Box sx={row}>
          <TextInput source="firstname" label="users.fields.firstname" isRequired />
          <TextInput source="lastname" label="users.fields.lastname" isRequired />
        </Box>
        <Box sx={row}>
          <TextInput source="email" label="users.fields.loginEmail" type="email" isRequired />
          <TextInput source="username" label="users.fields.username" />
        </Box>
        {administrative ? (
          <>
            <Box sx={row}>
              <ReferenceInput source="role" reference="roles" sort={{ field: 'role', order: 'ASC' }} perPage={100}>
                <SelectInput optionText="role" label="users.fields.role" isRequired />
              </ReferenceInput>
              <TextInput source="status" label="users.fields.status" />
            </Box>
            {kind === 'staff' ? (
              <Box sx={row}>
                <AgencyInput source="agencyId" label="users.fields.agency" helperText="users.help.agency" />
              </Box>
            ) : null}
            <Box sx={row}>
              <TextInput source="ratio_id" label="users.fields.ratio_id" isRequired={kind === 'app'} />
              <TextInput source="kuschick_id" label="users.fields.kuschick_id" />
            </Box>
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
              <BooleanInput source="isActive" label="users.fields.isActive" defaultValue />
              <BooleanInput source="isDriver" label="users.fields.isDriver" />
            </Box>
          </>
        ) : null}
      </TabbedForm.Tab>
      <TabbedForm.Tab label="users.tabs.person">
        <Box sx={row}>
          <SelectInput source="sex" label="users.fields.sex" choices={sex} emptyText="options.none" />
          <SelectInput
            source="maritalstatus"
            label="users.fields.maritalstatus"
            choices={marital}
            emptyText="options.none"
          />
        </Box>
        <Box sx={row}>
          <DateInput source="birthday" label="users.fields.birthday" />
          <TextInput source="placeofbirth" label="users.fields.placeofbirth" />
        </Box>
        <Box sx={row}>
          <TextInput source="nationality" label="users.fields.nationality" />
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="users.tabs.address">
        <Box sx={{ ...row, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 3fr) minmax(0, 1fr)' } }}>
          <TextInput source="street" label="users.fields.street" />
          <TextInput source="number" label="users.fields.number" />
        </Box>
        <Box sx={{ ...row, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 3fr)' } }}>
          <TextInput source="zip" label="users.fields.zip" />
          <TextInput source="city" label="users.fields.city" />
        </Box>
        <Box sx={row}>
          <TextInput source="state" label="users.fields.state" />
          <TextInput source="country" label="users.fields.country" />
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="users.tabs.contacts">
        <ContactLists />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="users.tabs.login">
        <Box sx={row}>
          {ownAccount ? (
            <PasswordInput
              source="currentPassword"
              label="users.fields.currentPassword"
              autoComplete="current-password"
            />
          ) : null}
          <PasswordInput
            source="password"
            label={variant === 'create' ? 'users.fields.password' : 'users.fields.newPassword'}
            isRequired={variant === 'create'}
            autoComplete="new-password"
          />
          <PasswordInput
            source="passwordRepeat"
            label="users.fields.passwordRepeat"
            isRequired={variant === 'create'}
            autoComplete="new-password"
          />
        </Box>
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
