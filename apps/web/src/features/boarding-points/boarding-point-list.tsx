import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, type RaRecord } from 'react-admin';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { boardingPointExportColumns } from './boarding-point-export.ts';
import { useCountryCodeChoices } from './country-code-choices.ts';

const place = (record: RaRecord) => [record.zip, record.city].filter(Boolean).join(' ');
const street = (record: RaRecord) => [record.street, record.number].filter(Boolean).join(' ');

function CountryFilter(props: { source: string; label: string }) {
  const { choices, isPending } = useCountryCodeChoices();
  return <SelectInput {...props} choices={choices} isPending={isPending} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CountryFilter key="country" source="country" label="boardingPoints.fields.country" />,
];

/** /zustiege: search (name, street, zip, town), country filter, sort by name or place, CSV export. */
export function BoardingPointList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const exporter = useCsvExporter(boardingPointExportColumns);
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
          secondaryText={(record) => [street(record), place(record)].filter(Boolean).join(', ')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="boardingPoints.fields.name" />
          <DataTable.Col source="street" label="boardingPoints.fields.street" render={street} />
          <DataTable.Col source="zip" label="boardingPoints.fields.zip" />
          <DataTable.Col source="city" label="boardingPoints.fields.city" />
          <DataTable.Col source="country" label="boardingPoints.fields.country" />
        </DataTable>
      )}
    </List>
  );
}
