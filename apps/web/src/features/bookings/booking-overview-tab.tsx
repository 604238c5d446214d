import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Booking, BookingStatus } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { BookingCancelDialog } from './booking-cancel-dialog.tsx';
import { canCancel, statusActions, type BookingMode } from './booking-logic.ts';
import { useRefreshBooking } from './booking-queries.ts';

/** A label and its value, one line on a phone, two columns from tablet width. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: { sm: 2 }, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children || '–'}
      </Typography>
    </Box>
  );
}

/** The allowed next statuses as buttons (the server checks the same graph), and the two-step cancellation. */
function StatusActions({ booking, mode }: { booking: Booking; mode: BookingMode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshBooking(booking.id);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const change = async (status: BookingStatus) => {
    setBusy(true);
    try {
      const saved = await api<Booking>(`/ratio_vorgang/${booking.id}/status`, {
        method: 'POST',
        body: { status, version: booking.version },
      });
      await refresh(saved);
      notify('bookings.notifications.statusChanged', {
        type: 'info',
        messageArgs: { nr: saved.vorgangnr, status: translate(`bookingStatus.${saved.status}`) },
      });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const actions = statusActions(booking, mode);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="status-actions">
      {actions.map((status) => (
        <Button key={status} variant="outlined" disabled={busy} onClick={() => void change(status)}>
          {translate(`bookings.statusActions.${status}`)}
        </Button>
      ))}
      {canCancel(booking) ? (
        <Button color="error" variant="outlined" startIcon={<EventBusyIcon />} onClick={() => setCancelling(true)}>
          {translate('bookings.cancel.open')}
        </Button>
      ) : null}
      {cancelling ? <BookingCancelDialog booking={booking} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}

/** Status, option end, booker, trip, who booked it and the comment. */
export function BookingOverviewTab({
  booking,
  canUpdate,
  mode = 'staff',
}: {
  booking: Booking;
  canUpdate: boolean;
  mode?: BookingMode;
}) {
  const translate = useTranslate();
  const mayReadTrips = useHasAnyPermission(['internet-read']);
  const booker = booking.buchender;
  return (
    <Stack spacing={2}>
      {canUpdate && (statusActions(booking, mode).length > 0 || canCancel(booking)) ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              {translate('bookings.detail.changeStatus')}
            </Typography>
            <StatusActions booking={booking} mode={mode} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent>
          <Fact label={translate('bookings.fields.status')}>{translate(`bookingStatus.${booking.status}`)}</Fact>
          {booking.status === 'option' ? (
            <Fact label={translate('bookings.fields.option_until')}>{formatDateTime(booking.option_until)}</Fact>
          ) : null}
          <Fact label={translate('bookings.fields.booker')}>
            {booker ? (
              <>
                {booker.name}
                {booker.kennziffer ? ` (${booker.kennziffer})` : ''}
                {booker.email ? (
                  <>
                    {' · '}
                    <MuiLink href={`mailto:${booker.email}`}>{booker.email}</MuiLink>
                  </>
                ) : null}
                {booker.phone ? (
                  <>
                    {' · '}
                    <MuiLink href={`tel:${booker.phone.replace(/[^\d+]/g, '')}`}>{booker.phone}</MuiLink>
                  </>
                ) : null}
              </>
            ) : null}
          </Fact>
          <Fact label={translate('bookings.fields.journey')}>
            {mayReadTrips ? (
              <MuiLink component={Link} to={`/internet/journeys/${booking.id_jrn_journey}/dates/${booking.termin}`}>
                {booking.journeyTitle} · {booking.termincode}
              </MuiLink>
            ) : (
              `${booking.journeyTitle} · ${booking.termincode}`
            )}
          </Fact>
          <Fact label={translate('bookings.fields.travelDates')}>
            {formatDate(booking.date_from)} – {formatDate(booking.date_till)}
          </Fact>
          <Fact label={translate('bookings.fields.participants')}>{booking.teilnehmer.length}</Fact>
          <Fact label={translate('bookings.fields.language')}>{booking.language.toUpperCase()}</Fact>
          <Fact label={translate('bookings.fields.invoiceNumber')}>{booking.invoiceNumber}</Fact>
          <Fact label={translate('bookings.fields.createdAt')}>{formatDateTime(booking.createdAt)}</Fact>
          {booking.confirmedAt ? (
            <Fact label={translate('bookings.fields.confirmedAt')}>{formatDateTime(booking.confirmedAt)}</Fact>
          ) : null}
          <Fact label={translate('bookings.fields.comment')}>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {booking.comment}
            </Box>
          </Fact>
        </CardContent>
      </Card>
    </Stack>
  );
}
