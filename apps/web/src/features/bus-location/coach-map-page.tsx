import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useLocale, useTranslate } from 'react-admin';
import type { CoachLocation, CoachMap as CoachMapBody } from '@tourdesk/contracts';
import { api } from '../../lib/api-client.ts';
import { followEvents } from '../../lib/event-stream.ts';
import { age, clockTime, secondsSince } from './times.ts';
import { useTileUrl } from './tile-url.ts';

const CoachMap = lazy(() => import('./coach-map.tsx'));

/** The coaches on the road: GET /maps/coaches, then /maps/stream (all of them, then one coach per event). */
function useCoaches() {
  const [live, setLive] = useState<CoachLocation[] | null>(null);
  const initial = useQuery({ queryKey: ['maps-coaches'], queryFn: () => api<CoachMapBody>('/maps/coaches') });
  useEffect(
    () =>
      followEvents('/maps/stream', (type, data) => {
        if (type === 'coaches') setLive((data as CoachMapBody).coaches);
        if (type === 'coach') {
          const coach = data as CoachLocation;
          setLive((coaches) => {
            const list = coaches ?? [];
            return list.some((one) => one.transportId === coach.transportId)
              ? list.map((one) => (one.transportId === coach.transportId ? coach : one))
              : [...list, coach];
          });
        }
      }),
    [],
  );
  return { coaches: live ?? initial.data?.coaches ?? null, error: initial.isError && !live };
}

/**
 * /maps: the office watches the coaches on the road today — markers with coach, journey, next stop and delay,
 * live — and the same as a table (for the keyboard and screen readers).
 */
export function CoachMapPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const { coaches, error } = useCoaches();
  const tileUrl = useTileUrl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  const t = (key: string, options?: Record<string, unknown>) => translate(key, options);
  const time = (iso: string | null) => clockTime(iso, locale);
  const next = (coach: CoachLocation) =>
    coach.nextStop
      ? `${coach.nextStop.name} ${time(coach.state === 'planned' ? coach.nextStop.planned : coach.nextStop.expected)}`
      : '–';
  const delay = (coach: CoachLocation) =>
    coach.state === 'onTheWay' && coach.delayMinutes > 0
      ? t('busLocation.delay', { minutes: coach.delayMinutes })
      : t('busLocation.onTime');

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('busLocation.map.title')} />
      {error && <Alert severity="error">{translate('error.errorOccurred')}</Alert>}
      {coaches === null ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <>
          <Card sx={{ mb: 2 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={480} />}>
              <CoachMap
                tileUrl={tileUrl}
                label={translate('busLocation.map.title')}
                height={{ xs: 320, sm: 480 }}
                coaches={coaches.flatMap((coach) =>
                  coach.position
                    ? [
                        {
                          id: coach.transportId,
                          lat: coach.position.lat,
                          lon: coach.position.lon,
                          label: `${coach.name} – ${coach.journeyTitle}`,
                          track: coach.track,
                          popup: (
                            <Box data-testid="coach-popup">
                              <strong>{coach.name}</strong>
                              {coach.vehicle ? ` (${coach.vehicle})` : ''}
                              <br />
                              {coach.journeyTitle}
                              <br />
                              {translate('busLocation.map.nextStop')}: {next(coach)}
                              <br />
                              {delay(coach)}
                            </Box>
                          ),
                        },
                      ]
                    : [],
                )}
                stops={[]}
              />
            </Suspense>
          </Card>
          <Card>
            <CardContent>
              <Typography component="h2" variant="h6" gutterBottom>
                {translate('busLocation.map.onTheRoad', { smart_count: coaches.length })}
              </Typography>
              {coaches.length === 0 ? (
                <Typography color="text.secondary">{translate('busLocation.map.none')}</Typography>
              ) : (
                <TableContainer>
                  <Table size="small" data-testid="coach-table">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('busLocation.map.coach')}</TableCell>
                        <TableCell>{translate('busLocation.map.journey')}</TableCell>
                        <TableCell>{translate('busLocation.map.nextStop')}</TableCell>
                        <TableCell>{translate('busLocation.map.delay')}</TableCell>
                        <TableCell>{translate('busLocation.map.lastPosition')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {coaches.map((coach) => (
                        <TableRow key={coach.transportId}>
                          <TableCell>
                            {coach.name}
                            {coach.vehicle ? ` (${coach.vehicle})` : ''}
                          </TableCell>
                          <TableCell>{coach.journeyTitle}</TableCell>
                          <TableCell>{next(coach)}</TableCell>
                          <TableCell>
                            {coach.state === 'onTheWay' ? delay(coach) : translate(`busLocation.states.${coach.state}`)}
                          </TableCell>
                          <TableCell>
                            {coach.position
                              ? t('busLocation.ago', { age: age(secondsSince(coach.position.recordedAt, now), t) })
                              : '–'}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
