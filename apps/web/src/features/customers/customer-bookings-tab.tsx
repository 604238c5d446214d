import {
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { BookingSummary } from '@tourdesk/contracts/bookings.schema';
import { formatDate, formatPrice } from '@tourdesk/contracts/format';
import type { Page } from '@tourdesk/contracts/list';
import { api } from '../../lib/api-client.ts';
import { BookingStatusChip } from '../../shared/booking-status.tsx';

/** The customer's bookings as booker, newest departure first (GET /ratio_vorgang?id_booker_card=…). */
export function CustomerBookingsTab({ customerId }: { customerId: number }) {
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: ['customer-bookings', customerId],
    queryFn: () =>
      api<Page<BookingSummary>>(
        `/ratio_vorgang?id_booker_card=${customerId}&${encodeURIComponent('$sort[date_from]')}=-1&$limit=100`,
      ),
  });
  if (error) {
    return (
      <Typography role="alert" color="error">
        {translate(error instanceof Error ? error.message : 'error.unexpected')}
      </Typography>
    );
  }
  if (isPending) return null;
  if (data.data.length === 0) {
    return <Typography color="text.secondary">{translate('customers.bookings.none')}</Typography>;
  }
  return (
    <TableContainer sx={{ width: '100%' }}>
      <Table size="small" aria-label={translate('customers.tabs.bookings')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('customers.bookings.vorgangnr')}</TableCell>
            <TableCell>{translate('customers.bookings.journey')}</TableCell>
            <TableCell>{translate('customers.bookings.departure')}</TableCell>
            <TableCell>{translate('customers.bookings.status')}</TableCell>
            <TableCell align="right">{translate('customers.bookings.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((booking) => (
            <TableRow key={booking.id}>
              <TableCell>
                <MuiLink component={Link} to={`/vorgang/${booking.id}`}>
                  {booking.vorgangnr}
                </MuiLink>
              </TableCell>
              <TableCell>
                {booking.journeyTitle} · {booking.termincode}
              </TableCell>
              <TableCell>{formatDate(booking.date_from)}</TableCell>
              <TableCell>
                <BookingStatusChip status={booking.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPrice(booking.price)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.total > data.data.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('customers.bookings.more', { shown: data.data.length, total: data.total })}
        </Typography>
      ) : null}
    </TableContainer>
  );
}
