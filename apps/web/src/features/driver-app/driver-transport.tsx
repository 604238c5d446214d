import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import PhoneIcon from '@mui/icons-material/Phone';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ChatIcon from '@mui/icons-material/Chat';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { Checkin, CheckinStatus, Passenger, PassengerList } from '@tourdesk/contracts/driver-app.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { statusOf } from '../../lib/http-error.ts';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { hasPermission } from '@tourdesk/contracts/permissions';
import {
  enqueue,
  loadQueue,
  saveQueue,
  sendLater,
  withoutSent,
  withQueued,
  type QueuedCheckin,
} from './checkin-queue.ts';
import { filterStops, withCheckin } from './driver-logic.ts';
import { errorKey, passengersKey, usePassengerList } from './driver-queries.ts';

const TicketScanner = lazy(() => import('./ticket-scanner.tsx').then((m) => ({ default: m.TicketScanner })));

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/** How often queued check-ins are tried again while the screen is open. */
const RETRY_MS = 15_000;
/** How long one check-in may take: a weak signal can hold a request for minutes (it counts as no network). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * The coach's check-ins. Each is kept on the phone first (checkin-queue.ts) and sent at once, one after another;
 * without network it stays queued, shows as made, and is sent when the connection returns or the screen opens
 * again, so the driver goes on checking in at a boarding point without reception; each carries the time it was
 * made on the phone.
 */
function useCheckins(userId: number, transportId: number) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState(() => loadQueue(userId, transportId));
  const current = useRef(queue);
  const sending = useRef(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const update = useCallback(
    (change: (queue: QueuedCheckin[]) => QueuedCheckin[]) => {
      current.current = change(current.current);
      saveQueue(userId, transportId, current.current);
      setQueue(current.current);
    },
    [userId, transportId],
  );

  /** Sends the queue in order; a check-in made meanwhile is sent in the same round. */
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let next = current.current[0]; next; next = current.current[0]) {
        const entry = next;
        setBusy(entry.participantId);
        try {
          const answer = await api<Checkin>(`/driver/transports/${transportId}/checkins/${entry.participantId}`, {
            method: 'PUT',
            body: { status: entry.status, at: entry.at },
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          queryClient.setQueryData<PassengerList>(passengersKey(transportId), (list) =>
            list
              ? withCheckin(
                  list,
                  entry.participantId,
                  answer.status === null ? null : { status: answer.status, at: answer.at!, by: answer.by },
                )
              : list,
          );
          update((queue) => withoutSent(queue, entry));
        } catch (error) {
          // No network, an expired login, a busy server: everything stays queued and is tried again.
          if (sendLater(statusOf(error))) break;
          // Refused (the passenger was cancelled meanwhile, the coach taken off): dropped, said, the list read again.
          update((queue) => withoutSent(queue, entry));
          setFailed(errorKey(error) === 'error.unexpected' ? 'driverApp.list.failed' : errorKey(error));
          void queryClient.invalidateQueries({ queryKey: passengersKey(transportId) });
        }
      }
    } finally {
      sending.current = false;
      setBusy(null);
    }
  }, [queryClient, transportId, update]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  // A phone with a weak signal may count as online without getting through: then no `online` event comes.
  const waiting = queue.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  const mark = (participantId: number, status: CheckinStatus | null) => {
    setFailed(null);
    update((queue) => enqueue(queue, { participantId, status, at: new Date().toISOString() }));
    void flush();
  };
  return { queue, mark, busy, failed };
}

function PassengerCard({
  passenger,
  busy,
  pending,
  mark,
}: {
  passenger: Passenger;
  busy: boolean;
  /** made on the phone, not yet confirmed by the server */
  pending: boolean;
  mark: (participantId: number, status: CheckinStatus | null) => void;
}) {
  const t = useT();
  const status = passenger.checkin?.status ?? null;
  const labelId = `passenger-${passenger.participantId}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={labelId}
      sx={{
        borderLeftWidth: 6,
        borderLeftColor: status === 'boarded' ? 'success.main' : status === 'no_show' ? 'warning.main' : 'divider',
      }}
    >
      <CardContent sx={{ pb: '12px !important' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={labelId} component="h3" variant="h6" sx={{ flex: 1, lineHeight: 1.25 }}>
            {passenger.name}
          </Typography>
          <Chip
            label={passenger.seat ? t('driverApp.list.seat', { seat: passenger.seat }) : t('driverApp.list.noSeat')}
            sx={{ fontWeight: 'bold', fontSize: '1rem' }}
          />
          {passenger.phone ? (
            <IconButton
              component="a"
              href={`tel:${passenger.phone.replace(/[^\d+]/g, '')}`}
              aria-label={t('driverApp.list.call', { name: passenger.name })}
              color="primary"
              size="large"
            >
              <PhoneIcon />
            </IconButton>
          ) : null}
        </Stack>
        {status === null ? (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              variant="contained"
              color="success"
              size="large"
              startIcon={<CheckCircleIcon />}
              disabled={busy}
              onClick={() => mark(passenger.participantId, 'boarded')}
              sx={{ flex: 2, minHeight: 52 }}
            >
              {t('driverApp.list.boarded')}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              size="large"
              disabled={busy}
              onClick={() => mark(passenger.participantId, 'no_show')}
              sx={{ flex: 1, minHeight: 52, lineHeight: 1.2 }}
            >
              {t('driverApp.list.noShow')}
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            {status === 'boarded' ? (
              <CheckCircleIcon color="success" aria-hidden />
            ) : (
              <CancelIcon color="warning" aria-hidden />
            )}
            <Typography sx={{ flex: 1, fontWeight: 'bold' }}>
              {t(status === 'boarded' ? 'driverApp.list.boarded' : 'driverApp.list.noShow')}
              {passenger.checkin ? ` · ${timeOf(passenger.checkin.at)}` : ''}
              {pending ? (
                <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                  <CloudOffIcon fontSize="inherit" aria-hidden sx={{ verticalAlign: 'middle', mr: 0.5 }} />
                  {t('driverApp.list.pending')}
                </Typography>
              ) : null}
            </Typography>
            <Button
              variant="outlined"
              size="large"
              disabled={busy}
              onClick={() => mark(passenger.participantId, null)}
              sx={{ minHeight: 48 }}
            >
              {t('driverApp.list.undo')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /driver/transports/{id}: the coach's pick-up list — the stops in route order with their time, under each the
 * passengers with seat and phone, and big buttons to check them in or mark them as not shown (undo possible);
 * counts, a search by name or seat, the ticket scanner when QR tickets are on, and links to sharing the position
 * and on-board sales.
 */
function DriverTransportScreen() {
  const t = useT();
  const user = useMobileUser();
  const transportId = Number(useParams().id);
  const { data: serverList, error, isPending, refetch } = usePassengerList(transportId);
  const { queue, mark, busy, failed } = useCheckins(user.id, transportId);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  if (isPending) return <CircularProgress aria-label={t('driverApp.loading')} />;
  if (error) return <Alert severity="error">{t(errorKey(error))}</Alert>;
  const list = withQueued(serverList, queue);
  const pending = new Set(queue.map((entry) => entry.participantId));
  const { transport } = list;
  const stops = filterStops(list, search);
  return (
    <>
      <Button component={Link} to="/driver" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('driverApp.list.back')}
      </Button>
      <Typography component="h1" variant="h5">
        {transport.journeyTitle}
      </Typography>
      <Typography color="text.secondary">
        {formatDate(transport.dateFrom)} · {t(`driverApp.direction.${transport.direction}`)} · {transport.name}
        {transport.vehicle ? ` · ${transport.vehicle}` : ''}
      </Typography>
      <Box role="status" aria-live="polite" sx={{ my: 2 }}>
        <Typography variant="h6" component="p">
          {t('driverApp.list.counts', { boarded: transport.boarded, count: transport.passengers })}
          {transport.noShow > 0
            ? ` · ${t('driverApp.list.noShows', { count: transport.noShow, smart_count: transport.noShow })}`
            : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          color="success"
          value={transport.passengers === 0 ? 0 : (100 * transport.boarded) / transport.passengers}
          aria-hidden
          sx={{ height: 10, borderRadius: 5 }}
        />
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {list.qrTickets ? (
          <Button variant="contained" size="large" startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)}>
            {t('driverApp.list.scan')}
          </Button>
        ) : null}
        <Button variant="outlined" component={Link} to={`/driver/drive/${transportId}`} startIcon={<MyLocationIcon />}>
          {t('driverApp.list.shareLocation')}
        </Button>
        <Button variant="outlined" component={Link} to={`/driver/sales/${transportId}`} startIcon={<StorefrontIcon />}>
          {t('driverApp.list.sales')}
        </Button>
        {hasPermission(user.permissions, 'pushmessage-send') ? (
          <Button
            variant="outlined"
            component={Link}
            to={`/appuser/notifications/create?transport=${transportId}`}
            startIcon={<ChatIcon />}
          >
            {t('driverApp.list.message')}
          </Button>
        ) : null}
      </Stack>
      <TextField
        type="search"
        fullWidth
        label={t('driverApp.list.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 2 }}
      />
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(failed)}
        </Alert>
      ) : null}
      {queue.length > 0 && busy === null ? (
        <Alert severity="info" icon={<CloudOffIcon />} sx={{ mb: 2 }}>
          {t('driverApp.list.queued', { smart_count: queue.length })}
        </Alert>
      ) : null}
      {list.stops.every((group) => group.passengers.length === 0) ? (
        <Typography>{t('driverApp.list.empty')}</Typography>
      ) : stops.length === 0 ? (
        <Typography>{t('driverApp.list.noMatch')}</Typography>
      ) : null}
      {stops.map((group) => (
        <Box component="section" key={group.stop?.id ?? 'none'} sx={{ mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 'bold' }}>
            {group.stop ? `${group.stop.time ?? ''} ${group.stop.name}`.trim() : t('driverApp.list.noStop')}
          </Typography>
          {group.stop?.address ? (
            <Typography variant="body2" color="text.secondary">
              {group.stop.address}
            </Typography>
          ) : null}
          <List disablePadding>
            {group.passengers.map((passenger) => (
              <ListItem key={passenger.participantId} disableGutters sx={{ display: 'block', py: 0.75 }}>
                <PassengerCard
                  passenger={passenger}
                  busy={busy === passenger.participantId}
                  pending={pending.has(passenger.participantId)}
                  mark={mark}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
      {scanning ? (
        <Suspense fallback={null}>
          <TicketScanner
            transportId={transportId}
            onClose={() => {
              setScanning(false);
              void refetch();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export const DriverTransport = DriverTransportScreen;
