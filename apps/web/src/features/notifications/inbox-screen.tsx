import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import ForumIcon from '@mui/icons-material/Forum';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import RefreshIcon from '@mui/icons-material/Refresh';
import TopicIcon from '@mui/icons-material/Topic';
import { Link } from 'react-router-dom';
import { hasPermission } from '@tourdesk/contracts/permissions';
import type { InboxEntry, InboxPage as Page } from '@tourdesk/contracts/push-inbox.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { EnablePushCard } from './enable-push-card.tsx';
import { inboxPageKey, refreshInbox } from './notification-logic.ts';

/** How many messages the inbox shows (the newest). */
const PAGE = 100;

/**
 * /appuser/notifications: the traveller's inbox, newest first — unread in bold; a tap opens the message (which
 * marks it read), the button beside marks it unread again; "Alle als gelesen markieren". Asked again when the app
 * comes back to the foreground and when a push arrives (layout/mobile-bell.tsx).
 */
function InboxScreen() {
  const t = useT();
  const user = useMobileUser();
  const client = useQueryClient();
  const inbox = useQuery({
    queryKey: inboxPageKey,
    queryFn: () => api<Page>(`/app/usernotifications-lit?$limit=${PAGE}`),
    refetchOnWindowFocus: true,
  });
  const mayUpdate = hasPermission(user.permissions, 'pushmessage-update');
  const setRead = async (entry: InboxEntry, read: boolean) => {
    await api(`/app/usernotifications/${entry.id}`, { method: 'PATCH', body: { read } });
    await refreshInbox(client);
  };
  const readAll = async () => {
    await api('/app/usernotifications/read-all', { method: 'POST' });
    await refreshInbox(client);
  };
  const entries = inbox.data?.data ?? [];
  const unread = entries.some((entry) => !entry.read);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          {t('notifications.title')}
        </Typography>
        <IconButton aria-label={t('notifications.refresh')} onClick={() => void refreshInbox(client)}>
          <RefreshIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" size="small" component={Link} to="/appuser/BusChat" startIcon={<ForumIcon />}>
          {t('mobile.nav.busChat')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          component={Link}
          to="/appuser/notifications/topics"
          startIcon={<TopicIcon />}
        >
          {t('notifications.topics.title')}
        </Button>
        {user.isDriver && hasPermission(user.permissions, 'pushmessage-send') ? (
          <Button
            variant="outlined"
            size="small"
            component={Link}
            to="/appuser/notifications/create"
            startIcon={<EditIcon />}
          >
            {t('notifications.driver.create')}
          </Button>
        ) : null}
      </Stack>
      <EnablePushCard />
      {inbox.isPending ? <CircularProgress aria-label={t('notifications.loading')} /> : null}
      {inbox.isError ? <Alert severity="error">{t('notifications.failed')}</Alert> : null}
      {inbox.isSuccess && entries.length === 0 ? <Alert severity="info">{t('notifications.empty')}</Alert> : null}
      {entries.length > 0 ? (
        <>
          {mayUpdate && unread ? (
            <Button startIcon={<DoneAllIcon />} onClick={() => void readAll()} sx={{ mb: 1 }}>
              {t('notifications.readAll')}
            </Button>
          ) : null}
          <Paper variant="outlined">
            <List disablePadding aria-label={t('notifications.title')}>
              {entries.map((entry, index) => (
                <ListItem
                  key={entry.id}
                  disablePadding
                  divider={index < entries.length - 1}
                  secondaryAction={
                    mayUpdate ? (
                      <IconButton
                        edge="end"
                        aria-label={t(entry.read ? 'notifications.markUnread' : 'notifications.markRead', {
                          title: entry.title,
                        })}
                        onClick={() => void setRead(entry, !entry.read)}
                      >
                        {entry.read ? <MarkEmailUnreadIcon /> : <MarkEmailReadIcon />}
                      </IconButton>
                    ) : undefined
                  }
                >
                  <ListItemButton component={Link} to={`/appuser/notifications/${entry.id}`}>
                    <ListItemText
                      primary={entry.title}
                      secondary={
                        <>
                          <Box component="span" sx={{ display: 'block' }}>
                            {entry.short ?? entry.message.slice(0, 120)}
                          </Box>
                          <Box component="span" sx={{ fontSize: '0.75rem' }}>
                            {formatDateTime(entry.createdAt)}
                            {entry.read ? '' : ` · ${t('notifications.unread')}`}
                          </Box>
                        </>
                      }
                      slotProps={{
                        primary: { sx: { fontWeight: entry.read ? 400 : 700 } },
                        secondary: { sx: { fontWeight: entry.read ? 400 : 500 } },
                      }}
                      data-unread={entry.read ? undefined : 'true'}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      ) : null}
    </Box>
  );
}

export const InboxPage = InboxScreen;
