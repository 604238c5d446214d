import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { CopyButton } from '../../ui/copy-button.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { AgencyInput } from '../../shared/agency-input.tsx';
import { customerExportColumns } from './customer-export.ts';
import { customerTypeChoices } from '../../shared/customer-choices.ts';

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
  const exporter = useCsvExporter(customerExportColumns);
  return (
    <List
      filters={filters}
      exporter={exporter}
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
          <DataTable.Col source="phone" label="customers.fields.phone" sx={NO_WRAP} />
          <DataTable.Col source="email" label="customers.fields.email" />
          <DataTable.Col source="customerType" label="customers.fields.customerType" render={typeLabel} />
          <DataTable.Col source="agencyName" label="customers.fields.agency" />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
