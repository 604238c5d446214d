import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, SimpleList, TopToolbar, type RaRecord } from 'react-admin';
import { ListPagination } from '../../ui/list-pagination.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const place = (record: RaRecord) => [record.zip, record.city].filter(Boolean).join(' ');
const contact = (record: RaRecord) => [record.phone, record.email].filter(Boolean).join(' · ');

/** /customers/drivers: the customers flagged as drivers; a row opens the driver with its login. */
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
          rowClick="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
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
