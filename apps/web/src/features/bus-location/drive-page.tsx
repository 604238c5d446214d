import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ShareLocationIcon from '@mui/icons-material/ShareLocation';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import type { CoachLocation, PositionBody } from '@tourdesk/contracts';
import { api } from '../../lib/api-client.ts';
import { useMobileLocale, useT } from '../../lib/mobile.tsx';
import { Loading } from './loading.tsx';
import { clockTime } from './times.ts';
import { useFetch } from './use-fetch.ts';

/** A reading is sent at most this often… */
const SEND_EVERY_MS = 10_000;
/** …unless the coach moved this far (metres) since the last one sent. */
const SEND_AFTER_M = 100;

const distanceM = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
};

type Problem = 'denied' | 'unavailable' | 'unsupported' | 'send' | null;

/**
 * Shares the phone's position while `active`: watchPosition, a reading sent at most every SEND_EVERY_MS or
 * after SEND_AFTER_M, and the screen kept on (Screen Wake Lock) where the browser has it.
 */
function useSharing(transportId: number, active: boolean, onSent: (location: CoachLocation) => void) {
  const [problem, setProblem] = useState<Problem>(null);
  const supported = 'geolocation' in navigator;
  const [sentAt, setSentAt] = useState<number | null>(null);
  const last = useRef<{ at: number; lat: number; lon: number } | null>(null);
  const sent = useRef(onSent);
  useEffect(() => {
    sent.current = onSent;
  }, [onSent]);

  useEffect(() => {
    if (!active) return;
    if (!supported) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    void navigator.wakeLock
      ?.request('screen')
      .then((sentinel) => {
        if (stopped) void sentinel.release();
        else lock = sentinel;
      })
      .catch(() => undefined);
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const { latitude: lat, longitude: lon, accuracy, speed, heading } = position.coords;
        const now = Date.now();
        const previous = last.current;
        if (previous && now - previous.at < SEND_EVERY_MS && distanceM(previous, { lat, lon }) < SEND_AFTER_M) return;
        last.current = { at: now, lat, lon };
        const body: PositionBody = {
          lat,
          lon,
          accuracy: Math.min(accuracy, 100_000),
          speed: speed !== null && speed >= 0 ? Math.min(speed, 70) : null,
          heading: heading !== null && heading >= 0 && !Number.isNaN(heading) ? heading : null,
          recordedAt: new Date(position.timestamp || now).toISOString(),
        };
        api<{ accepted: boolean; location: CoachLocation }>(`/driver/transports/${transportId}/position`, {
          method: 'POST',
          body,
        })
          .then((answer) => {
            setProblem(null);
            setSentAt(Date.now());
            sent.current(answer.location);
          })
          .catch(() => setProblem('send'));
      },
      (error) => setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 5000, timeout: 30_000 },
    );
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watch);
      void lock?.release();
      last.current = null;
    };
  }, [active, transportId, supported]);
  return { problem: active && !supported ? 'unsupported' : problem, sentAt, clear: () => setProblem(null) };
}

/**
 * /driver/drive/{transportId}: the driver shares the coach's position ("Standort teilen") and sees the next stop
 * with its expected time. The driver home (h-driver) links here.
 */
export function DrivePage() {
  const t = useT();
  const [locale] = useMobileLocale();
  const transportId = Number(useParams().transportId);
  const [sharing, setSharing] = useState(false);
  const [location, setLocation] = useState<CoachLocation | null>(null);
  const initial = useFetch<CoachLocation>(`/driver/transports/${transportId}/location`);
  const { problem, sentAt, clear } = useSharing(transportId, sharing, setLocation);
  const coach = location ?? initial.data ?? null;

  if (initial.pending) return <Loading />;
  if (!coach)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{t('busLocation.drive.notYours')}</Alert>
      </Box>
    );
  const next = coach.nextStop;
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5">
        {t('busLocation.drive.title')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {coach.journeyTitle} · {coach.name}
        {coach.vehicle ? ` · ${coach.vehicle}` : ''}
      </Typography>
      <Stack spacing={2}>
        <Button
          variant="contained"
          size="large"
          color={sharing ? 'error' : 'primary'}
          startIcon={sharing ? <StopCircleIcon /> : <ShareLocationIcon />}
          aria-pressed={sharing}
          onClick={() => {
            clear();
            setSharing((on) => !on);
          }}
          sx={{ py: 2, fontSize: '1.15rem' }}
        >
          {sharing ? t('busLocation.drive.stop') : t('busLocation.drive.start')}
        </Button>
        <Box aria-live="polite">
          {problem === 'denied' && (
            <Alert severity="error" data-testid="geolocation-problem">
              {t('busLocation.drive.denied')}
            </Alert>
          )}
          {(problem === 'unavailable' || problem === 'unsupported') && (
            <Alert severity="warning" data-testid="geolocation-problem">
              {t('busLocation.drive.unavailable')}
            </Alert>
          )}
          {problem === 'send' && <Alert severity="warning">{t('busLocation.drive.sendFailed')}</Alert>}
          {sharing && !problem && (
            <Alert severity="success" data-testid="sharing-state">
              {sentAt
                ? t('busLocation.drive.sharingSince', { time: clockTime(new Date(sentAt).toISOString(), locale) })
                : t('busLocation.drive.waiting')}
            </Alert>
          )}
        </Box>
        <Card variant="outlined">
          <CardContent>
            {next ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('busLocation.drive.nextStop')}
                </Typography>
                <Typography variant="h6" component="p" data-testid="next-stop">
                  {next.name}
                </Typography>
                <Typography variant="body1">
                  {t('busLocation.drive.expected', {
                    time: clockTime(coach.state === 'planned' ? next.planned : next.expected, locale),
                    planned: clockTime(next.planned, locale),
                  })}
                  {coach.state === 'onTheWay' && next.delayMinutes > 0
                    ? ` · ${t('busLocation.delay', { minutes: next.delayMinutes })}`
                    : ''}
                </Typography>
              </>
            ) : (
              <Typography>{t('busLocation.over')}</Typography>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
