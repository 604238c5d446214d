import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '@tourdesk/contracts/format';
import {
  DIARY_MAX_PHOTO_BYTES,
  DIARY_MAX_PHOTOS,
  type DiaryEntry,
  type DiaryPhoto,
  type DiaryTrip,
} from '@tourdesk/contracts/diary.schema';
import { api } from '../../lib/api-client.ts';
import { useMobileLocale, useT } from '../../lib/mobile.tsx';
import { uploadErrorKey, uploadFile } from '../../shared/upload-file.ts';
import { diaryDays, tripDayNumber } from './diary-days.ts';
import { PrivateImage } from './private-image.tsx';

const errorKey = (error: unknown) => (error instanceof Error ? error.message : 'error.unexpected');

/** /appuser/Diary: the traveller's journeys; one alone opens at once. */
function DiaryTrips() {
  const t = useT();
  const navigate = useNavigate();
  const trips = useQuery({ queryKey: ['diary-trips'], queryFn: () => api<DiaryTrip[]>('/diary/trips') });
  const only = trips.data?.length === 1 ? trips.data[0] : undefined;
  useEffect(() => {
    if (only) void navigate(`/appuser/Diary/${only.bookingId}`, { replace: true });
  }, [only, navigate]);
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('diary.title')}
      </Typography>
      {trips.isPending ? <CircularProgress aria-label={t('diary.loading')} /> : null}
      {trips.data?.length === 0 ? <Alert severity="info">{t('diary.noTrips')}</Alert> : null}
      <List>
        {trips.data?.map((trip) => (
          <ListItem key={trip.bookingId} disablePadding divider>
            <ListItemButton component={Link} to={`/appuser/Diary/${trip.bookingId}`}>
              <ListItemText
                primary={trip.journeyTitle}
                secondary={`${formatDate(trip.dateFrom)} – ${formatDate(trip.dateTill)} · ${t('diary.entryCount', {
                  count: trip.entries,
                })}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

type Draft = { id: number | null; day: string; title: string; text: string; files: File[] };

/** /appuser/Diary/{bookingId}: the journey's days as a timeline with the traveller's entries and photos. */
function DiaryOfTrip({ bookingId }: { bookingId: number }) {
  const t = useT();
  const [locale] = useMobileLocale();
  const client = useQueryClient();
  const key = ['diary', bookingId];
  const trips = useQuery({ queryKey: ['diary-trips'], queryFn: () => api<DiaryTrip[]>('/diary/trips') });
  const entries = useQuery({
    queryKey: key,
    queryFn: () => api<DiaryEntry[]>(`/users-vorgaenge/${bookingId}/diary`),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [viewing, setViewing] = useState<{ photo: DiaryPhoto; title: string } | null>(null);

  const save = useMutation({
    mutationFn: async (value: Draft) => {
      const body = { day: value.day, title: value.title, text: value.text };
      let entry =
        value.id === null
          ? await api<DiaryEntry>(`/users-vorgaenge/${bookingId}/diary`, { method: 'POST', body })
          : await api<DiaryEntry>(`/users-vorgaenge/${bookingId}/diary/${value.id}`, { method: 'PATCH', body });
      for (const file of value.files) {
        try {
          entry = await uploadFile<DiaryEntry>(`/users-vorgaenge/${bookingId}/diary/${entry.id}/photos`, file);
        } catch (error) {
          throw Object.assign(new Error(uploadErrorKey(error)), { photo: true });
        }
      }
      return entry;
    },
    onSuccess: (entry) => {
      setDraft(null);
      setNotice({ severity: 'success', text: t('diary.saved', { title: entry.title }) });
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['diary-trips'] });
    },
    onError: (error) => {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if ((error as { photo?: boolean }).photo) {
        setErrors({ file: errorKey(error) });
        void client.invalidateQueries({ queryKey: key });
      } else setErrors(body?.errors ?? { form: errorKey(error) });
    },
  });
  const remove = useMutation({
    mutationFn: (entry: DiaryEntry) =>
      api<DiaryEntry>(`/users-vorgaenge/${bookingId}/diary/${entry.id}`, { method: 'DELETE' }),
    onSuccess: (entry) => {
      setNotice({ severity: 'success', text: t('diary.deleted', { title: entry.title }) });
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['diary-trips'] });
    },
    onError: (error) => setNotice({ severity: 'error', text: t(errorKey(error)) }),
  });
  const removePhoto = useMutation({
    mutationFn: (change: { entry: DiaryEntry; photo: DiaryPhoto }) =>
      api<DiaryEntry>(`/users-vorgaenge/${bookingId}/diary/${change.entry.id}/photos/${change.photo.id}`, {
        method: 'DELETE',
      }),
    onSuccess: () => {
      setViewing(null);
      void client.invalidateQueries({ queryKey: key });
    },
  });

  const trip = trips.data?.find((candidate) => candidate.bookingId === bookingId);
  if (entries.isError)
    return (
      <>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('diary.title')}
        </Typography>
        <Alert severity="error">{t(errorKey(entries.error))}</Alert>
      </>
    );
  if (!trip || !entries.data) return <CircularProgress aria-label={t('diary.loading')} />;
  const list = entries.data;
  const days = diaryDays(
    trip.dateFrom,
    trip.dateTill,
    list.map((entry) => entry.day),
  );
  const dayTitle = (day: string) => {
    const weekday = new Intl.DateTimeFormat(locale || 'de', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
    const number = tripDayNumber(trip.dateFrom, trip.dateTill, day);
    return number === null
      ? `${weekday}, ${formatDate(day)}`
      : t('diary.dayTitle', { number, weekday, date: formatDate(day) });
  };
  const openNew = (day: string) => {
    setErrors({});
    setDraft({ id: null, day, title: '', text: '', files: [] });
  };
  const editing = draft?.id ? list.find((entry) => entry.id === draft.id) : undefined;
  const photoRoom = DIARY_MAX_PHOTOS - (editing?.photos.length ?? 0);

  return (
    <Box>
      <Typography component="h1" variant="h5">
        {t('diary.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`${trip.journeyTitle} · ${formatDate(trip.dateFrom)} – ${formatDate(trip.dateTill)}`}
      </Typography>
      {notice ? (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }} role="status">
          {notice.text}
        </Alert>
      ) : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', pl: 2 }}>
        {days.map((day) => {
          const ofDay = list.filter((entry) => entry.day === day);
          return (
            <Box component="li" key={day} sx={{ mb: 3, position: 'relative' }}>
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: -23,
                  top: 6,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: ofDay.length > 0 ? 'primary.main' : 'background.paper',
                  border: 2,
                  borderColor: 'primary.main',
                }}
              />
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
                  {dayTitle(day)}
                </Typography>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => openNew(day)}
                  aria-label={t('diary.addFor', { day: formatDate(day) })}
                >
                  {t('diary.add')}
                </Button>
              </Stack>
              {ofDay.map((entry) => (
                <Card key={entry.id} variant="outlined" sx={{ mb: 1 }}>
                  <CardContent sx={{ pb: 1 }}>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
                      {entry.title}
                    </Typography>
                    {entry.text ? (
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                        {entry.text}
                      </Typography>
                    ) : null}
                    {entry.photos.length > 0 ? (
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                        {entry.photos.map((photo, index) => (
                          <ButtonBase
                            key={photo.id}
                            onClick={() => setViewing({ photo, title: entry.title })}
                            aria-label={t('diary.viewPhoto', { number: index + 1, title: entry.title })}
                            sx={{ borderRadius: 1, overflow: 'hidden' }}
                          >
                            <PrivateImage
                              src={photo.thumbUrl}
                              alt=""
                              width={96}
                              height={96}
                              style={{ objectFit: 'cover', display: 'block' }}
                            />
                          </ButtonBase>
                        ))}
                      </Stack>
                    ) : null}
                  </CardContent>
                  <CardActions>
                    <Button
                      size="small"
                      onClick={() => {
                        setErrors({});
                        setDraft({
                          id: entry.id,
                          day: entry.day,
                          title: entry.title,
                          text: entry.text ?? '',
                          files: [],
                        });
                      }}
                      aria-label={t('diary.editNamed', { title: entry.title })}
                    >
                      {t('diary.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        if (window.confirm(t('diary.confirmDelete', { title: entry.title }))) remove.mutate(entry);
                      }}
                      aria-label={t('diary.deleteNamed', { title: entry.title })}
                    >
                      {t('diary.delete')}
                    </Button>
                  </CardActions>
                </Card>
              ))}
            </Box>
          );
        })}
      </Box>

      <Dialog open={draft !== null} onClose={() => setDraft(null)} fullWidth>
        {draft ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (draft.title.trim() === '') {
                setErrors({ title: 'error.empty' });
                return;
              }
              save.mutate(draft);
            }}
          >
            <DialogTitle>{t(draft.id === null ? 'diary.newEntry' : 'diary.editEntry')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ mt: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {dayTitle(draft.day)}
                </Typography>
                <TextField
                  label={t('diary.fields.title')}
                  value={draft.title}
                  onChange={(event) => setDraft({ ...draft, title: event.target.value })}
                  error={Boolean(errors.title)}
                  helperText={errors.title ? t(errors.title) : undefined}
                  required
                  autoFocus
                />
                <TextField
                  label={t('diary.fields.text')}
                  value={draft.text}
                  onChange={(event) => setDraft({ ...draft, text: event.target.value })}
                  multiline
                  minRows={4}
                  error={Boolean(errors.text)}
                  helperText={errors.text ? t(errors.text) : undefined}
                />
                {photoRoom > 0 ? (
                  <Box>
                    <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
                      {t('diary.addPhoto')}
                      <input
                        hidden
                        type="file"
                        accept="image/*"
                        capture="environment"
                        multiple
                        data-testid="diary-photo-input"
                        onChange={(event) => {
                          const picked = Array.from(event.target.files ?? []);
                          // Too big for the server: said at once, not after the upload.
                          const fitting = picked.filter((file) => file.size <= DIARY_MAX_PHOTO_BYTES);
                          setErrors(fitting.length < picked.length ? { file: 'error.uploadSize' } : {});
                          setDraft({ ...draft, files: [...draft.files, ...fitting].slice(0, photoRoom) });
                          event.target.value = '';
                        }}
                      />
                    </Button>
                    {draft.files.length > 0 ? (
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {t('diary.photosChosen', { count: draft.files.length })}
                      </Typography>
                    ) : null}
                  </Box>
                ) : (
                  <Typography variant="body2">{t('diary.photoLimit', { count: DIARY_MAX_PHOTOS })}</Typography>
                )}
                {errors.file ? <Alert severity="error">{t(errors.file)}</Alert> : null}
                {errors.day ? <Alert severity="error">{t('diary.dayOutside')}</Alert> : null}
                {errors.form ? <Alert severity="error">{t(errors.form)}</Alert> : null}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDraft(null)}>{t('diary.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t('diary.save')}
              </Button>
            </DialogActions>
          </form>
        ) : null}
      </Dialog>

      <Dialog open={viewing !== null} onClose={() => setViewing(null)} fullScreen>
        {viewing ? (
          <>
            <DialogTitle sx={{ display: 'flex', alignItems: 'center' }}>
              <Box component="span" sx={{ flex: 1 }}>
                {viewing.title}
              </Box>
              <IconButton aria-label={t('diary.close')} onClick={() => setViewing(null)}>
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center' }}>
              <PrivateImage
                src={viewing.photo.url}
                alt={t('diary.photoOf', { title: viewing.title })}
                width={viewing.photo.width ?? 800}
                height={viewing.photo.height ?? 600}
                style={{ maxWidth: '100%', maxHeight: '80vh', height: 'auto', width: 'auto', objectFit: 'contain' }}
              />
            </DialogContent>
            <DialogActions>
              <Button
                color="error"
                onClick={() => {
                  const entry = list.find((candidate) => candidate.photos.some((p) => p.id === viewing.photo.id));
                  if (entry && window.confirm(t('diary.confirmDeletePhoto')))
                    removePhoto.mutate({ entry, photo: viewing.photo });
                }}
              >
                {t('diary.deletePhoto')}
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Box>
  );
}

function DiaryScreen() {
  const { id } = useParams();
  return id ? <DiaryOfTrip bookingId={Number(id)} /> : <DiaryTrips />;
}

export const DiaryPage = DiaryScreen;
