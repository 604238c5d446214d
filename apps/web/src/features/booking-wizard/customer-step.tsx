import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import { bookerOf, emptyBooker, type WizardBooker } from './wizard-logic.ts';
import { useCustomerSearch } from './wizard-queries.ts';

const SALUTATIONS = [
  { id: 0, name: 'bookingWizard.salutations.0' },
  { id: 1, name: 'bookingWizard.salutations.1' },
  { id: 2, name: 'bookingWizard.salutations.2' },
];

/** Search a customer (lit-search: name, city, phone, e-mail, customer number) and take one as the booker. */
function CustomerSearch({ onChoose, autoFocus }: { onChoose: (customer: Customer) => void; autoFocus: boolean }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const found = useCustomerSearch(search);
  const rows = search.trim().length >= 2 ? (found.data?.data ?? []) : [];
  return (
    <Box>
      <TextField
        autoFocus={autoFocus}
        fullWidth
        size="small"
        label={translate('bookingWizard.customer.search')}
        helperText={translate('bookingWizard.customer.searchHelp')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter takes the only hit instead of submitting the step.
          if (event.key === 'Enter') {
            event.preventDefault();
            if (rows.length === 1) onChoose(rows[0]!);
          }
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {search.trim().length >= 2 && found.isSuccess && rows.length === 0 ? (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {translate('bookingWizard.customer.noHits', { search })}
        </Typography>
      ) : null}
      {found.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(found.error.message || 'error.unexpected')}
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <List dense aria-label={translate('bookingWizard.customer.hits')}>
          {rows.map((customer) => (
            <ListItem key={customer.id} disablePadding>
              <ListItemButton onClick={() => onChoose(customer)}>
                <ListItemText
                  primary={customer.name}
                  secondary={[
                    customer.ratio_id,
                    customer.zip && `${customer.zip} ${customer.city ?? ''}`,
                    customer.email,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}

/** The new customer's fields; the server files the customer with the booking. */
function NewCustomer() {
  return (
    <Stack spacing={0}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <SelectInput
          source="buchender.salutation"
          label="bookingWizard.fields.salutation"
          choices={SALUTATIONS}
          emptyText="options.none"
          sx={{ minWidth: 140 }}
        />
        <TextInput source="buchender.firstName" label="bookingWizard.fields.firstName" />
        <TextInput source="buchender.surname" label="bookingWizard.fields.surname" validate={required('error.empty')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TextInput source="buchender.street" label="bookingWizard.fields.street" />
        <TextInput source="buchender.zip" label="bookingWizard.fields.zip" sx={{ maxWidth: { sm: 120 } }} />
        <TextInput source="buchender.city" label="bookingWizard.fields.city" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <TextInput source="buchender.phone" label="bookingWizard.fields.phone" type="tel" />
        <TextInput source="buchender.email" label="bookingWizard.fields.email" type="email" />
      </Stack>
    </Stack>
  );
}

/** Step 1: who books — a customer found by search, or a new one typed here. */
export function CustomerStep({ autoFocus = true }: { autoFocus?: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const newBooker = useWatch({ name: 'newBooker' }) as boolean;
  const booker = useWatch({ name: 'buchender' }) as WizardBooker;
  const choose = (value: WizardBooker) => setValue('buchender', value, { shouldDirty: true });
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={newBooker ? 'new' : 'search'}
        aria-label={translate('bookingWizard.customer.mode')}
        onChange={(_event, mode: string | null) => {
          if (!mode) return;
          setValue('newBooker', mode === 'new', { shouldDirty: true });
          choose(emptyBooker());
        }}
      >
        <ToggleButton value="search">{translate('bookingWizard.customer.searchMode')}</ToggleButton>
        <ToggleButton value="new">{translate('bookingWizard.customer.newMode')}</ToggleButton>
      </ToggleButtonGroup>
      {newBooker ? (
        <NewCustomer />
      ) : booker.id_vc_card ? (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" onClick={() => choose(emptyBooker())}>
              {translate('bookingWizard.customer.change')}
            </Button>
          }
        >
          {translate('bookingWizard.customer.chosen', { name: booker.label ?? '' })}
        </Alert>
      ) : (
        <CustomerSearch autoFocus={autoFocus} onChoose={(customer) => choose(bookerOf(customer))} />
      )}
    </Stack>
  );
}
