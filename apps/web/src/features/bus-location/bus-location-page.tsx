import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { BusLocation, StopArrival, TripSummary } from '@tourdesk/contracts';
import { followEvents } from '../../lib/event-stream.ts';
import { useMobileLocale, useT } from '../../lib/mobile.tsx';
import { Loading } from './loading.tsx';
import { age, clockTime, secondsSince } from './times.ts';
import { useTileUrl } from './tile-url.ts';
import { useFetch } from './use-fetch.ts';

const CoachMap = lazy(() => import('./coach-map.tsx'));

/**
 * /appuser/Buslocation: the traveller's journeys (GET /users-vorgaenge-app?show_active=1); with one journey
 * straight to its bus location, with several a choice.
 */
export function BusLocationIndex() {
  const t = useT();
  const journeys = useFetch<TripSummary[]>('/users-vorgaenge-app?show_active=1');
  if (journeys.pending) return <Loading />;
  const list = journeys.data ?? [];
  if (list.length === 1) return <Navigate to={`/appuser/Buslocation/${list[0]!.id}`} replace />;
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('busLocation.title')}
      </Typography>
      {list.length === 0 ? (
        <Alert severity="info">{t('busLocation.noJourneys')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('busLocation.chooseJourney')}</Typography>
          <List>
            {list.map((journey) => (
              <ListItem key={journey.id} disablePadding>
                <ListItemButton component={RouterLink} to={`/appuser/Buslocation/${journey.id}`}>
                  <ListItemText primary={journey.title} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}

/** The clock, ticking every few seconds (for "last updated 20 s ago"). */
function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The bus location of a booking: the GET answer first, then the stream's (docs/adr/0020). */
function useBusLocation(bookingId: number) {
  // The stream's latest view, kept with the booking it belongs to (another booking's is not shown).
  const [streamed, setStreamed] = useState<BusLocation | null>(null);
  const initial = useFetch<BusLocation>(`/users-vorgaenge/${bookingId}/bus-location`);
  useEffect(
    () =>
      followEvents(`/users-vorgaenge/${bookingId}/bus-location/stream`, (type, data) => {
        if (type === 'location') setStreamed(data as BusLocation);
      }),
    [bookingId],
  );
  const live = streamed?.bookingId === bookingId ? streamed : null;
  return { view: live ?? initial.data ?? null, error: initial.error && !live, pending: initial.pending && !live };
}

/**
 * /appuser/Buslocation/{bookingId}: where the traveller's coach is and when it reaches their stop, live. Before
 * departure the planned time; on the way the expected time (never earlier than planned) and the delay; once
 * picked up the next stops; after the journey a note.
 */
export function BusLocationPage() {
  const t = useT();
  const [locale] = useMobileLocale();
  const bookingId = Number(useParams().bookingId);
  const { view, error, pending } = useBusLocation(bookingId);
  const now = useNow();
  const tileUrl = useTileUrl();

  if (pending) return <Loading />;
  if (error || !view)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{t('busLocation.notFound')}</Alert>
      </Box>
    );
  const coach = view.coach;
  const mine = coach?.stops.filter((stop) => view.myStopIds.includes(stop.travelStopId)) ?? [];
  const myStop = mine[0] ?? null;
  const remaining = coach?.stops.filter((stop) => !stop.passed) ?? [];
  const time = (iso: string | null) => clockTime(iso, locale);

  return (
    <Box sx={{ p: 2, pb: 4 }}>
      <Typography component="h1" variant="h5">
        {t('busLocation.title')}
      </Typography>
      {coach && (
        <Typography color="text.secondary" gutterBottom>
          {coach.journeyTitle} · {coach.name}
          {coach.vehicle ? ` · ${coach.vehicle}` : ''}
        </Typography>
      )}
      {!coach ? (
        <Alert severity="info">{t('busLocation.noCoach')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Card variant="outlined" aria-live="polite" data-testid="my-arrival">
            <CardContent>
              <Headline
                state={coach.state}
                pickedUp={view.pickedUp}
                myStop={myStop}
                next={coach.nextStop}
                time={time}
              />
              {coach.position ? (
                <Typography variant="body2" color="text.secondary" data-testid="last-update">
                  {t('busLocation.lastUpdate', { age: age(secondsSince(coach.position.recordedAt, now), t) })}
                </Typography>
              ) : (
                coach.state !== 'over' && (
                  <Typography variant="body2" color="text.secondary">
                    {t('busLocation.noPositionYet')}
                  </Typography>
                )
              )}
            </CardContent>
          </Card>
          <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
            <CoachMap
              tileUrl={tileUrl}
              label={t('busLocation.mapLabel')}
              height={280}
              follow
              coaches={
                coach.position
                  ? [
                      {
                        id: coach.transportId,
                        lat: coach.position.lat,
                        lon: coach.position.lon,
                        label: t('busLocation.coachMarker', { name: coach.name }),
                        track: coach.track,
                      },
                    ]
                  : []
              }
              stops={coach.stops.flatMap((stop) =>
                stop.lat === null || stop.lon === null
                  ? []
                  : [
                      {
                        id: stop.travelStopId,
                        lat: stop.lat,
                        lon: stop.lon,
                        label: stop.name,
                        mine: view.myStopIds.includes(stop.travelStopId),
                        passed: stop.passed,
                      },
                    ],
              )}
            />
          </Suspense>
          {coach.state !== 'over' && remaining.length > 0 && (
            <Box component="section" aria-labelledby="remaining-stops">
              <Typography id="remaining-stops" component="h2" variant="h6">
                {view.pickedUp ? t('busLocation.nextStops') : t('busLocation.remainingStops')}
              </Typography>
              <List dense data-testid="remaining-stops">
                {remaining.map((stop) => (
                  <StopRow
                    key={stop.travelStopId}
                    stop={stop}
                    mine={view.myStopIds.includes(stop.travelStopId)}
                    time={time}
                    planned={coach.state === 'planned'}
                  />
                ))}
              </List>
            </Box>
          )}
        </Stack>
      )}
    </Box>
  );
}

function Headline({
  state,
  pickedUp,
  myStop,
  next,
  time,
}: {
  state: 'planned' | 'onTheWay' | 'over';
  pickedUp: boolean;
  myStop: StopArrival | null;
  next: StopArrival | null;
  time: (iso: string | null) => string;
}) {
  const t = useT();
  if (state === 'over')
    return (
      <Typography variant="h6" component="p">
        {t('busLocation.over')}
      </Typography>
    );
  if (pickedUp || !myStop)
    return (
      <>
        {pickedUp && (
          <Typography variant="h6" component="p">
            {t('busLocation.pickedUp')}
          </Typography>
        )}
        {next && (
          <Typography variant="body1">
            {t('busLocation.nextStop', {
              name: next.name,
              time: time(state === 'planned' ? next.planned : next.expected),
            })}
          </Typography>
        )}
      </>
    );
  if (state === 'planned')
    return (
      <>
        <Typography variant="body1">{t('busLocation.plannedAtMyStop', { name: myStop.name })}</Typography>
        <Typography variant="h3" component="p" data-testid="my-stop-time" sx={{ fontWeight: 700 }}>
          {time(myStop.planned)}
        </Typography>
      </>
    );
  return (
    <>
      <Typography variant="body1">{t('busLocation.expectedAtMyStop', { name: myStop.name })}</Typography>
      <Typography variant="h3" component="p" data-testid="my-stop-time" sx={{ fontWeight: 700 }}>
        {time(myStop.expected)}
      </Typography>
      <Typography
        variant="body1"
        color={myStop.delayMinutes > 0 ? 'warning.main' : 'success.main'}
        sx={{ fontWeight: 500, filter: 'brightness(0.85)' }}
      >
        {myStop.delayMinutes > 0
          ? t('busLocation.plannedLate', { time: time(myStop.planned), minutes: myStop.delayMinutes })
          : t('busLocation.plannedOnTime', { time: time(myStop.planned) })}
      </Typography>
    </>
  );
}

function StopRow({
  stop,
  mine,
  time,
  planned,
}: {
  stop: StopArrival;
  mine: boolean;
  time: (iso: string | null) => string;
  planned: boolean;
}) {
  const t = useT();
  const late = !planned && stop.delayMinutes > 0;
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={
          <>
            {stop.name}
            {mine && (
              <Typography component="span" variant="body2" color="primary" sx={{ ml: 1, fontWeight: 600 }}>
                {t('busLocation.myStop')}
              </Typography>
            )}
          </>
        }
        secondary={stop.city}
      />
      <Box sx={{ textAlign: 'right', minWidth: 88, flexShrink: 0, pl: 1 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {time(planned ? stop.planned : stop.expected)}
        </Typography>
        {late && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ whiteSpace: 'nowrap' }}>
            {t('busLocation.plannedShort', { time: time(stop.planned), minutes: stop.delayMinutes })}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
}
