import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import type { ChannelMessage } from '@tourdesk/contracts/push-inbox.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { hasPermission } from '@tourdesk/contracts/permissions';
import { api } from '../../lib/api-client.ts';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { refreshInbox, threadKey } from './notification-logic.ts';

/**
 * /appuser/BusChat: the quick messages of the two channels (docs/adr/0023 "The two channels") as a chat thread,
 * oldest first, each a bubble with its sender and time. What is shown here counts as read.
 */
function BusThreadScreen() {
  const t = useT();
  const user = useMobileUser();
  const client = useQueryClient();
  const thread = useQuery({
    queryKey: threadKey,
    queryFn: () => api<ChannelMessage[]>('/app/channel-messages'),
    refetchOnWindowFocus: true,
  });
  const end = useRef<HTMLDivElement>(null);
  const messages = thread.data ?? [];
  const unread = messages.filter((message) => !message.read).map((message) => message.id);
  const unreadKey = unread.join(',');
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
    if (!unreadKey || !hasPermission(user.permissions, 'pushmessage-update')) return;
    void Promise.all(
      unreadKey.split(',').map((id) => api(`/app/usernotifications/${id}`, { method: 'PATCH', body: { read: true } })),
    )
      .then(() => refreshInbox(client))
      .catch(() => undefined);
  }, [unreadKey, user.permissions, client]);
  return (
    <Box>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('notifications.thread.title')}
      </Typography>
      {thread.isPending ? <CircularProgress aria-label={t('notifications.loading')} /> : null}
      {thread.isError ? <Alert severity="error">{t('notifications.failed')}</Alert> : null}
      {thread.isSuccess && messages.length === 0 ? (
        <Alert severity="info">{t('notifications.thread.empty')}</Alert>
      ) : null}
      <Box component="ol" aria-label={t('notifications.thread.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {messages.map((message) => (
          <Box component="li" key={message.id} sx={{ mb: 1.5, display: 'flex' }}>
            <Paper
              elevation={0}
              sx={{
                px: 1.5,
                py: 1,
                maxWidth: '85%',
                borderRadius: '4px 16px 16px 16px',
                bgcolor: 'action.selected',
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {message.senderName ?? t(`notifications.thread.channel.${message.channel}`)}
                {' · '}
                {t(`notifications.thread.channel.${message.channel}`)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right' }}>
                {formatDateTime(message.createdAt)}
              </Typography>
            </Paper>
          </Box>
        ))}
      </Box>
      <div ref={end} />
    </Box>
  );
}

export const BusThreadPage = BusThreadScreen;
