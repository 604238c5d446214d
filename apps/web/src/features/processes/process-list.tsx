import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { PROCESS_STATUSES, type BookingStatus } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import type { Process } from '@tourdesk/contracts/processes.schema';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { BookingStatusChip } from '../../shared/booking-status.tsx';
import { dateCell, labelCell, useCsvExporter, type CsvColumn } from '../../ui/csv-export.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const statusChoices = PROCESS_STATUSES.map((status) => ({ id: status, name: `processes.statuses.${status}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label="processes.fields.status" choices={statusChoices} />,
];

const euro = (value: number) => value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A row as react-admin holds it: `id` is the process number. */
type ProcessRow = Process & { id: Identifier };

const exportColumns: Array<CsvColumn<ProcessRow>> = [
  { label: 'processes.fields.id_pc_process', value: (record) => record.id_pc_process },
  { label: 'processes.fields.invoice_id', value: (record) => record.invoice_id },
  { label: 'processes.fields.name', value: (record) => record.name },
  { label: 'processes.fields.booker', value: (record) => record.vc_card_booker.name },
  { label: 'processes.fields.status', value: (record, t) => labelCell(t, 'bookingStatus', record.bookingStatus) },
  { label: 'processes.fields.date_from', value: (record) => dateCell(record.date_from) },
  { label: 'processes.fields.total', value: (record) => euro(record.total) },
  { label: 'processes.fields.open', value: (record) => euro(record.open) },
];

/**
 * /process: the bookings seen commercially (GET /process-lit) — number, invoice number, booker, status and
 * money; a row opens the booking, and a user with process-delete may delete a process (the booking).
 */
export function ProcessList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const mayOpen = useHasAnyPermission(['vorgang-read']);
  const mayDelete = useHasAnyPermission(['process-delete']);
  const exporter = useCsvExporter(exportColumns);
  const rowLink = mayOpen ? (id: Identifier) => `/vorgang/${id}` : false;
  return (
    <List
      resource="process"
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
      exporter={exporter}
      sort={{ field: 'invoice_id', order: 'DESC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('processes.title')}
    >
      {phone ? (
        <SimpleList<ProcessRow>
          primaryText={(record) => `${record.id_pc_process} · ${record.vc_card_booker.name ?? ''}`}
          secondaryText={(record) => [record.invoice_id, record.name].filter(Boolean).join(' · ')}
          tertiaryText={(record) => translate(`bookingStatus.${record.bookingStatus}`, { _: record.status })}
          rowClick={rowLink}
        />
      ) : (
        <DataTable rowClick={rowLink} bulkActionButtons={false}>
          <DataTable.Col source="id_pc_process" label="processes.fields.id_pc_process" />
          <DataTable.Col source="invoice_id" label="processes.fields.invoice_id" sx={NO_WRAP} />
          <DataTable.Col source="name" label="processes.fields.name" />
          <DataTable.Col source="vc_card_booker.name" label="processes.fields.booker" />
          <DataTable.Col
            source="status"
            label="processes.fields.status"
            render={(record: ProcessRow) => <BookingStatusChip status={record.bookingStatus as BookingStatus} />}
          />
          <DataTable.Col
            source="date_from"
            label="processes.fields.date_from"
            render={(record: ProcessRow) => formatDate(record.date_from)}
          />
          <DataTable.Col
            source="total"
            label="processes.fields.total"
            align="right"
            sx={NO_WRAP}
            render={(record: ProcessRow) => formatPrice(record.total)}
          />
          <DataTable.Col
            source="open"
            label="processes.fields.open"
            align="right"
            sx={NO_WRAP}
            render={(record: ProcessRow) => formatPrice(record.open)}
          />
          {mayDelete ? (
            <DataTable.Col label="" disableSort>
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                confirmTitle="processes.delete.title"
                confirmContent="processes.delete.content"
              />
            </DataTable.Col>
          ) : null}
        </DataTable>
      )}
    </List>
  );
}
