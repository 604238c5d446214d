import {
  DataTable,
  ReferenceManyField,
  SimpleList,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  type TabbedFormProps,
} from 'react-admin';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { CountryInput } from '../../ui/country-input.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { ContactRowsInput } from '../../shared/contact-rows-input.tsx';
import { formRow } from '../../shared/form-row.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import {
  AgencyBookingsTab,
  AgencyCommissionTab,
  AgencyInvoicesTab,
  AgencyRatesTab,
  MONEY_TAB_PATHS,
} from './agency-money-tabs.tsx';

export const AGENCY_PAGE_SIZES = [10, 25, 50, 100];

/** Name, note, address and contacts of an agency (the admin's form; agency users edit address and contacts only). */
export function AgencyMasterData({ nameAndNote = true }: { nameAndNote?: boolean }) {
  return (
    <>
      {nameAndNote ? (
        <>
          <Box sx={{ ...formRow, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <TextInput source="name" label="agencies.fields.name" isRequired />
          </Box>
          <Box sx={{ ...formRow, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <TextInput source="note" label="agencies.fields.note" multiline minRows={2} />
          </Box>
        </>
      ) : null}
      <Box sx={{ ...formRow, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <TextInput source="address" label="agencies.fields.address" />
      </Box>
      <Box sx={{ ...formRow, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 3fr)' } }}>
        <TextInput source="zip" label="agencies.fields.zip" />
        <TextInput source="city" label="agencies.fields.city" />
      </Box>
      <Box sx={formRow}>
        <CountryInput source="country" label="agencies.fields.country" />
      </Box>
      <ContactRowsInput />
    </>
  );
}

const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

function AgencyUsers() {
  const phone = usePhone();
  return (
    <ReferenceManyField
      reference="users"
      target="agencyId"
      sort={{ field: 'lastname', order: 'ASC' }}
      perPage={100}
      empty="agencies.noUsers"
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => `${record.lastname}, ${record.firstname}`}
          secondaryText={(record) => record.email}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false} sx={{ width: '100%' }}>
          <DataTable.Col source="lastname" label="users.fields.lastname" />
          <DataTable.Col source="firstname" label="users.fields.firstname" />
          <DataTable.Col source="email" label="users.fields.loginEmail" />
          <DataTable.Col source="roleName" label="users.fields.role" disableSort />
        </DataTable>
      )}
    </ReferenceManyField>
  );
}

function AgencyCustomers() {
  const phone = usePhone();
  return (
    <ReferenceManyField
      reference="customers"
      target="agencyId"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination sizes={AGENCY_PAGE_SIZES} />}
      empty="agencies.noCustomers"
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => [record.city, record.phone].filter(Boolean).join(' · ')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false} sx={{ width: '100%' }}>
          <DataTable.Col source="name" label="customers.fields.name" />
          <DataTable.Col source="city" label="customers.fields.city" />
          <DataTable.Col source="phone" label="customers.fields.phone" disableSort />
          <DataTable.Col source="email" label="customers.fields.email" disableSort />
        </DataTable>
      )}
    </ReferenceManyField>
  );
}

/**
 * /agencies/create and /agencies/{id}: master data; on edit also the agency's users and customers, its bookings,
 * commission rates, commission statement and collective invoices (these four are no part of the form: its toolbar
 * hides there).
 */
export function AgencyForm({ editing, ...props }: { editing: boolean } & Omit<TabbedFormProps, 'children'>) {
  const { pathname } = useLocation();
  const seesBookings = useHasAnyPermission(['vorgang-read']);
  const onMoneyTab = MONEY_TAB_PATHS.some((path) => pathname.endsWith(`/${path}`));
  return (
    <TabbedForm
      warnWhenUnsavedChanges
      noValidate
      {...props}
      {...(onMoneyTab ? { toolbar: false } : {})}
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab label="agencies.tabs.master">
        <AgencyMasterData />
      </TabbedForm.Tab>
      {editing ? (
        <TabbedForm.Tab label="agencies.tabs.users">
          <AgencyUsers />
        </TabbedForm.Tab>
      ) : null}
      {editing ? (
        <TabbedForm.Tab label="agencies.tabs.customers">
          <AgencyCustomers />
        </TabbedForm.Tab>
      ) : null}
      {editing && seesBookings ? (
        <TabbedForm.Tab label="agencies.tabs.bookings" path="bookings">
          <AgencyBookingsTab />
        </TabbedForm.Tab>
      ) : null}
      {editing ? (
        <TabbedForm.Tab label="agencies.tabs.commissionRates" path="commission-rates">
          <AgencyRatesTab />
        </TabbedForm.Tab>
      ) : null}
      {editing ? (
        <TabbedForm.Tab label="agencies.tabs.commission" path="commission">
          <AgencyCommissionTab />
        </TabbedForm.Tab>
      ) : null}
      {editing ? (
        <TabbedForm.Tab label="agencies.tabs.collectiveInvoices" path="collective-invoices">
          <AgencyInvoicesTab />
        </TabbedForm.Tab>
      ) : null}
    </TabbedForm>
  );
}
