import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { MAX_DUNNING_LEVEL, type OpenItem } from '@tourdesk/contracts/payments.schema';
import { AgencyInput } from '../../shared/agency-input.tsx';
import { useCsvExporter, dateCell, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const levelChoices = Array.from({ length: MAX_DUNNING_LEVEL + 1 }, (_, level) => ({
  id: level,
  name: String(level),
}));

const filters = [
  <BooleanInput key="overdue" source="overdue" label="bookings.openItems.overdueOnly" alwaysOn />,
  <AgencyInput key="agencyId" source="agencyId" label="bookings.fields.agency" />,
  <SelectInput
    key="dunningLevel"
    source="dunningLevel"
    label="bookings.fields.dunningLevel"
    choices={levelChoices}
    translateChoice={false}
  />,
];

const euro = (value: number) => value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const exportColumns: Array<CsvColumn<OpenItem>> = [
  { label: 'bookings.fields.vorgangnr', value: (record) => record.vorgangnr },
  { label: 'bookings.fields.booker', value: (record) => record.bookerName },
  { label: 'bookings.fields.journey', value: (record) => record.journeyTitle },
  { label: 'bookings.fields.termincode', value: (record) => record.termincode },
  { label: 'bookings.fields.date_from', value: (record) => dateCell(record.date_from) },
  { label: 'bookings.fields.price', value: (record) => euro(record.total) },
  { label: 'bookings.fields.paid', value: (record) => euro(record.paid) },
  { label: 'bookings.fields.open', value: (record) => euro(record.open) },
  { label: 'bookings.openItems.nextDueDate', value: (record) => dateCell(record.nextDueDate) },
  { label: 'bookings.fields.dunningLevel', value: (record) => record.dunningLevel },
];

/** /vorgang/open-items: holding bookings with money open, next due date first; "overdue only" for the dunning run. */
export function OpenItemsPage() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(exportColumns);
  const rowLink = (id: Identifier) => `/vorgang/${id}/payments`;
  return (
    <List
      resource="vorgang/open-items"
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
      exporter={exporter}
      sort={{ field: 'nextDueDate', order: 'ASC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('bookings.openItems.title')}
    >
      {phone ? (
        <SimpleList<OpenItem>
          primaryText={(record) => `${record.vorgangnr} · ${record.bookerName ?? ''}`}
          secondaryText={(record) =>
            `${translate('bookings.fields.open')}: ${formatPrice(record.open)} · ${formatDate(record.nextDueDate)}`
          }
          tertiaryText={(record) => (record.overdue ? translate('bookings.payments.overdue') : '')}
          rowClick={rowLink}
        />
      ) : (
        <DataTable rowClick={rowLink} bulkActionButtons={false}>
          <DataTable.Col source="vorgangnr" label="bookings.fields.vorgangnr" />
          <DataTable.Col source="bookerName" label="bookings.fields.booker" />
          <DataTable.Col source="journeyTitle" label="bookings.fields.journey" />
          <DataTable.Col
            source="date_from"
            label="bookings.fields.date_from"
            render={(record: OpenItem) => formatDate(record.date_from)}
          />
          <DataTable.Col
            source="total"
            label="bookings.fields.price"
            align="right"
            sx={NO_WRAP}
            render={(record: OpenItem) => formatPrice(record.total)}
          />
          <DataTable.Col
            source="open"
            label="bookings.fields.open"
            align="right"
            sx={NO_WRAP}
            render={(record: OpenItem) => formatPrice(record.open)}
          />
          <DataTable.Col
            source="nextDueDate"
            label="bookings.openItems.nextDueDate"
            render={(record: OpenItem) =>
              `${formatDate(record.nextDueDate)}${record.overdue ? ` · ${translate('bookings.payments.overdue')}` : ''}`
            }
          />
          <DataTable.Col source="dunningLevel" label="bookings.fields.dunningLevel" align="right" />
        </DataTable>
      )}
    </List>
  );
}
