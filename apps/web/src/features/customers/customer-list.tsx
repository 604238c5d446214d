import { useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { AgencyInput } from '../../shared/agency-input.tsx';
import { customerTypeChoices } from './customer-form.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="customerType"
    source="customerType"
    label="customers.fields.customerType"
    choices={customerTypeChoices}
  />,
  <AgencyInput key="agencyId" source="agencyId" label="customers.fields.agency" />,
];

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const place = (record: RaRecord) => [record.zip, record.city].filter(Boolean).join(' ');
const contact = (record: RaRecord) => [record.phone, record.email].filter(Boolean).join(' · ');

/** /customers: search (names, address, numbers, contacts), type and agency filters, paging of 20 (or all). */
export function CustomerList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const typeLabel = (record: RaRecord) => translate(`customers.types.${record.customerType}`);
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => [place(record), contact(record)].filter(Boolean).join(' · ')}
          tertiaryText={typeLabel}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="customers.fields.name" />
          <DataTable.Col source="city" label="customers.fields.city" />
          <DataTable.Col source="phone" label="customers.fields.phone" disableSort sx={NO_WRAP} />
          <DataTable.Col source="email" label="customers.fields.email" disableSort />
          <DataTable.Col source="customerType" label="customers.fields.customerType" render={typeLabel} />
          <DataTable.Col source="agencyName" label="customers.fields.agency" disableSort />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

const toCustomer = (id: RaRecord['id']) => `/customers/${id}`;

/** /customers/drivers: the customers flagged as drivers; a driver is edited as the customer it is. */
export function DriverList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => [place(record), contact(record)].filter(Boolean).join(' · ')}
          rowClick={toCustomer}
        />
      ) : (
        <DataTable rowClick={toCustomer} bulkActionButtons={false}>
          <DataTable.Col source="name" label="customers.fields.name" />
          <DataTable.Col source="city" label="customers.fields.city" />
          <DataTable.Col source="phone" label="customers.fields.phone" disableSort sx={NO_WRAP} />
          <DataTable.Col source="email" label="customers.fields.email" disableSort />
          <DataTable.Col source="ratio_id" label="customers.fields.ratio_id" />
        </DataTable>
      )}
    </List>
  );
}
