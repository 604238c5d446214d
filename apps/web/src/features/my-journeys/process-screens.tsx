import { Alert, Box, Button, Card, CardActionArea, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../lib/api-client.ts';
import { useMobileLocale, useT } from '../../lib/mobile.tsx';
import { Loading, LoadFailed } from './status.tsx';
import { formatDay, formatMoney, type Process } from './trip-api.ts';

/**
 * The traveller's processes (spec §7 GET /users-process-app): the commercial side of their bookings — number,
 * invoice, total, paid, open. `?show-active` (default) and `?show-inactive` as tabs.
 */
function ProcessList() {
  const t = useT();
  const [locale] = useMobileLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const kind = search.includes('show-inactive') ? 'inactive' : 'active';
  const query = useQuery({
    queryKey: ['my-journeys', 'process', kind],
    queryFn: () => api<Process[]>(`/users-process-app?${kind === 'active' ? 'show_active=1' : 'show_inactive=1'}`),
  });
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h5">
        {t('myJourneys.process.title')}
      </Typography>
      <Tabs
        value={kind}
        onChange={(_, value: string) => navigate(`/appuser/process?show-${value}`)}
        variant="fullWidth"
        aria-label={t('myJourneys.process.title')}
      >
        <Tab value="active" label={t('myJourneys.process.active')} />
        <Tab value="inactive" label={t('myJourneys.process.inactive')} />
      </Tabs>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadFailed retry={() => void query.refetch()} /> : null}
      {query.data?.length === 0 ? <Alert severity="info">{t('myJourneys.process.empty')}</Alert> : null}
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {query.data?.map((process) => (
          <Card component="li" key={process.nr} variant="outlined" sx={{ listStyle: 'none' }}>
            <CardActionArea component={RouterLink} to={`/appuser/process/${process.nr}`}>
              <CardContent>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {process.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('myJourneys.process.number', { nr: process.nr })} · {formatDay(process.date_from, locale)}
                </Typography>
                <Typography variant="body2">
                  {t('myJourneys.process.open')}: {formatMoney(process.open, locale)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

function ProcessDetail() {
  const t = useT();
  const [locale] = useMobileLocale();
  const { id } = useParams();
  const query = useQuery({
    queryKey: ['my-journeys', 'process-one', id],
    queryFn: () => api<Process | Record<string, never>>(`/users-process-app/${Number(id)}`),
  });
  const back = (
    <Button component={RouterLink} to="/appuser/process" startIcon={<ArrowBackIcon />} size="small">
      {t('myJourneys.back')}
    </Button>
  );
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <Box sx={{ p: 2 }}>
        <LoadFailed retry={() => void query.refetch()} />
      </Box>
    );
  const process = query.data;
  if (!('nr' in process))
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        {back}
        <Alert severity="info">{t('myJourneys.process.empty')}</Alert>
      </Stack>
    );
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <Box>{back}</Box>
      <Typography component="h1" variant="h5">
        {process.name}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Row label={t('myJourneys.process.number', { nr: '' }).trim()} value={String(process.nr)} />
          <Row label={t('myJourneys.process.departure')} value={formatDay(process.date_from, locale)} />
          <Row label={t('myJourneys.process.invoice')} value={process.invoice_id ?? '–'} />
          <Row label={t('myJourneys.process.total')} value={formatMoney(process.total, locale)} />
          <Row label={t('myJourneys.process.paid')} value={formatMoney(process.paid, locale)} />
          <Row label={t('myJourneys.process.open')} value={formatMoney(process.open, locale)} />
        </CardContent>
      </Card>
      <Button component={RouterLink} to={`/appuser/aktJourneys/${process.nr}`} variant="contained">
        {t('myJourneys.process.toJourney')}
      </Button>
    </Stack>
  );
}

/** /appuser/process (`?show-active`, `?show-inactive`). */
export const ProcessListScreen = ProcessList;
/** /appuser/process/{id}. */
export const ProcessDetailScreen = ProcessDetail;
