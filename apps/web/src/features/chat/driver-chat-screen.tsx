import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Box,
  Button,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import { Link, useParams } from 'react-router-dom';
import {
  CHAT_MESSAGE_MAX,
  type ChatChannelList,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatMessagePage,
} from '@tourdesk/contracts/chat.schema';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { followEvents } from '../../lib/event-stream.ts';
import { useT } from '../../lib/mobile.tsx';

const CHANNELS = ['driver', 'chat', 'channels'];
const messagesOf = (id: number) => ['driver', 'chat', id];

/** The driver's chat stream: a message in one of their departures' channels makes the screen read again. */
function useLiveChat() {
  const client = useQueryClient();
  useEffect(
    () =>
      followEvents(
        '/chat/stream',
        (type, data) => {
          if (type !== 'message') return;
          void client.invalidateQueries({ queryKey: messagesOf((data as ChatMessageEvent).channelId) });
          void client.invalidateQueries({ queryKey: CHANNELS });
        },
        {
          // A message written between the first read and the stream's start is read now.
          onLive: () => void client.invalidateQueries({ queryKey: ['driver', 'chat'] }),
        },
      ),
    [client],
  );
}

function ChannelList() {
  const t = useT();
  const channels = useQuery({ queryKey: CHANNELS, queryFn: () => api<ChatChannelList>('/chat/channels') });
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('chat.driver.title')}
      </Typography>
      {channels.isPending ? <CircularProgress aria-label={t('chat.driver.loading')} /> : null}
      {channels.data?.data.length === 0 ? <Alert severity="info">{t('chat.driver.none')}</Alert> : null}
      <List component="div">
        {(channels.data?.data ?? []).map((channel) => (
          <ListItemButton key={channel.id} component={Link} to={`/driver/chat/${channel.id}`} sx={{ py: 1.5 }}>
            <ListItemText
              primary={channel.name}
              secondary={channel.dateFrom ? t('chat.departureFrom', { date: formatDate(channel.dateFrom) }) : null}
            />
            {channel.unread > 0 ? (
              <Badge
                badgeContent={channel.unread}
                color="primary"
                aria-label={t('chat.driver.unread')}
                sx={{ mr: 1 }}
              />
            ) : null}
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

function Thread({ id }: { id: number }) {
  const t = useT();
  const client = useQueryClient();
  const page = useQuery({
    queryKey: messagesOf(id),
    queryFn: () => api<ChatMessagePage>(`/chat/channels/${id}/messages`),
  });
  const channels = useQuery({ queryKey: CHANNELS, queryFn: () => api<ChatChannelList>('/chat/channels') });
  const name = channels.data?.data.find((channel) => channel.id === id)?.name ?? '';
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement | null>(null);
  const messages: ChatMessage[] = page.data?.data ?? [];
  const newest = messages.at(-1)?.id ?? 0;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
    if (newest > 0)
      void api(`/chat/channels/${id}/read`, { method: 'POST', body: { messageId: newest } })
        .then(() => client.invalidateQueries({ queryKey: CHANNELS }))
        .catch(() => undefined);
  }, [client, id, newest]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await api(`/chat/channels/${id}/messages`, { method: 'POST', body: { text } });
      setText('');
      await client.invalidateQueries({ queryKey: messagesOf(id) });
    } catch (failure) {
      setError(failure instanceof Error && failure.message.includes('.') ? failure.message : 'error.errorOccurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button component={Link} to="/driver/chat" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('chat.back')}
      </Button>
      <Typography component="h1" variant="h6" sx={{ mb: 1 }}>
        {name}
      </Typography>
      {page.isPending ? <CircularProgress aria-label={t('chat.driver.loading')} /> : null}
      {page.isError ? <Alert severity="error">{t('error.errorOccurred')}</Alert> : null}
      {page.data && messages.length === 0 ? (
        <Typography color="text.secondary">{t('chat.noMessages')}</Typography>
      ) : null}
      <Box role="log" aria-live="polite" aria-label={name} sx={{ mb: 2 }}>
        {messages.map((message) => (
          <Box
            key={message.id}
            data-testid="chat-message"
            sx={{
              my: 1,
              p: 1.5,
              borderRadius: 2,
              bgcolor: message.own ? 'primary.main' : 'action.hover',
              color: message.own ? 'primary.contrastText' : 'text.primary',
              ml: message.own ? 4 : 0,
              mr: message.own ? 0 : 4,
            }}
          >
            <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
              {`${message.author.name} · ${formatDateTime(message.createdAt)}`}
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.deleted ? t('chat.deleted') : message.text}
            </Typography>
          </Box>
        ))}
        <div ref={end} />
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(error)}
        </Alert>
      ) : null}
      <TextField
        label={t('chat.composer.label')}
        multiline
        minRows={2}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, CHAT_MESSAGE_MAX))}
        sx={{ mb: 1 }}
      />
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<SendIcon />}
        disabled={busy || text.trim() === ''}
        onClick={() => void send()}
      >
        {t('chat.composer.send')}
      </Button>
    </Box>
  );
}

/**
 * /driver/chat and /driver/chat/{id}: the driver's departures' channels (docs/adr/0026) — the office writes there
 * about the boarding list and the day's changes — with large touch targets, live through the chat stream.
 */
export function DriverChatScreen() {
  const id = Number(useParams().id ?? 0);
  useLiveChat();
  return id > 0 ? <Thread id={id} /> : <ChannelList />;
}
