import { useCallback, useEffect, useState } from 'react';
import AddCommentIcon from '@mui/icons-material/AddComment';
import ForumIcon from '@mui/icons-material/Forum';
import {
  Badge,
  Box,
  Button,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import type {
  ChatChannel,
  ChatChannelList,
  ChatMessageEvent,
  ChatUnread,
  ChatUnreadEvent,
} from '@tourdesk/contracts/chat.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { followEvents } from '../../lib/event-stream.ts';
import { OpenDepartureDialog } from './chat-dialogs.tsx';
import { ChatThread, messagesKey, useChannelName } from './chat-thread.tsx';

const CHANNELS_KEY = ['chat-channels'];

/**
 * The user's chat stream (GET /chat/stream): unread counts per channel, kept live; a new, changed or deleted
 * message makes the channel's history (if open) and the channel list read again.
 */
function useChatStream() {
  const queryClient = useQueryClient();
  const [counts, setCounts] = useState<ReadonlyMap<number, number>>(new Map());
  const setCount = useCallback(
    (unread: ChatUnread) => setCounts((map) => new Map(map).set(unread.channelId, unread.unread)),
    [],
  );
  useEffect(
    () =>
      followEvents(
        '/chat/stream',
        (type, data) => {
          if (type === 'unread') {
            const { counts: list } = data as ChatUnreadEvent;
            setCounts((map) => {
              const next = new Map(map);
              for (const entry of list) next.set(entry.channelId, entry.unread);
              return next;
            });
          }
          if (type === 'message') {
            const event = data as ChatMessageEvent;
            setCount({ channelId: event.channelId, unread: event.unread });
            void queryClient.invalidateQueries({ queryKey: messagesKey(event.channelId) });
            void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
          }
        },
        {
          // A message written between the first read and the stream's start is read now.
          onLive: () => void queryClient.invalidateQueries({ queryKey: ['chat-messages'] }),
        },
      ),
    [queryClient, setCount],
  );
  return { counts, setCount };
}

const channelPath = (channel: ChatChannel) => `/chat/channel/${channel.kind === 'general' ? 'general' : channel.id}`;

function ChannelList({
  active,
  counts,
  phone,
}: {
  active: string | null;
  counts: ReadonlyMap<number, number>;
  phone: boolean;
}) {
  const translate = useTranslate();
  const channelName = useChannelName();
  const [opening, setOpening] = useState(false);
  const channels = useQuery({ queryKey: CHANNELS_KEY, queryFn: () => api<ChatChannelList>('/chat/channels') });
  const isActive = (channel: ChatChannel) =>
    active === String(channel.id) || (active === 'general' && channel.kind === 'general');
  return (
    <Box
      component="nav"
      aria-label={translate('chat.channels')}
      sx={{
        width: phone ? '100%' : 300,
        flexShrink: 0,
        borderRight: phone ? 0 : 1,
        borderColor: 'divider',
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>
        {translate('chat.channels')}
      </Typography>
      {channels.isPending ? <Skeleton variant="rounded" height={160} sx={{ m: 2 }} /> : null}
      <List dense component="div" sx={{ flex: 1 }}>
        {(channels.data?.data ?? []).map((channel) => {
          const unread = counts.get(channel.id) ?? channel.unread;
          const name = channelName(channel);
          return (
            <ListItemButton
              key={channel.id}
              component={Link}
              to={channelPath(channel)}
              selected={isActive(channel)}
              aria-current={isActive(channel) ? 'page' : undefined}
              data-testid="chat-channel"
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Badge badgeContent={unread} color="primary" max={99}>
                  <ForumIcon color={unread > 0 ? 'primary' : 'action'} />
                </Badge>
              </ListItemIcon>
              <ListItemText
                primary={name}
                secondary={
                  channel.dateFrom ? translate('chat.departureFrom', { date: formatDate(channel.dateFrom) }) : null
                }
                slotProps={{ primary: { sx: { fontWeight: unread > 0 ? 700 : undefined }, noWrap: true } }}
              />
              {unread > 0 ? (
                <Box component="span" sx={visuallyHidden}>
                  {translate('chat.unread', { smart_count: unread })}
                </Box>
              ) : null}
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ p: 1 }}>
        <Button fullWidth startIcon={<AddCommentIcon />} onClick={() => setOpening(true)}>
          {translate('chat.departures.open')}
        </Button>
      </Box>
      {opening ? <OpenDepartureDialog open onClose={() => setOpening(false)} /> : null}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * /chat, /chat/channel/general and /chat/channel/{id} (issue #17 item 2): the channels with their unread counts
 * beside the open channel; on a phone one of the two at a time (/chat is the list).
 */
export function ChatPage() {
  const translate = useTranslate();
  const { channel: param } = useParams();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const active = param ?? (phone ? null : 'general');
  const { counts, setCount } = useChatStream();
  return (
    <Box sx={{ py: { xs: 0, sm: 2 } }}>
      <Title title={translate('chat.title')} />
      <Paper
        variant="outlined"
        sx={{ display: 'flex', height: { xs: 'calc(100dvh - 72px)', sm: 'calc(100dvh - 120px)' }, minHeight: 360 }}
      >
        {!phone || active === null ? <ChannelList active={active} counts={counts} phone={phone} /> : null}
        {active !== null ? <ChatThread key={active} channel={active} phone={phone} onRead={setCount} /> : null}
      </Paper>
    </Box>
  );
}
