import { useState } from 'react';
import { Button, Card, CardContent, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SyncIcon from '@mui/icons-material/Sync';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '@tourdesk/contracts/format';
import type { CalendarFeedState, CalendarFeedToken } from '@tourdesk/contracts/calendar.schema';
import { api } from '../../lib/api-client.ts';

const FEED_KEY = ['calendar', 'feed'];

/**
 * The user's iCal address for Outlook, Apple or Google calendars. Only a hash of its secret is kept, so the address
 * is shown once, right after it is made; making a new one ends the old one.
 */
export function FeedPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: FEED_KEY, queryFn: () => api<CalendarFeedState>('/calendar/feed-token') });
  const [made, setMade] = useState<CalendarFeedToken | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const regenerate = async () => {
    setBusy(true);
    try {
      setMade(await api<CalendarFeedToken>('/calendar/feed-token', { method: 'POST' }));
      await queryClient.invalidateQueries({ queryKey: FEED_KEY });
      notify('calendar.feed.made', { type: 'info' });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      notify('calendar.feed.copied', { type: 'info' });
    } catch {
      notify('calendar.feed.copyFailed', { type: 'warning' });
    }
  };

  const active = state.data?.active ?? false;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('calendar.feed.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('calendar.feed.help')}
        </Typography>
        {made ? (
          <TextField
            label={translate('calendar.feed.url')}
            value={made.url}
            fullWidth
            size="small"
            helperText={translate('calendar.feed.onlyNow')}
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (event: { target: HTMLInputElement }) => event.target.select() },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={translate('calendar.feed.copy')} onClick={() => void copy()} edge="end">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        ) : active ? (
          <Typography variant="body2">
            {translate('calendar.feed.activeSince', { date: formatDateTime(state.data?.createdAt ?? null) })}
          </Typography>
        ) : null}
        <Stack direction="row" sx={{ mt: 1.5 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<SyncIcon />}
            disabled={busy || state.isPending}
            onClick={() => (active ? setConfirming(true) : void regenerate())}
          >
            {translate(active ? 'calendar.feed.regenerate' : 'calendar.feed.create')}
          </Button>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="calendar.feed.regenerateTitle"
        content="calendar.feed.regenerateContent"
        onConfirm={() => void regenerate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
