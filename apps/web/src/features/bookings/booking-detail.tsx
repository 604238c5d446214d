import { Alert, Box, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { Link, useParams } from 'react-router-dom';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { BookingStatusChip } from '../../shared/booking-status.tsx';
import { RequireAgency } from '../../shared/own-agency.tsx';
import { BookingDocumentsTab } from './booking-documents-tab.tsx';
import { BookingHistoryTab, BookingMailsTab } from './booking-log-tabs.tsx';
import { BOOKING_TABS, bookingPath, tabOf, type BookingMode, type BookingTab } from './booking-logic.ts';
import { BookingOverviewTab } from './booking-overview-tab.tsx';
import { BookingParticipantsTab, BookingSeatsTab } from './booking-participants-tab.tsx';
import { BookingPaymentsTab } from './booking-payments-tab.tsx';
import { useBooking } from './booking-queries.ts';

/** Number, status, trip, booker and money at a glance, above every tab. */
function BookingHeader({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate('bookings.detail.heading', { nr: booking.vorgangnr })}
          </Typography>
          <Box>
            <BookingStatusChip status={booking.status} />
          </Box>
        </Stack>
        <Typography>
          {booking.journeyTitle} · {booking.termincode}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(booking.date_from)} – {formatDate(booking.date_till)}
          {booking.buchender ? ` · ${booking.buchender.name}` : ''}
        </Typography>
        <Stack direction="row" spacing={3} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="body2">
            {translate('bookings.fields.price')}: <strong>{formatPrice(booking.price)}</strong>
          </Typography>
          <Typography variant="body2">
            {translate('bookings.fields.paid')}: {formatPrice(booking.paid)}
          </Typography>
          <Typography variant="body2" color={booking.open > 0 ? 'warning.main' : undefined}>
            {translate('bookings.fields.open')}: {formatPrice(booking.open)}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function TabContent({
  tab,
  booking,
  canUpdate,
  mode,
}: {
  tab: BookingTab;
  booking: Booking;
  canUpdate: boolean;
  mode: BookingMode;
}) {
  // Agencies follow payments and download documents; recording payments, reminders, issuing and mailing
  // documents are the office's (docs/adr/0019).
  const office = mode === 'staff' && canUpdate;
  switch (tab) {
    case 'participants':
      return <BookingParticipantsTab booking={booking} />;
    case 'seats':
      return <BookingSeatsTab booking={booking} />;
    case 'payments':
      return <BookingPaymentsTab booking={booking} canUpdate={office} />;
    case 'documents':
      return <BookingDocumentsTab booking={booking} canUpdate={office} />;
    case 'mails':
      return <BookingMailsTab booking={booking} />;
    case 'history':
      return <BookingHistoryTab booking={booking} />;
    default:
      return <BookingOverviewTab booking={booking} canUpdate={canUpdate} mode={mode} />;
  }
}

/**
 * /vorgang/{id}[/tab]: one booking — overview with the status changes, participants, seats and stops, prices
 * and payments, documents, mails sent and history. A booking in processing shows the spec's message and no
 * controls that change it. In `agency` mode (/agencies/vorgang/{id}) the same tabs for the agency's own
 * booking (the server answers 404 for another's): status changes and the two-step cancellation with
 * agencydata-update; payments and documents read and downloaded only.
 */
export function BookingDetail({ mode = 'staff' }: { mode?: BookingMode }) {
  const params = useParams();
  const id = Number(params.id);
  const translate = useTranslate();
  const tab = tabOf(params['*']);
  const mayUpdate = useHasAnyPermission([mode === 'agency' ? 'agencydata-update' : 'vorgang-update']);
  const { data: booking, error, isPending } = useBooking(id);
  if (isPending) return <PageLoading />;
  if (error || !booking) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.notFound')}
      </Typography>
    );
  }
  const canUpdate = mayUpdate && booking.status !== 'processing';
  return (
    <Box sx={{ pb: 4 }}>
      <Title title={translate('bookings.detail.title', { nr: booking.vorgangnr })} />
      <BookingHeader booking={booking} />
      {booking.status === 'processing' ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="booking-locked">
          {translate('error.processInProgress')}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mt: 1 }}
        aria-label={translate('bookings.detail.tabsLabel')}
      >
        {BOOKING_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`bookings.tabs.${name}`)}
            component={Link}
            to={bookingPath(id, name, mode)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" sx={{ pt: 2 }}>
        <TabContent tab={tab} booking={booking} canUpdate={canUpdate} mode={mode} />
      </Box>
    </Box>
  );
}

/** /agencies/vorgang/{id}[/tab]: an agency's own booking (needs an account linked to an agency). */
export function AgencyBookingDetail() {
  return <RequireAgency titleKey="bookings.agency.title">{() => <BookingDetail mode="agency" />}</RequireAgency>;
}
