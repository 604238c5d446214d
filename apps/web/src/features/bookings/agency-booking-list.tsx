import { useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { BOOKING_STATUSES, type BookingSummary } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatDateTime, formatPrice } from '@tourdesk/contracts/format';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { BookingStatusChip } from '../../shared/booking-status.tsx';
import { RequireAgency } from '../../shared/own-agency.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { bookingPath } from './booking-logic.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** Agencies never see drafts or the processing status as such (the office's). */
const statusChoices = BOOKING_STATUSES.filter((status) => status !== 'draft').map((status) => ({
  id: status,
  name: `bookingStatus.${status}`,
}));

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bookings.list.searchHint')} />,
    <SelectInput key="status" source="status" label="bookings.fields.status" choices={statusChoices} />,
    <DateInput key="from" source="date_from.$gte" label="bookings.list.departureFrom" />,
    <DateInput key="till" source="date_from.$lte" label="bookings.list.departureTill" />,
  ];
}

function ListActions() {
  const mayCreate = useHasAnyPermission(['agencydata-create']);
  return (
    <TopToolbar>
      <FilterButton />
      {mayCreate ? (
        <Button component={Link} to="/agencies/booking" label="menu.items.agencyBook">
          <AddIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
}

const rowLink = (id: number | string) => bookingPath(id, 'overview', 'agency');

/** The option's deadline while the booking is an option, else nothing. */
const optionEnd = (record: BookingSummary) => (record.status === 'option' ? formatDateTime(record.option_until) : '');

/**
 * /agencies/vorgang: the agency's own bookings (GET /ratio_vorgang, scoped to the agency on the server) —
 * search, status and departure filters, status, option deadline, price and what is open.
 */
function AgencyBookings() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  return (
    <List
      resource="agencies/vorgang"
      filters={useFilters()}
      actions={<ListActions />}
      exporter={false}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('bookings.agency.title')}
    >
      {phone ? (
        <SimpleList<BookingSummary>
          primaryText={(record) => `${record.vorgangnr} · ${record.bookerName ?? ''}`}
          secondaryText={(record) =>
            [
              record.journeyTitle,
              formatDate(record.date_from),
              record.status === 'option'
                ? translate('bookings.agency.optionUntil', { date: formatDate(record.option_until) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(record) => translate(`bookingStatus.${record.status}`)}
          rowClick={(id) => rowLink(id)}
        />
      ) : (
        <DataTable rowClick={(id) => rowLink(id)} bulkActionButtons={false}>
          <DataTable.Col source="vorgangnr" label="bookings.fields.vorgangnr" />
          <DataTable.Col source="bookerName" label="bookings.fields.booker" />
          <DataTable.Col source="journeyTitle" label="bookings.fields.journey" />
          <DataTable.Col source="termincode" label="bookings.fields.termincode" sx={NO_WRAP} />
          <DataTable.Col
            source="date_from"
            label="bookings.fields.date_from"
            render={(record: BookingSummary) => formatDate(record.date_from)}
          />
          <DataTable.Col source="participants" label="bookings.fields.participantsShort" align="right" />
          <DataTable.Col
            source="status"
            label="bookings.fields.status"
            render={(record: BookingSummary) => <BookingStatusChip status={record.status} />}
          />
          <DataTable.Col source="option_until" label="bookings.fields.option_until" sx={NO_WRAP} render={optionEnd} />
          <DataTable.Col
            source="price"
            label="bookings.fields.price"
            align="right"
            sx={NO_WRAP}
            render={(record: BookingSummary) => formatPrice(record.price)}
          />
          <DataTable.Col
            source="open"
            label="bookings.fields.open"
            align="right"
            sx={NO_WRAP}
            disableSort
            render={(record: BookingSummary) => (record.open === undefined ? '' : formatPrice(record.open))}
          />
        </DataTable>
      )}
    </List>
  );
}

export function AgencyBookingList() {
  return <RequireAgency titleKey="bookings.agency.title">{() => <AgencyBookings />}</RequireAgency>;
}
