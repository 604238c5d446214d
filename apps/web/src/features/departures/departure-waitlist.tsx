import {
  Card,
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
import type { WaitlistEntry } from '@tourdesk/contracts/bookings.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';

/** GET /departures/{nr}/waitlist: the bookings waiting on the date, in the order they will be offered a place. */
export const useWaitlist = (nr: number) =>
  useQuery({
    queryKey: ['departure', nr, 'waitlist'],
    queryFn: async () => {
      const answer = await api<WaitlistEntry[] | { data: WaitlistEntry[] }>(`/departures/${nr}/waitlist`);
      return Array.isArray(answer) ? answer : answer.data;
    },
  });

/** The waiting list of a date: position, booking, booker, party size and since when it waits. */
export function DepartureWaitlist({ nr }: { nr: number }) {
  const translate = useTranslate();
  const mayOpen = useHasAnyPermission(['vorgang-read']);
  const { data, error, isPending } = useWaitlist(nr);
  if (error) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.unexpected')}
      </Typography>
    );
  }
  if (isPending) return null;
  return (
    <TableContainer component={Card} sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {translate('departures.waitlist.title')}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('departures.waitlist.empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('departures.waitlist.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('departures.waitlist.position')}</TableCell>
              <TableCell>{translate('departures.waitlist.booking')}</TableCell>
              <TableCell>{translate('departures.waitlist.booker')}</TableCell>
              <TableCell align="right">{translate('departures.waitlist.participants')}</TableCell>
              <TableCell>{translate('departures.waitlist.since')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((entry) => (
              <TableRow key={entry.vorgangnr} data-testid={`waitlist-${entry.position}`}>
                <TableCell>{entry.position}</TableCell>
                <TableCell>
                  {mayOpen ? (
                    <MuiLink component={Link} to={`/vorgang/${entry.vorgangnr}`}>
                      {entry.vorgangnr}
                    </MuiLink>
                  ) : (
                    entry.vorgangnr
                  )}
                </TableCell>
                <TableCell>{entry.bookerName}</TableCell>
                <TableCell align="right">{entry.participants}</TableCell>
                <TableCell>{formatDateTime(entry.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TableContainer>
  );
}
