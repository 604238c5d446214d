import {
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { DateOccupancy } from '@tourdesk/contracts/departures.schema';
import type { Journey } from '@tourdesk/contracts/journeys.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { BOOKABLE_COLORS } from './departure-form-logic.ts';
import { departurePath } from './departure-form-logic.ts';
import { useOccupancy } from './departure-queries.ts';
import { OccupancyBar } from './occupancy-bar.tsx';

/** On a phone each date is a card that opens the departure screen. */
function OccupancyCard({ journeyId, date }: { journeyId: number; date: DateOccupancy }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardActionArea component={Link} to={departurePath(journeyId, date.nr)}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="h2">
              {date.termincode}
            </Typography>
            <Chip
              size="small"
              color={BOOKABLE_COLORS[date.bookable] ?? 'default'}
              label={translate(`journeys.bookableStates.${date.bookable}`)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {formatDate(date.date_from)} – {formatDate(date.date_till)}
          </Typography>
          <Typography variant="caption">{translate('departures.occupancy.seats')}</Typography>
          <OccupancyBar
            label={translate('departures.occupancy.seatsOf', { code: date.termincode })}
            held={date.seats.held}
            capacity={date.seats.capacity}
          />
          <Typography variant="caption">{translate('departures.occupancy.rooms')}</Typography>
          <OccupancyBar
            label={translate('departures.occupancy.roomsOf', { code: date.termincode })}
            held={date.rooms.held}
            capacity={date.rooms.capacity}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('departures.alerts.optionsExpiring')}: {date.optionsExpiring} ·{' '}
            {translate('departures.alerts.waitlist')}: {date.waitlist} · {translate('departures.occupancy.bookings')}:{' '}
            {date.bookings}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * /internet/journeys/{id}/occupancy: one row per date with seats and rooms held of their capacity, options
 * about to lapse, the waiting list and the number of bookings; a row opens the date's departure screen.
 */
export function OccupancyPage() {
  const params = useParams();
  const journeyId = Number(params.id);
  const translate = useTranslate();
  const navigate = useNavigate();
  const journey = useQuery({
    queryKey: ['journey-title', journeyId],
    queryFn: () => api<Journey>(`/journey-lit/${journeyId}`),
  });
  const occupancy = useOccupancy(journeyId);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (occupancy.isPending || journey.isPending) return <PageLoading />;
  if (occupancy.error || journey.error)
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate((occupancy.error ?? journey.error)?.message ?? 'error.unexpected')}
      </Typography>
    );
  return (
    <>
      <Title title={translate('departures.occupancy.title', { title: journey.data.title })} />
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link to={`/internet/journeys/${journeyId}/dates`}>{translate('departures.occupancy.backToJourney')}</Link>
      </Typography>
      {phone && occupancy.data.length > 0 ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {occupancy.data.map((date) => (
            <OccupancyCard key={date.nr} journeyId={journeyId} date={date} />
          ))}
        </Stack>
      ) : (
        <Card sx={{ mt: 1 }}>
          {occupancy.data.length === 0 ? (
            <Typography sx={{ p: 2 }}>{translate('departures.occupancy.noDates')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={translate('departures.occupancy.table')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('departures.fields.termincode')}</TableCell>
                    <TableCell>{translate('departures.fields.dates')}</TableCell>
                    <TableCell>{translate('departures.fields.bookable')}</TableCell>
                    <TableCell>{translate('departures.occupancy.seats')}</TableCell>
                    <TableCell>{translate('departures.occupancy.rooms')}</TableCell>
                    <TableCell align="right">{translate('departures.alerts.optionsExpiring')}</TableCell>
                    <TableCell align="right">{translate('departures.alerts.waitlist')}</TableCell>
                    <TableCell align="right">{translate('departures.occupancy.bookings')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {occupancy.data.map((date) => (
                    <TableRow
                      key={date.nr}
                      hover
                      sx={{ cursor: 'pointer' }}
                      onClick={() => navigate(departurePath(journeyId, date.nr))}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Link to={departurePath(journeyId, date.nr)} onClick={(event) => event.stopPropagation()}>
                          {date.termincode}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDate(date.date_from)} – {formatDate(date.date_till)}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={BOOKABLE_COLORS[date.bookable] ?? 'default'}
                          label={translate(`journeys.bookableStates.${date.bookable}`)}
                        />
                      </TableCell>
                      <TableCell>
                        <OccupancyBar
                          label={translate('departures.occupancy.seatsOf', { code: date.termincode })}
                          held={date.seats.held}
                          capacity={date.seats.capacity}
                        />
                      </TableCell>
                      <TableCell>
                        <OccupancyBar
                          label={translate('departures.occupancy.roomsOf', { code: date.termincode })}
                          held={date.rooms.held}
                          capacity={date.rooms.capacity}
                        />
                      </TableCell>
                      <TableCell align="right">{date.optionsExpiring}</TableCell>
                      <TableCell align="right">{date.waitlist}</TableCell>
                      <TableCell align="right">{date.bookings}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Card>
      )}
    </>
  );
}
