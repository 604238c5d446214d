import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link as MuiLink,
  List,
  ListItemButton,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import type { ChatChannelDetail, ChatDepartureList } from '@tourdesk/contracts/chat.schema';
import type { PushNotification } from '@tourdesk/contracts/push-notifications.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';

/** Opens (and the first time makes) a departure's channel: search the journey or date code, pick a departure. */
export function OpenDepartureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const departures = useQuery({
    queryKey: ['chat-departures', q],
    queryFn: () => api<ChatDepartureList>(`/chat/departures?q=${encodeURIComponent(q)}`),
    enabled: open,
  });
  const choose = async (departureId: number) => {
    try {
      const channel = await api<ChatChannelDetail>(`/chat/departures/${departureId}`, { method: 'POST' });
      onClose();
      navigate(`/chat/channel/${channel.id}`);
    } catch (cause) {
      setError(cause instanceof HttpError ? cause.message : 'error.unexpected');
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="chat-departure-title" fullWidth maxWidth="sm">
      <DialogTitle id="chat-departure-title">{translate('chat.departures.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          label={translate('chat.departures.search')}
          value={q}
          onChange={(event) => setQ(event.target.value.slice(0, 100))}
        />
        {error ? <Alert severity="error">{translate(error)}</Alert> : null}
        {departures.data?.data.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{translate('chat.departures.none')}</Typography>
        ) : (
          <List dense component="div">
            {(departures.data?.data ?? []).map((departure) => (
              <ListItemButton key={departure.departureId} onClick={() => void choose(departure.departureId)}>
                <ListItemText
                  primary={departure.name}
                  secondary={`${translate('chat.departureFrom', { date: formatDate(departure.dateFrom) })}${
                    departure.channelId ? '' : ` · ${translate('chat.departures.new')}`
                  }`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Writing to a departure's travellers goes through the push channels (issue #16): a quick message to one coach
 * ('Nur an den Bus', POST /app/channel-messages, `pushmessage-send`), or a full push message to the departure's
 * travellers, opened prefilled in the push editor (`appusermanagement-create`).
 */
export function TravellersDialog({
  channel,
  open,
  onClose,
}: {
  channel: ChatChannelDetail;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const canCompose = useHasAnyPermission(['appusermanagement-create']);
  const [coach, setCoach] = useState<number | null>(channel.coaches[0]?.id ?? null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (coach === null) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await api<PushNotification>('/app/channel-messages', {
        method: 'POST',
        body: { channel: 'bus', id_transport: coach, message },
      });
      notify('chat.travellers.sent', { type: 'info', messageArgs: { smart_count: sent.receivers } });
      setMessage('');
      onClose();
    } catch (cause) {
      setError(cause instanceof HttpError ? cause.message : 'error.unexpected');
    } finally {
      setBusy(false);
    }
  };
  const source = JSON.stringify({
    receiver_group: 'dates',
    receiver_ids: [channel.departureId],
    receiver_labels: [{ id: channel.departureId, label: `${channel.name} ${formatDate(channel.dateFrom)}` }],
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="chat-travellers-title" fullWidth maxWidth="sm">
      <DialogTitle id="chat-travellers-title">{translate('chat.travellers.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup
            aria-label={translate('chat.travellers.coach')}
            value={coach === null ? '' : String(coach)}
            onChange={(event) => setCoach(Number(event.target.value))}
          >
            {channel.coaches.map((one) => (
              <FormControlLabel
                key={one.id}
                value={String(one.id)}
                control={<Radio />}
                label={`${translate('chat.travellers.coach')}: ${one.name}`}
              />
            ))}
          </RadioGroup>
          <TextField
            label={translate('chat.travellers.message')}
            multiline
            minRows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value.slice(0, 1000))}
            helperText={error ? translate(error) : `${message.length} / 1000`}
            error={error !== null}
          />
          {canCompose ? (
            <MuiLink
              component={Link}
              to={`/app/pushnotifications/create?source=${encodeURIComponent(source)}`}
              onClick={onClose}
            >
              {translate('chat.travellers.compose')}
            </MuiLink>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || coach === null || !message.trim()} onClick={() => void send()}>
          {translate('chat.travellers.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
