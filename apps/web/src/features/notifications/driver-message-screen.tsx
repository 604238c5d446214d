import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { DriverTransport } from '@tourdesk/contracts/driver-app.schema';
import { DRIVER_MESSAGE_MAX, type DriverMessage } from '@tourdesk/contracts/push-inbox.schema';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/mobile.tsx';

const errorKey = (error: unknown) =>
  error instanceof Error && error.message.includes('.') ? error.message : 'notifications.driver.failed';

/**
 * /appuser/notifications/create and /copy/{id} (spec §2): a driver's quick message to the travellers of a coach
 * they drive (picked when several; `?transport=` preselects one). Copy starts from an earlier message of the coach.
 */
function DriverMessageScreen() {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const copyId = Number(useParams().id ?? 0);
  const [search] = useSearchParams();
  const coaches = useQuery({
    queryKey: ['driver', 'transports'],
    queryFn: () => api<DriverTransport[]>('/driver/transports'),
  });
  const [chosen, setChosen] = useState<number | null>(Number(search.get('transport')) || null);
  const transportId = chosen ?? coaches.data?.[0]?.id ?? null;
  const sent = useQuery({
    queryKey: ['driver', 'transports', transportId, 'messages'],
    queryFn: () => api<DriverMessage[]>(`/driver/transports/${transportId}/messages`),
    enabled: transportId !== null,
  });
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const copied = copyId ? sent.data?.find((message) => message.id === copyId)?.message : undefined;
  const message = text ?? copied ?? '';
  const send = async () => {
    if (transportId === null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api<DriverMessage>(`/driver/transports/${transportId}/messages`, {
        method: 'POST',
        body: { message },
      });
      setDone(answer.receivers);
      setText('');
      await client.invalidateQueries({ queryKey: ['driver', 'transports', transportId, 'messages'] });
      if (copyId) navigate(`/appuser/notifications/create?transport=${transportId}`, { replace: true });
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button
        component={Link}
        to={transportId ? `/driver/transports/${transportId}` : '/driver'}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
      >
        {t('notifications.driver.back')}
      </Button>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('notifications.driver.title')}
      </Typography>
      {coaches.isPending ? <CircularProgress aria-label={t('notifications.loading')} /> : null}
      {coaches.data?.length === 0 ? <Alert severity="info">{t('notifications.driver.noCoach')}</Alert> : null}
      {coaches.data && coaches.data.length > 0 ? (
        <>
          {coaches.data.length > 1 ? (
            <TextField
              select
              fullWidth
              label={t('notifications.driver.coach')}
              value={transportId ?? ''}
              onChange={(event) => setChosen(Number(event.target.value))}
              sx={{ mb: 2 }}
            >
              {coaches.data.map((coach) => (
                <MenuItem key={coach.id} value={coach.id}>
                  {`${formatDate(coach.dateFrom)} · ${coach.journeyTitle} · ${coach.name}`}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {`${formatDate(coaches.data[0]!.dateFrom)} · ${coaches.data[0]!.journeyTitle} · ${coaches.data[0]!.name}`}
            </Typography>
          )}
          <TextField
            label={t('notifications.driver.message')}
            multiline
            minRows={4}
            fullWidth
            value={message}
            onChange={(event) => {
              setText(event.target.value);
              setDone(null);
            }}
            slotProps={{ htmlInput: { maxLength: DRIVER_MESSAGE_MAX } }}
            helperText={`${message.length} / ${DRIVER_MESSAGE_MAX}`}
            sx={{ mb: 2 }}
          />
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t(error)}
            </Alert>
          ) : null}
          {done !== null ? (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              {t('notifications.driver.sent', { count: done })}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            size="large"
            startIcon={<SendIcon />}
            disabled={busy || message.trim().length === 0}
            onClick={() => void send()}
          >
            {t('notifications.driver.send')}
          </Button>
          {sent.data && sent.data.length > 0 ? (
            <Box component="section" sx={{ mt: 3 }}>
              <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                {t('notifications.driver.earlier')}
              </Typography>
              <Paper variant="outlined">
                <List disablePadding>
                  {sent.data.map((earlier, index) => (
                    <ListItem
                      key={earlier.id}
                      divider={index < sent.data.length - 1}
                      secondaryAction={
                        <Button
                          size="small"
                          component={Link}
                          to={`/appuser/notifications/copy/${earlier.id}?transport=${transportId}`}
                          onClick={() => setText(null)}
                          startIcon={<ContentCopyIcon />}
                        >
                          {t('notifications.driver.copy')}
                        </Button>
                      }
                    >
                      <ListItemText
                        primary={earlier.message}
                        secondary={t('notifications.driver.stats', {
                          time: formatDateTime(earlier.sentAt),
                          receivers: earlier.receivers,
                          read: earlier.read,
                        })}
                        sx={{ pr: 10 }}
                        slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </Paper>
            </Box>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

export const DriverMessagePage = DriverMessageScreen;
