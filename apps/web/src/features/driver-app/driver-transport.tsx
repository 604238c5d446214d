import { lazy, Suspense, useState } from 'react';
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
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { hasPermission } from '@tourdesk/contracts/permissions';
import { filterStops, withCheckin } from './driver-logic.ts';
import { errorKey, passengersKey, usePassengerList } from './driver-queries.ts';

const TicketScanner = lazy(() => import('./ticket-scanner.tsx').then((m) => ({ default: m.TicketScanner })));

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/** Sends a check-in and puts the answer into the list. */
function useCheckin(transportId: number) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const mark = async (participantId: number, status: CheckinStatus | null) => {
    setBusy(participantId);
    setFailed(null);
    try {
      const answer = await api<Checkin>(`/driver/transports/${transportId}/checkins/${participantId}`, {
        method: 'PUT',
        body: { status },
      });
      queryClient.setQueryData<PassengerList>(passengersKey(transportId), (list) =>
        list
          ? withCheckin(
              list,
              participantId,
              answer.status === null ? null : { status: answer.status, at: answer.at!, by: answer.by },
            )
          : list,
      );
    } catch (error) {
      setFailed(errorKey(error) === 'error.unexpected' ? 'driverApp.list.failed' : errorKey(error));
    } finally {
      setBusy(null);
    }
  };
  return { mark, busy, failed };
}

function PassengerCard({
  passenger,
  busy,
  mark,
}: {
  passenger: Passenger;
  busy: boolean;
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
  const { data: list, error, isPending, refetch } = usePassengerList(transportId);
  const { mark, busy, failed } = useCheckin(transportId);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  if (isPending) return <CircularProgress aria-label="…" />;
  if (error) return <Alert severity="error">{t(errorKey(error))}</Alert>;
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
                  mark={(id, status) => void mark(id, status)}
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
