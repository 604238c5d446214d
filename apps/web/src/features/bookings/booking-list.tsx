import { useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import {
  AutocompleteInput,
  Button,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useGetIdentity,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { BOOKING_STATUSES, type BookingSummary } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { AgencyInput, useAgencyChoices } from '../../shared/agency-input.tsx';
import { BookingStatusChip } from '../../shared/booking-status.tsx';
import { useCsvExporter } from '../../ui/csv-export.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { bookingExportColumns } from './booking-export.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const statusChoices = BOOKING_STATUSES.map((status) => ({ id: status, name: `bookingStatus.${status}` }));

function useFilters() {
  const mayReadTrips = useHasAnyPermission(['internet-read']);
  const mayReadUsers = useHasAnyPermission(['user-read']);
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('bookings.list.searchHint')} />,
    <SelectInput key="status" source="status" label="bookings.fields.status" choices={statusChoices} />,
    <DateInput key="from" source="date_from.$gte" label="bookings.list.departureFrom" />,
    <DateInput key="till" source="date_from.$lte" label="bookings.list.departureTill" />,
    ...(mayReadTrips
      ? [
          <ReferenceInput key="journey" source="id_jrn_journey" reference="internet/journeys">
            <AutocompleteInput label="bookings.fields.journey" optionText="title" filterToQuery={(q) => ({ q })} />
          </ReferenceInput>,
        ]
      : []),
    <AgencyInput key="agencyId" source="agencyId" label="bookings.fields.agency" />,
    mayReadUsers ? (
      <ReferenceInput key="createdBy" source="createdBy" reference="users">
        <AutocompleteInput
          label="bookings.fields.createdBy"
          optionText={(user: RaRecord) => [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email}
          filterToQuery={(q) => ({ q })}
        />
      </ReferenceInput>
    ) : (
      <SelectInput
        key="createdBy"
        source="createdBy"
        label="bookings.fields.createdBy"
        choices={identity ? [{ id: identity.id, name: 'bookings.list.createdByMe' }] : []}
      />
    ),
  ];
}

function ListActions() {
  const mayCreate = useHasAnyPermission(['vorgang-create']);
  return (
    <TopToolbar>
      <FilterButton />
      {mayCreate ? (
        <Button component={Link} to="/vorgang/create" label="bookings.list.create">
          <AddIcon />
        </Button>
      ) : null}
      <Button component={Link} to="/vorgang/open-items" label="bookings.openItems.title">
        <PendingActionsIcon />
      </Button>
      <ExportButton />
    </TopToolbar>
  );
}

/** Who may read the agencies' names (GET /organization-all); others see the agency's number. */
const AGENCY_NAME_READERS = ['admin', 'user-read', 'customers-read'] as const;

/** The booking's agency by name ("–" for the office's own bookings). */
function useAgencyName() {
  const mayRead = useHasAnyPermission(AGENCY_NAME_READERS);
  const { data } = useAgencyChoices(mayRead);
  const names = new Map((data ?? []).map((agency) => [agency.id, agency.name]));
  return (record: BookingSummary) =>
    record.agencyId == null ? '–' : (names.get(record.agencyId) ?? `#${record.agencyId}`);
}

/**
 * /vorgang: every booking the user may see — search (number, booker, participant, journey, termincode),
 * filters for status, departure range, journey, agency and who booked, the agency of each booking, CSV export,
 * a compact list on phones.
 */
export function BookingList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const exporter = useCsvExporter(bookingExportColumns);
  const filters = useFilters();
  const agencyName = useAgencyName();
  return (
    <List
      resource="vorgang"
      filters={filters}
      actions={<ListActions />}
      exporter={exporter}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={20}
      pagination={<ListPagination />}
      empty={false}
      title={translate('bookings.list.title')}
    >
      {phone ? (
        <SimpleList<BookingSummary>
          primaryText={(record) => `${record.vorgangnr} · ${record.bookerName ?? ''}`}
          secondaryText={(record) => `${record.journeyTitle} · ${formatDate(record.date_from)}`}
          tertiaryText={(record) =>
            [translate(`bookingStatus.${record.status}`), record.agencyId == null ? null : agencyName(record)]
              .filter(Boolean)
              .join(' · ')
          }
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="vorgangnr" label="bookings.fields.vorgangnr" />
          <DataTable.Col source="bookerName" label="bookings.fields.booker" />
          <DataTable.Col source="agencyId" label="bookings.fields.agency" render={agencyName} />
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
            render={(record: BookingSummary) => (record.open === undefined ? '' : formatPrice(record.open))}
          />
        </DataTable>
      )}
    </List>
  );
}
