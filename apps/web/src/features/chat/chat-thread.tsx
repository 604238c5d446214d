import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CampaignIcon from '@mui/icons-material/Campaign';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  IconButton,
  InputAdornment,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { ChatChannelDetail, ChatMessage, ChatMessagePage, ChatUnread } from '@tourdesk/contracts/chat.schema';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { ChatComposer, type ComposerSubmit } from './chat-composer.tsx';
import { TravellersDialog } from './chat-dialogs.tsx';
import { splitMentions } from './mentions.ts';

export const channelKey = (channel: string) => ['chat-channel', channel];
export const messagesKey = (channelId: number) => ['chat-messages', channelId];

/** The name of a channel in the user's language. */
export const useChannelName = () => {
  const translate = useTranslate();
  return (channel: { kind: string; name: string; dateFrom: string | null }) =>
    channel.kind === 'general' ? translate('chat.general') : channel.name;
};

function MessageText({ message }: { message: ChatMessage }) {
  return (
    <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitMentions(message.text, message.mentions).map((part, index) =>
        part.mention ? (
          <Box key={index} component="strong" sx={{ color: 'primary.main' }}>
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

function MessageItem({
  message,
  canWrite,
  onEdit,
  onDelete,
}: {
  message: ChatMessage;
  canWrite: boolean;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="li"
      data-testid="chat-message"
      sx={{
        listStyle: 'none',
        px: 1.5,
        py: 1,
        borderRadius: 1,
        '&:hover .chat-actions, &:focus-within .chat-actions': { opacity: 1 },
        bgcolor: message.own ? 'action.hover' : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" variant="subtitle2">
          {message.author.name}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {message.editedAt ? ` · ${translate('chat.edited')}` : ''}
        </Typography>
        {message.own && canWrite && !message.deleted ? (
          <Box className="chat-actions" sx={{ ml: 'auto', opacity: { xs: 1, md: 0.3 } }}>
            <Tooltip title={translate('chat.edit')}>
              <IconButton size="small" aria-label={translate('chat.edit')} onClick={() => onEdit(message)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={translate('chat.delete')}>
              <IconButton size="small" aria-label={translate('chat.delete')} onClick={() => onDelete(message)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : null}
      </Box>
      {message.deleted ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {translate('chat.deleted')}
        </Typography>
      ) : (
        <MessageText message={message} />
      )}
    </Box>
  );
}

/** Older pages loaded with "load older", merged with the live newest page, each message once, oldest first. */
const merge = (older: readonly ChatMessage[], latest: readonly ChatMessage[]) => {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...older, ...latest]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/**
 * One channel: its history (newest page live, older pages on demand), search, the composer with mentions, own
 * messages edited and deleted, and for a departure the way to write to its travellers. What is shown is read.
 */
export function ChatThread({
  channel: param,
  phone,
  onRead,
}: {
  channel: string;
  phone: boolean;
  onRead: (unread: ChatUnread) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const channelName = useChannelName();
  const canWrite = useHasAnyPermission(['chat-create']);
  const canPush = useHasAnyPermission(['pushmessage-send']);
  const detail = useQuery({
    queryKey: channelKey(param),
    queryFn: () => api<ChatChannelDetail>(`/chat/channels/${param}`),
  });
  const channel = detail.data;
  const latest = useQuery({
    queryKey: channel ? messagesKey(channel.id) : ['chat-messages', 'none'],
    queryFn: () => api<ChatMessagePage>(`/chat/channels/${channel!.id}/messages`),
    enabled: channel !== undefined,
  });
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [travellers, setTravellers] = useState(false);
  const results = useQuery({
    queryKey: ['chat-search', channel?.id, q],
    queryFn: () => api<ChatMessagePage>(`/chat/channels/${channel!.id}/messages?$limit=100&q=${encodeURIComponent(q)}`),
    enabled: channel !== undefined && q !== '',
  });
  const messages = useMemo(() => merge(older, latest.data?.data ?? []), [older, latest.data]);
  const hasMore = olderMore ?? latest.data?.hasMore ?? false;
  const scroller = useRef<HTMLDivElement | null>(null);
  const stick = useRef(true);
  const readUpTo = useRef(0);

  // The newest message shown is read (once per message, while the page is visible).
  const newest = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!channel || newest === 0 || newest <= readUpTo.current || document.visibilityState === 'hidden') return;
    readUpTo.current = newest;
    void api<ChatUnread>(`/chat/channels/${channel.id}/read`, { method: 'POST', body: { messageId: newest } })
      .then(onRead)
      .catch(() => undefined);
  }, [channel, newest, onRead]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && stick.current) box.scrollTop = box.scrollHeight;
  }, [messages.length, newest, q]);

  const loadOlder = async () => {
    if (!channel || messages.length === 0) return;
    stick.current = false;
    const page = await api<ChatMessagePage>(`/chat/channels/${channel.id}/messages?before=${messages[0]!.id}`);
    setOlder((list) => [...page.data, ...list]);
    setOlderMore(page.hasMore);
  };

  const refresh = () => channel && queryClient.invalidateQueries({ queryKey: messagesKey(channel.id) });

  const submit = async ({ text, mentions }: ComposerSubmit): Promise<boolean> => {
    if (!channel) return false;
    try {
      stick.current = true;
      if (editing) {
        const changed = await api<ChatMessage>(`/chat/messages/${editing.id}`, {
          method: 'PATCH',
          body: { text, mentions },
        });
        setOlder((list) => list.map((one) => (one.id === changed.id ? changed : one)));
        setEditing(null);
      } else {
        await api<ChatMessage>(`/chat/channels/${channel.id}/messages`, { method: 'POST', body: { text, mentions } });
      }
      await refresh();
      return true;
    } catch (cause) {
      notify(cause instanceof HttpError ? cause.message : 'error.unexpected', { type: 'error' });
      return false;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      const gone = await api<ChatMessage>(`/chat/messages/${deleting.id}`, { method: 'DELETE' });
      setOlder((list) => list.map((one) => (one.id === gone.id ? gone : one)));
      await refresh();
    } catch (cause) {
      notify(cause instanceof HttpError ? cause.message : 'error.unexpected', { type: 'error' });
    }
    setDeleting(null);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    stick.current = true;
    setQ(searchInput.trim());
  };

  if (detail.isError)
    return (
      <Box sx={{ flex: 1, p: 2 }}>
        <Alert severity="error">
          {translate(detail.error instanceof HttpError ? detail.error.message : 'error.errorOccurred')}
        </Alert>
      </Box>
    );
  if (!channel) return <Skeleton variant="rounded" sx={{ flex: 1, m: 2 }} height={400} />;
  const name = channelName(channel);
  const shown = q ? (results.data?.data ?? []) : messages;

  return (
    <Box
      component="section"
      aria-label={name}
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: 1,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {phone ? (
          <IconButton component={Link} to="/chat" aria-label={translate('chat.back')}>
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography component="h2" variant="h6" sx={{ lineHeight: 1.2 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {channel.dateFrom ? `${translate('chat.departureFrom', { date: formatDate(channel.dateFrom) })} · ` : ''}
            {translate('chat.members', { smart_count: channel.members.length })}
          </Typography>
        </Box>
        {channel.kind === 'departure' && canPush && channel.coaches.length > 0 ? (
          <Button size="small" startIcon={<CampaignIcon />} onClick={() => setTravellers(true)}>
            {translate('chat.travellers.button')}
          </Button>
        ) : null}
        <Box component="form" role="search" onSubmit={search} sx={{ width: { xs: '100%', sm: 240 } }}>
          <TextField
            size="small"
            fullWidth
            type="search"
            label={translate('chat.search.label')}
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.target.value.slice(0, 200));
              if (event.target.value === '') setQ('');
            }}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton size="small" type="submit" aria-label={translate('chat.search.submit')} edge="end">
                      <SearchIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
      </Box>
      {q ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, bgcolor: 'action.selected' }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {results.data && results.data.data.length === 0
              ? translate('chat.search.none', { q })
              : translate('chat.search.results', { smart_count: results.data?.data.length ?? 0, q })}
          </Typography>
          <Button
            size="small"
            onClick={() => {
              setQ('');
              setSearchInput('');
            }}
          >
            {translate('chat.search.clear')}
          </Button>
        </Box>
      ) : null}
      <Box
        ref={scroller}
        onScroll={(event) => {
          const box = event.currentTarget;
          stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
        sx={{ flex: 1, overflowY: 'auto', px: 1, py: 1 }}
      >
        {!q && hasMore ? (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => void loadOlder()}>
              {translate('chat.loadOlder')}
            </Button>
          </Box>
        ) : null}
        {latest.isPending ? <Skeleton variant="rounded" height={120} /> : null}
        {!q && latest.data && shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('chat.noMessages')}
          </Typography>
        ) : null}
        <Box role="log" aria-live="polite" aria-label={name}>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {shown.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                canWrite={canWrite}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </Box>
        </Box>
      </Box>
      {canWrite ? (
        <ChatComposer
          members={channel.members}
          editing={editing}
          onSubmit={submit}
          onCancelEdit={() => setEditing(null)}
          channelName={name}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          {translate('chat.composer.readOnly')}
        </Typography>
      )}
      <Confirm
        isOpen={deleting !== null}
        title="chat.deleteConfirm.title"
        content="chat.deleteConfirm.content"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
      {travellers ? <TravellersDialog channel={channel} open onClose={() => setTravellers(false)} /> : null}
    </Box>
  );
}
