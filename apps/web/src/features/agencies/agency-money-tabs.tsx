import type { KeyboardEvent, ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, NumberField, ReferenceManyField, SimpleList, useRecordContext } from 'react-admin';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import type { BookingStatus } from '@tourdesk/contracts/bookings.schema';
import { DateTextField, PriceField } from '../../ui/formatted-fields.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { BookingStatusChip } from '../../shared/booking-status.tsx';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { CollectiveInvoicesView } from './collective-invoices.tsx';
import { CommissionRatesEditor } from './commission-rates-editor.tsx';
import { CommissionStatementView } from './commission-statement.tsx';

/** The tabs of the agency page that are no part of its form, by their path (the form's toolbar hides there). */
export const MONEY_TAB_PATHS = ['bookings', 'commission-rates', 'commission', 'collective-invoices'] as const;

/**
 * These tabs live inside the agency's form: Enter in one of their fields must not submit the agency's master data.
 */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
};

function OutsideForm({ children }: { children: ReactNode }) {
  return (
    <Box onKeyDown={keepEnter} sx={{ width: '100%' }}>
      {children}
    </Box>
  );
}

const useAgency = () => {
  const record = useRecordContext();
  return record ? { id: Number(record.id), name: String(record.name ?? '') } : null;
};

/** The agency's bookings (GET /ratio_vorgang?agencyId=), newest first; a row opens the booking. */
export function AgencyBookingsTab() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <ReferenceManyField
      reference="vorgang"
      target="agencyId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination sizes={[10, 25, 50, 100]} />}
      empty="agencies.noBookings"
    >
      {phone ? (
        <SimpleList
          primaryText={(record) => `${record.vorgangnr} · ${record.journeyTitle}`}
          secondaryText={(record) =>
            [formatDate(record.date_from), record.bookerName, formatPrice(record.price)].filter(Boolean).join(' · ')
          }
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false} sx={{ width: '100%' }}>
          <DataTable.Col source="vorgangnr" label="agencies.commission.booking" />
          <DataTable.Col source="journeyTitle" label="agencies.commission.journey" />
          <DataTable.Col source="date_from" label="agencies.commission.departure" field={DateTextField} />
          <DataTable.Col source="bookerName" label="agencies.commission.booker" disableSort />
          <DataTable.Col
            source="status"
            label="agencies.commission.status"
            render={(record) => <BookingStatusChip status={record.status as BookingStatus} />}
          />
          <DataTable.Col source="participants" label="agencies.bookingFields.participants" field={NumberField} />
          <DataTable.Col source="price" label="agencies.bookingFields.price" field={PriceField} />
        </DataTable>
      )}
    </ReferenceManyField>
  );
}

export function AgencyRatesTab() {
  const agency = useAgency();
  const canEdit = useHasAnyPermission(['admin']);
  if (!agency) return null;
  return (
    <OutsideForm>
      <CommissionRatesEditor agencyId={agency.id} agencyName={agency.name} canEdit={canEdit} />
    </OutsideForm>
  );
}

export function AgencyCommissionTab() {
  const agency = useAgency();
  if (!agency) return null;
  return (
    <OutsideForm>
      <CommissionStatementView agencyId={agency.id} own={false} />
    </OutsideForm>
  );
}

export function AgencyInvoicesTab() {
  const agency = useAgency();
  const canCreate = useHasAnyPermission(['vorgang-create']);
  if (!agency) return null;
  return (
    <OutsideForm>
      <CollectiveInvoicesView agencyId={agency.id} agencyName={agency.name} canCreate={canCreate} />
    </OutsideForm>
  );
}
