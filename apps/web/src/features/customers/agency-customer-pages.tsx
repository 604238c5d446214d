import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Create,
  CreateButton,
  DataTable,
  Edit,
  Labeled,
  List,
  SearchInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { DateTextField } from '../../ui/formatted-fields.tsx';
import { CustomerForm } from '../../shared/customer-form.tsx';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { createCustomerResolver, updateCustomerResolver } from '../../shared/customer-validation.ts';
import { RequireAgency } from '../../shared/own-agency.tsx';

const RESOURCE = 'agencies/customers';
const TITLE = 'menu.items.agencyCustomers';

/** The booking system pages 150 at a time (spec §9). */
const PAGE_SIZES = [50, 150, 500];

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/**
 * Nine columns are wider than a laptop screen: the table scrolls inside a box of the window's height (the
 * header stays, the horizontal scroll bar is in view), the page keeps its width.
 */
const SCROLL_WIDE_TABLE = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflow: 'auto', maxHeight: 'calc(100dvh - 220px)' },
} as const;

const place = (record: RaRecord) => [record.plz, record.ort].filter(Boolean).join(' ');

/** /agencies/customers: the own agency's customers as the booking system's agency call lists them. */
export function AgencyCustomerList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const rowClick = canEdit ? 'edit' : 'show';
  return (
    <RequireAgency titleKey={TITLE}>
      {(agencyId) => (
        <List
          title={translate(TITLE)}
          filter={{ getCustomersFor: agencyId }}
          filters={[<SearchInput key="q" source="q" alwaysOn />]}
          perPage={150}
          pagination={<ListPagination sizes={PAGE_SIZES} />}
          actions={
            <TopToolbar>
              <CreateButton label="agencies.actions.newCustomer" />
            </TopToolbar>
          }
          empty={false}
          sx={SCROLL_WIDE_TABLE}
        >
          {phone ? (
            <SimpleList
              primaryText={(record) => record.name}
              secondaryText={(record) => [place(record), record.telefon].filter(Boolean).join(' · ')}
              tertiaryText={(record) => record.kennziffer}
              rowClick={rowClick}
            />
          ) : (
            <DataTable rowClick={rowClick} bulkActionButtons={false}>
              <DataTable.Col source="kennziffer" label="agencies.customerFields.kennziffer" disableSort sx={NO_WRAP} />
              <DataTable.Col source="name" label="agencies.customerFields.name" disableSort sx={NO_WRAP} />
              <DataTable.Col source="ort" label="agencies.customerFields.ort" disableSort />
              <DataTable.Col source="telefon" label="agencies.customerFields.telefon" disableSort sx={NO_WRAP} />
              <DataTable.Col source="email" label="agencies.customerFields.email" disableSort />
              <DataTable.Col label="agencies.customerFields.geburtstag" disableSort sx={NO_WRAP}>
                <DateTextField source="geburtstag" />
              </DataTable.Col>
              <DataTable.Col label="agencies.customerFields.erfasst_am" disableSort sx={NO_WRAP}>
                <DateTextField source="erfasst_am" />
              </DataTable.Col>
              <DataTable.Col label="agencies.customerFields.bearbeitet" disableSort sx={NO_WRAP}>
                <DateTextField source="bearbeitet" />
              </DataTable.Col>
              <DataTable.Col label="agencies.customerFields.pass_gueltig_bis" disableSort sx={NO_WRAP}>
                <DateTextField source="pass_gueltig_bis" />
              </DataTable.Col>
            </DataTable>
          )}
        </List>
      )}
    </RequireAgency>
  );
}

const customerName = (record: RaRecord) => String(record.name);

/** /agencies/customers/create: a new customer of the own agency (the server files it under the agency). */
export function AgencyCustomerCreate() {
  const saved = useSavedNotice('customers.notifications.saved', customerName, 'edit');
  return (
    <RequireAgency titleKey={TITLE}>
      {() => (
        <Create mutationOptions={saved} mutationMode="pessimistic">
          <CustomerForm variant="agency" resolver={createCustomerResolver} />
        </Create>
      )}
    </RequireAgency>
  );
}

/** /agencies/customers/{id}: one of the own agency's customers (another agency's is "not found"). */
export function AgencyCustomerEdit() {
  const saved = useSavedNotice('customers.notifications.saved', customerName);
  return (
    <RequireAgency titleKey={TITLE}>
      {() => (
        <Edit mutationMode="pessimistic" mutationOptions={saved} actions={false}>
          <CustomerForm variant="agency" resolver={updateCustomerResolver} toolbar={<SaveDeleteToolbar />} />
        </Edit>
      )}
    </RequireAgency>
  );
}

function ContactValues({ source }: { source: 'phones' | 'emails' }) {
  const record = useRecordContext();
  const rows = (record?.[source] as Array<{ value: string }> | undefined) ?? [];
  const values = rows.map((row) => row.value).filter(Boolean);
  return (
    <Typography component="span" variant="body2">
      {values.join(', ')}
    </Typography>
  );
}

/** /agencies/customers/{id}/show: the same customer for agency users who may only read. */
export function AgencyCustomerShow() {
  return (
    <RequireAgency titleKey={TITLE}>
      {() => (
        <Show>
          <SimpleShowLayout>
            <TextField source="name" label="customers.fields.name" />
            <DateTextField source="birthday" label="customers.fields.birthday" />
            <TextField source="address" label="customers.fields.address" emptyText="–" />
            <TextField source="zip" label="customers.fields.zip" emptyText="–" />
            <TextField source="city" label="customers.fields.city" emptyText="–" />
            <TextField source="country" label="customers.fields.country" emptyText="–" />
            <Labeled label="customers.sections.phones">
              <ContactValues source="phones" />
            </Labeled>
            <Labeled label="customers.sections.emails">
              <ContactValues source="emails" />
            </Labeled>
            <TextField source="ratio_id" label="customers.fields.ratio_id" emptyText="–" />
          </SimpleShowLayout>
        </Show>
      )}
    </RequireAgency>
  );
}
