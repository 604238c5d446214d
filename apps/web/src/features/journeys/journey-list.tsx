import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatDate } from '@tourdesk/contracts/format';
import { CopyButton } from '../../ui/copy-button.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { DateTextField } from '../../ui/formatted-fields.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { BookableChip, CatalogStateChip, OnlineChip } from './journey-chips.tsx';
import { bookableChoices, catalogStateChoices, onlineChoices } from './journey-choices.ts';
import { journeyExportColumns } from './journey-export.ts';
import { CategoryInput, DestinationInput, OrganizationInput } from './journey-ref-inputs.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CategoryInput key="category" source="category" label="journeys.fields.category" />,
  <DestinationInput key="destination" source="destination" label="journeys.fields.destination" />,
  <SelectInput
    key="catalog_state"
    source="catalog_state"
    label="journeys.fields.catalog_state"
    choices={catalogStateChoices}
  />,
  <SelectInput key="bookable" source="bookable" label="journeys.fields.bookable" choices={bookableChoices} />,
  <SelectInput key="online" source="online" label="journeys.fields.online" choices={onlineChoices} />,
  <OrganizationInput key="organization" source="organization" label="journeys.fields.organization" />,
];

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const TITLE_WIDTH = { minWidth: 220 } as const;
/** Ten columns are wider than a laptop screen: the table scrolls in its box, the page keeps its width. */
const SCROLL_WIDE_TABLE = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
} as const;

/** Title with the subtitle below it in a smaller grey line. */
function TitleCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {record.title}
      </Typography>
      {record.subtitle ? (
        <Typography variant="caption" color="text.secondary">
          {record.subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}

const nextDateText = (record: RaRecord) => (record.nextDate ? formatDate(record.nextDate as string) : '');

/**
 * /internet/journeys: search (title, subtitle, code, destination, category), a filter for every state and
 * reference, sort by every column, CSV export; on a phone a compact card list.
 */
export function JourneyList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(journeyExportColumns);
  return (
    <List
      filters={filters}
      exporter={exporter}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      sx={SCROLL_WIDE_TABLE}
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            [record.code, nextDateText(record), record.destinationName].filter(Boolean).join(' · ')
          }
          tertiaryText={(record) => translate(`journeys.bookableStates.${record.bookable}`)}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" label="journeys.fields.title" sx={TITLE_WIDTH}>
            <TitleCell />
          </DataTable.Col>
          <DataTable.Col source="code" label="journeys.fields.code" sx={NO_WRAP} />
          <DataTable.Col source="categoryName" label="journeys.fields.category" />
          <DataTable.Col source="destinationName" label="journeys.fields.destination" />
          <DataTable.Col source="nextDate" label="journeys.fields.nextDate" sx={NO_WRAP}>
            <DateTextField source="nextDate" />
          </DataTable.Col>
          <DataTable.NumberCol source="dateCount" label="journeys.fields.dateCount" />
          <DataTable.Col source="catalog_state" label="journeys.fields.catalog_state">
            <CatalogStateChip />
          </DataTable.Col>
          <DataTable.Col source="bookable" label="journeys.fields.bookable">
            <BookableChip />
          </DataTable.Col>
          <DataTable.Col source="online" label="journeys.fields.online">
            <OnlineChip />
          </DataTable.Col>
          <DataTable.Col label="" disableSort>
            <CopyButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
