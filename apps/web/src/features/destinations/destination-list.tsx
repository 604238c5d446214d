import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import type { Destination } from '@tourdesk/contracts/destinations.schema';
import { ActiveChip, activeChoices } from '../../shared/active-state.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { labelCell, useCsvExporter, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { useCountryIdChoices } from './country-id-choices.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    label="destinations.fields.active"
    choices={activeChoices('destinations.active')}
  />,
];

/** /internet/destinations: search, filter active/inactive, sort by name or number of trips, CSV export. */
export function DestinationList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const { choices } = useCountryIdChoices();
  const countryNames = (record: RaRecord) =>
    ((record.countries as number[] | undefined) ?? [])
      .map((id) => choices.find((choice) => choice.id === id)?.name ?? String(id))
      .join(', ');
  const exportColumns: Array<CsvColumn<Destination>> = [
    { label: 'destinations.fields.id', value: (record) => record.id },
    { label: 'destinations.fields.name', value: (record) => record.name },
    {
      label: 'destinations.fields.active',
      value: (record, t) => labelCell(t, 'destinations.active', String(record.active)),
    },
    { label: 'destinations.fields.countries', value: (record) => countryNames(record) },
    { label: 'destinations.fields.seo_title', value: (record) => record.seo_title },
    { label: 'destinations.fields.seo_description', value: (record) => record.seo_description },
    { label: 'destinations.fields.journey_count', value: (record) => record.journey_count },
  ];
  const exporter = useCsvExporter(exportColumns);
  const trips = (record: RaRecord) => translate('destinations.journeys', { smart_count: record.journey_count ?? 0 });
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
          secondaryText={(record) => [countryNames(record), trips(record)].filter(Boolean).join(' · ')}
          tertiaryText={(record) => translate(`destinations.active.${String(record.active)}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" label="destinations.fields.name" />
          <DataTable.Col source="countries" label="destinations.fields.countries" render={countryNames} disableSort />
          <DataTable.Col
            source="active"
            label="destinations.fields.active"
            render={(record) => <ActiveChip active={record.active} prefix="destinations.active" />}
          />
          <DataTable.NumberCol source="journey_count" label="destinations.fields.journey_count" />
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
