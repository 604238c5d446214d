import {
  Card,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { eventValue } from './booking-logic.ts';
import { useHistory, useMails } from './booking-queries.ts';

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      {text}
    </Typography>
  );
}

function Failed({ error }: { error: unknown }) {
  const translate = useTranslate();
  return (
    <Typography role="alert" color="error" sx={{ p: 2 }}>
      {translate(error instanceof Error ? error.message : 'error.unexpected')}
    </Typography>
  );
}

/** The mails sent (or waiting in the outbox) for this booking, newest first. */
export function BookingMailsTab({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  const { data: mails, error, isPending } = useMails(booking.id);
  if (error) return <Failed error={error} />;
  if (isPending) return null;
  if (mails.length === 0) return <Empty text={translate('bookings.mails.none')} />;
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label={translate('bookings.tabs.mails')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('bookings.mails.createdAt')}</TableCell>
            <TableCell>{translate('bookings.mails.subject')}</TableCell>
            <TableCell>{translate('bookings.mails.to')}</TableCell>
            <TableCell>{translate('bookings.mails.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mails.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.createdAt)}</TableCell>
              <TableCell>
                {mail.subject}
                {mail.attachments.length > 0 ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {translate('bookings.mails.attachments', { files: mail.attachments.join(', ') })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{mail.to}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={mail.status === 'sent' ? 'success' : mail.status === 'failed' ? 'error' : 'default'}
                  label={translate(`bookings.mails.statuses.${mail.status}`, { _: mail.status })}
                />
                {mail.sentAt ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {formatDateTime(mail.sentAt)}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Who changed what, when: every status, seat, price, payment, invoice and mail event of the booking. */
export function BookingHistoryTab({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  const { data: events, error, isPending } = useHistory(booking.id);
  if (error) return <Failed error={error} />;
  if (isPending) return null;
  if (events.length === 0) return <Empty text={translate('bookings.history.none')} />;
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label={translate('bookings.tabs.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('bookings.history.at')}</TableCell>
            <TableCell>{translate('bookings.history.by')}</TableCell>
            <TableCell>{translate('bookings.history.kind')}</TableCell>
            <TableCell>{translate('bookings.history.change')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => {
            const before = eventValue(event.before, translate);
            const after = eventValue(event.after, translate);
            return (
              <TableRow key={event.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</TableCell>
                <TableCell>{event.byName ?? translate('bookings.history.system')}</TableCell>
                <TableCell>{translate(`bookings.history.kinds.${event.kind}`, { _: event.kind })}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {before && after ? `${before} → ${after}` : after || before}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
