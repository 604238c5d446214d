import { Alert, Box, Card, CardActionArea, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import { Link } from 'react-router-dom';
import type { DriverTransport } from '@tourdesk/contracts/driver-app.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { useT } from '../../lib/mobile.tsx';
import { groupTransports, todayInBerlin } from './driver-logic.ts';
import { errorKey, useDriverTransports } from './driver-queries.ts';

function TransportCard({ transport, big }: { transport: DriverTransport; big: boolean }) {
  const t = useT();
  const stop = transport.firstStop;
  return (
    <Card variant={big ? 'elevation' : 'outlined'} elevation={big ? 3 : 0}>
      <CardActionArea component={Link} to={`/driver/transports/${transport.id}`}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <DirectionsBusIcon color="primary" fontSize={big ? 'large' : 'medium'} aria-hidden />
            <Typography component="h3" variant={big ? 'h5' : 'subtitle1'} sx={{ fontWeight: 'bold' }}>
              {transport.journeyTitle}
            </Typography>
          </Stack>
          <Typography variant={big ? 'body1' : 'body2'}>
            {formatDate(transport.dateFrom)} · {t(`driverApp.direction.${transport.direction}`)} · {transport.name}
            {transport.vehicle ? ` · ${transport.vehicle}` : ''}
          </Typography>
          {stop ? (
            <Typography variant="body2" color="text.secondary">
              {t('driverApp.home.firstStop', { time: stop.time ?? '', name: stop.name })}
            </Typography>
          ) : null}
          <Typography variant={big ? 'h6' : 'body2'} sx={{ mt: big ? 1 : 0 }}>
            {transport.boarded > 0
              ? t('driverApp.home.boarded', { boarded: transport.boarded, count: transport.passengers })
              : t('driverApp.home.passengers', { count: transport.passengers })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Section({ title, transports, big = false }: { title: string; transports: DriverTransport[]; big?: boolean }) {
  if (transports.length === 0) return null;
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h2" variant="overline" sx={{ fontSize: '0.9rem' }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>
        {transports.map((transport) => (
          <TransportCard key={transport.id} transport={transport} big={big} />
        ))}
      </Stack>
    </Box>
  );
}

/** /driver: the driver's coaches — today's first and big, then the next ones, then the last days'. */
function DriverHomeScreen() {
  const t = useT();
  const { data, error, isPending } = useDriverTransports();
  if (isPending) return <CircularProgress aria-label={t('driverApp.loading')} />;
  if (error) return <Alert severity="error">{t(errorKey(error))}</Alert>;
  const groups = groupTransports(data, todayInBerlin());
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('driverApp.home.title')}
      </Typography>
      {data.length === 0 ? <Typography>{t('driverApp.home.none')}</Typography> : null}
      <Section title={t('driverApp.home.today')} transports={groups.today} big />
      <Section title={t('driverApp.home.next')} transports={groups.next} />
      <Section title={t('driverApp.home.past')} transports={groups.past} />
    </>
  );
}

export const DriverHome = DriverHomeScreen;
