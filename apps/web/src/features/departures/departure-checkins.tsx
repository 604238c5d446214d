import { useEffect } from 'react';
import {
  Card,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { CheckinStatus, DepartureCheckins } from '@tourdesk/contracts/driver-app.schema';
import { api } from '../../lib/api-client.ts';
import { followEvents } from '../../lib/event-stream.ts';

const checkinsKey = (nr: number) => ['departure', nr, 'checkins'] as const;

/**
 * GET /departures/{nr}/checkins, kept current by the departure's event stream: the stream starts with the state
 * and then says "checkin" each time a driver (or colleague) marks someone, which reads the state again.
 */
function useLiveCheckins(nr: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      followEvents(`/departures/${nr}/events`, (type, data) => {
        if (type === 'checkins') queryClient.setQueryData(checkinsKey(nr), data as DepartureCheckins);
        else if (type === 'checkin') void queryClient.invalidateQueries({ queryKey: checkinsKey(nr) });
      }),
    [nr, queryClient],
  );
  return useQuery({ queryKey: checkinsKey(nr), queryFn: () => api<DepartureCheckins>(`/departures/${nr}/checkins`) });
}

const STATUS_COLORS = { boarded: 'success', no_show: 'warning', open: 'default' } as const;

function StatusChip({ status }: { status: CheckinStatus | null }) {
  const translate = useTranslate();
  const key = status ?? 'open';
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[key]}
      variant={status ? 'filled' : 'outlined'}
      label={translate(`departures.checkins.status.${key}`)}
    />
  );
}

/** The check-in tab: per coach the counts and every rider's state (boarded / did not show up / open), live. */
export function DepartureCheckinsPanel({ nr }: { nr: number }) {
  const translate = useTranslate();
  const { data, error, isPending } = useLiveCheckins(nr);
  if (error) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.unexpected')}
      </Typography>
    );
  }
  if (isPending) return null;
  if (data.coaches.length === 0) {
    return <Typography sx={{ mt: 2 }}>{translate('departures.checkins.noCoaches')}</Typography>;
  }
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {data.coaches.map((coach) => {
        const open = coach.passengers - coach.boarded - coach.noShow;
        const title = `${coach.name} (${translate(`departures.directions.${coach.direction}`)})`;
        return (
          <TableContainer component={Card} key={coach.id} data-testid={`checkins-${coach.id}`}>
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
              {title}
            </Typography>
            <Typography sx={{ px: 2 }} data-testid={`checkin-counts-${coach.id}`}>
              {translate('departures.checkins.counts', {
                boarded: coach.boarded,
                count: coach.passengers,
                noShow: coach.noShow,
                open,
              })}
            </Typography>
            {coach.riders.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
                {translate('departures.checkins.empty')}
              </Typography>
            ) : (
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('departures.checkins.name')}</TableCell>
                    <TableCell>{translate('departures.checkins.seat')}</TableCell>
                    <TableCell>{translate('departures.checkins.booking')}</TableCell>
                    <TableCell>{translate('departures.checkins.state')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {coach.riders.map((rider) => (
                    <TableRow key={rider.participantId} data-testid={`checkin-${coach.id}-${rider.participantId}`}>
                      <TableCell>{rider.name}</TableCell>
                      <TableCell>{rider.seat ?? '–'}</TableCell>
                      <TableCell>{rider.bookingId}</TableCell>
                      <TableCell>
                        <StatusChip status={rider.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </TableContainer>
        );
      })}
    </Stack>
  );
}
