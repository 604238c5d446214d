import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Divider,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import DownloadIcon from '@mui/icons-material/Download';
import PhoneIcon from '@mui/icons-material/Phone';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../lib/api-client.ts';
import { useMobileLocale, useT } from '../../lib/mobile.tsx';
import { FeedbackCard } from './feedback-card.tsx';
import { Loading, LoadFailed } from './status.tsx';
import {
  downloadDocument,
  fetchShareRequests,
  fetchTrip,
  formatDay,
  mapHref,
  plainText,
  tripKey,
  type ShareRequest,
  type TripDetail,
} from './trip-api.ts';

type Stop = NonNullable<TripDetail['departure']>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const address = (stop: Stop) =>
  [stop.street, [stop.zip, stop.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The first card: when and where the coach picks the traveller up, and their seats. */
function DepartureCard({ trip }: { trip: TripDetail }) {
  const t = useT();
  const [locale] = useMobileLocale();
  const stop = trip.departure;
  const seats = trip.participants.map((p) => p.seatOutward).filter((seat): seat is string => seat !== null);
  return (
    <Card
      component="section"
      aria-labelledby="departure-title"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <DirectionsBusIcon aria-hidden />
          <Typography id="departure-title" component="h2" variant="h6">
            {t('myJourneys.departure.title')}
          </Typography>
        </Stack>
        {stop ? (
          <>
            <Typography variant="h5" component="p" data-testid="departure-date">
              {formatDay(stop.date, locale)}
            </Typography>
            {stop.time ? (
              <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="pickup-time">
                {t('myJourneys.departure.pickup', { time: stop.time })}
              </Typography>
            ) : null}
            <Typography variant="subtitle1" component="p" sx={{ mt: 1, fontWeight: 600 }} data-testid="pickup-stop">
              {stop.name}
            </Typography>
            {address(stop) ? <Typography variant="body2">{address(stop)}</Typography> : null}
            <Link
              href={mapHref(stop)}
              target="_blank"
              rel="noopener"
              color="inherit"
              sx={{ display: 'inline-block', mt: 1 }}
            >
              {t('myJourneys.departure.map')}
            </Link>
          </>
        ) : (
          <Typography>{t('myJourneys.departure.none')}</Typography>
        )}
        {seats.length > 0 ? (
          <Typography variant="subtitle1" component="p" sx={{ mt: 1 }} data-testid="seats">
            {t(seats.length === 1 ? 'myJourneys.departure.seat' : 'myJourneys.departure.seats')}: {seats.join(', ')}
          </Typography>
        ) : null}
        {trip.qrTickets ? (
          <Button
            component={RouterLink}
            to={`/appuser/tickets/${trip.id}`}
            variant="contained"
            color="inherit"
            startIcon={<QrCodeIcon />}
            sx={{ mt: 2, color: 'primary.main', bgcolor: 'background.paper' }}
            fullWidth
          >
            {t('myJourneys.departure.tickets')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StopLine({ label, stop, seat }: { label: string; stop: Stop | null; seat: string | null }) {
  const t = useT();
  const [locale] = useMobileLocale();
  return (
    <Typography variant="body2">
      <strong>{label}:</strong>{' '}
      {stop ? `${formatDay(stop.date, locale, false)}${stop.time ? `, ${stop.time}` : ''} – ${stop.name}` : '–'}
      {' · '}
      {seat ? t('myJourneys.seatShort', { seat }) : t('myJourneys.noSeat')}
    </Typography>
  );
}

function Documents({ trip }: { trip: TripDetail }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (trip.documents.length === 0) return <Typography variant="body2">{t('myJourneys.noDocuments')}</Typography>;
  return (
    <Stack spacing={1}>
      {failed ? <Alert severity="error">{t('myJourneys.downloadFailed')}</Alert> : null}
      {trip.documents.map((doc) => {
        const label =
          doc.kind === 'confirmation'
            ? t('myJourneys.document.confirmation')
            : t('myJourneys.document.invoice', { number: doc.number });
        return (
          <Button
            key={doc.href}
            variant="outlined"
            startIcon={<DownloadIcon />}
            sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
            onClick={() => {
              setFailed(false);
              downloadDocument(doc.href, `${label}.pdf`).catch(() => setFailed(true));
            }}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}

function ShareRequests({ trip }: { trip: TripDetail }) {
  const t = useT();
  const [locale] = useMobileLocale();
  const queryClient = useQueryClient();
  const key = ['my-journeys', 'share-requests', trip.id];
  const requests = useQuery({ queryKey: key, queryFn: () => fetchShareRequests(trip.id) });
  const answer = useMutation({
    mutationFn: ({ request, confirm }: { request: ShareRequest; confirm: boolean }) =>
      api<ShareRequest[]>(`/users-vorgaenge/${trip.id}/share-requests/${request.userId}${confirm ? '/confirm' : ''}`, {
        method: confirm ? 'POST' : 'DELETE',
      }),
    onSuccess: (rest) => {
      queryClient.setQueryData(key, rest);
      void queryClient.invalidateQueries({ queryKey: tripKey(trip.id) });
    },
  });
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        {t('myJourneys.share.requests')}
      </Typography>
      <List dense>
        {requests.data.map((request) => (
          <ListItem key={request.userId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={request.name}
              secondary={`${request.email} · ${t('myJourneys.share.since', { date: formatDay(request.requestedAt, locale) })}`}
            />
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                size="small"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ request, confirm: true })}
              >
                {t('myJourneys.share.confirm')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ request, confirm: false })}
              >
                {t('myJourneys.share.decline')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function RemoveTrip({ trip, back }: { trip: TripDetail; back: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api(`/users-vorgaenge/${trip.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['my-journeys'] });
      navigate(back);
    },
  });
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {t('myJourneys.remove.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="remove-trip-title">
        <DialogContent>
          <DialogContentText id="remove-trip-title">{t('myJourneys.remove.question')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('myJourneys.remove.cancel')}</Button>
          <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('myJourneys.remove.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Journey({ trip, back }: { trip: TripDetail; back: string }) {
  const t = useT();
  const [locale] = useMobileLocale();
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <Box>
        <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} size="small">
          {t('myJourneys.back')}
        </Button>
        <Typography component="h1" variant="h5" sx={{ mt: 1 }}>
          {trip.title}
        </Typography>
        {trip.subtitle ? (
          <Typography variant="body2" color="text.secondary">
            {trip.subtitle}
          </Typography>
        ) : null}
        <Typography variant="body2">
          {`${formatDay(trip.dateFrom, locale)} – ${formatDay(trip.dateTill, locale)}`}
        </Typography>
      </Box>
      {back === '/appuser/historyjourneys' ? <FeedbackCard bookingId={trip.id} /> : null}
      <DepartureCard trip={trip} />
      <Section id="participants-title" title={t('myJourneys.participants')}>
        <Stack spacing={1.5} divider={<Divider flexItem />}>
          {trip.participants.map((person) => (
            <Box key={person.position}>
              <Typography sx={{ fontWeight: 600 }}>{person.name}</Typography>
              <StopLine label={t('myJourneys.outward')} stop={person.outward} seat={person.seatOutward} />
              <StopLine label={t('myJourneys.return')} stop={person.return} seat={person.seatReturn} />
            </Box>
          ))}
        </Stack>
      </Section>
      {trip.days.length > 0 ? (
        <Section id="itinerary-title" title={t('myJourneys.itinerary')}>
          <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {trip.days.map((day) => (
              <Box component="li" key={day.dayNo}>
                <Typography variant="overline" component="p" color="text.secondary">
                  {t('myJourneys.day', { n: day.dayNo })} · {formatDay(day.date, locale, false)}
                </Typography>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {day.title}
                </Typography>
                {day.text ? <Typography variant="body2">{plainText(day.text)}</Typography> : null}
              </Box>
            ))}
          </Stack>
        </Section>
      ) : null}
      {trip.hotels.length > 0 ? (
        <Section id="hotel-title" title={t('myJourneys.hotel', { smart_count: trip.hotels.length })}>
          <Stack spacing={1}>
            {trip.hotels.map((hotel) => (
              <Box key={hotel.name}>
                <Typography sx={{ fontWeight: 600 }}>{hotel.name}</Typography>
                <Typography variant="body2">
                  {[hotel.street, [hotel.zip, hotel.city].filter(Boolean).join(' '), hotel.country]
                    .filter(Boolean)
                    .join(', ')}
                </Typography>
                {hotel.stars ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('myJourneys.stars', { n: hotel.stars })}
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Stack>
        </Section>
      ) : null}
      <Section id="documents-title" title={t('myJourneys.documents')}>
        <Documents trip={trip} />
      </Section>
      {trip.emergencyNumbers.length > 0 ? (
        <Section id="emergency-title" title={t('myJourneys.emergency')}>
          <Stack spacing={1}>
            {trip.emergencyNumbers.map((entry) => (
              <Button
                key={`${entry.label}-${entry.phone}`}
                href={`tel:${entry.phone.replace(/[^\d+]/g, '')}`}
                variant="outlined"
                color="error"
                startIcon={<PhoneIcon />}
                sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' }}
              >
                {entry.label}: {entry.phone}
              </Button>
            ))}
          </Stack>
        </Section>
      ) : null}
      {trip.relation === 'booker' ? (
        <Section id="share-title" title={t('myJourneys.share.title')}>
          <Typography variant="body2">{t('myJourneys.share.hint', { nr: trip.vorgangnr })}</Typography>
          <ShareRequests trip={trip} />
        </Section>
      ) : null}
      <RemoveTrip trip={trip} back={back} />
    </Stack>
  );
}

function JourneyScreen({ back }: { back: string }) {
  const { id } = useParams();
  const bookingId = Number(id);
  const query = useQuery({ queryKey: tripKey(bookingId), queryFn: () => fetchTrip(bookingId), enabled: bookingId > 0 });
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <Box sx={{ p: 2 }}>
        <LoadFailed retry={() => void query.refetch()} />
      </Box>
    );
  return <Journey trip={query.data} back={back} />;
}

/** /appuser/aktJourneys/{bookingId}: the journey for the phone. */
export function ActiveJourneyScreen() {
  return <JourneyScreen back="/appuser/aktJourneys" />;
}

/** /appuser/historyjourneys/{bookingId}: a past journey, the same screen. */
export function PastJourneyScreen() {
  return <JourneyScreen back="/appuser/historyjourneys" />;
}
