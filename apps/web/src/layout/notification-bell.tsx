import { useEffect, useState, type MouseEvent } from 'react';
import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { visuallyHidden } from '@mui/utils';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { StaffNotification, StaffNotificationEvent, StaffNotificationList } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../lib/api-client.ts';
import { followEvents } from '../lib/event-stream.ts';

const LIST_KEY = ['staff-notifications'];

/**
 * The unread count, live: the bell's stream (GET /notifications/stream) sends it first and again whenever a feature
 * rings (on any instance) or another tab marks entries read. The list itself is read when the bell opens.
 */
function useUnread(): number {
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState(0);
  useEffect(
    () =>
      followEvents('/notifications/stream', (type, data) => {
        if (type !== 'unread') return;
        setUnread((data as StaffNotificationEvent).unread);
        void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      }),
    [queryClient],
  );
  return unread;
}

/**
 * The notification bell (spec §2, issue #17): titled "Notifications", a badge with the unread count, and the newest
 * entries — a new mail, a chat mention, a due to-do, an option about to lapse. An entry opens what it is about and
 * is marked read; "Mark all as read" clears the badge. Without entries it says "No recent notifications".
 */
export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnread();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => api<StaffNotificationList>('/notifications'),
    enabled: anchor !== null,
  });
  const markRead = async (ids?: number[]) => {
    await api('/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
    await queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };
  const open = (entry: StaffNotification) => {
    setAnchor(null);
    if (!entry.read) void markRead([entry.id]);
    if (entry.link) navigate(entry.link);
  };
  const entries = list.data?.data ?? [];
  const label =
    unread > 0 ? `${translate('app.notifications.title')} (${unread})` : translate('app.notifications.title');

  return (
    <>
      {/*
        The button is named by its (visually hidden) text, not an aria-label: the badge is all it shows, and a
        label that differed from it would fail "label in name". The badge itself is hidden from screen readers,
        whose name already says the count.
      */}
      <Tooltip title={label} describeChild>
        <IconButton color="inherit" onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}>
          <Box component="span" sx={visuallyHidden}>
            {label}
          </Box>
          {/* Nothing unread: no badge at all, not a "0". */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 360, maxWidth: '100vw', p: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle1" component="h2">
              {translate('app.notifications.title')}
            </Typography>
            {unread > 0 && (
              <Button
                size="small"
                onClick={() => {
                  // All read: nothing is left to look at here (and the button, which has the focus, goes away).
                  setAnchor(null);
                  void markRead();
                }}
              >
                {translate('app.notifications.markAllRead')}
              </Button>
            )}
          </Box>
          {entries.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.notifications.empty')}
            </Typography>
          ) : (
            <List dense disablePadding sx={{ mt: 1, maxHeight: 420, overflowY: 'auto' }}>
              {entries.map((entry) => (
                <ListItem key={entry.id} disablePadding>
                  <ListItemButton onClick={() => open(entry)} sx={{ borderRadius: 1, alignItems: 'flex-start' }}>
                    <ListItemText
                      primary={translate(`app.notifications.kinds.${entry.kind}`)}
                      secondary={
                        <>
                          <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
                            {entry.text}
                          </Box>
                          {formatDateTime(entry.createdAt)}
                        </>
                      }
                      slotProps={{ primary: { sx: { fontWeight: entry.read ? 400 : 700 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
