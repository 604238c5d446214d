import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PollIcon from '@mui/icons-material/Poll';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { InboxEntry } from '@tourdesk/contracts/push-inbox.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { hasPermission } from '@tourdesk/contracts/permissions';
import { api } from '../../lib/api-client.ts';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { entryKey, linkTarget, refreshInbox } from './notification-logic.ts';

/**
 * /appuser/notifications/{id}: one message of the inbox — opening it marks it read; `?opened=1` (the address a
 * tapped notification opens, src/sw.ts) marks it opened. Its link is a button (this app's addresses with the
 * router, others in a new tab), its surveys lead to the survey screen.
 */
function NotificationScreen() {
  const t = useT();
  const user = useMobileUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const opened = search.get('opened') === '1';
  const entry = useQuery({
    queryKey: entryKey(id),
    queryFn: () => api<InboxEntry>(`/app/usernotifications/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const marked = useRef(false);
  const data = entry.data;
  useEffect(() => {
    if (!data || marked.current || !hasPermission(user.permissions, 'pushmessage-update')) return;
    if (data.read && (!opened || data.opened)) return;
    marked.current = true;
    const call = opened
      ? api<InboxEntry>(`/app/usernotifications/${id}/opened`, { method: 'POST' })
      : api<InboxEntry>(`/app/usernotifications/${id}`, { method: 'PATCH', body: { read: true } });
    void call.then(() => refreshInbox(client)).catch(() => undefined);
  }, [data, opened, id, user.permissions, client]);
  const back = (
    <Button component={Link} to="/appuser/notifications" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {t('notifications.back')}
    </Button>
  );
  if (entry.isPending && entry.fetchStatus !== 'idle')
    return <CircularProgress aria-label={t('notifications.loading')} />;
  if (!data)
    return (
      <>
        {back}
        <Alert severity="info">{t('notifications.notFound')}</Alert>
      </>
    );
  const target = data.link ? linkTarget(data.link, window.location.origin) : null;
  return (
    <Box>
      {back}
      <Typography component="h1" variant="h5">
        {data.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {formatDateTime(data.createdAt)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        {data.short && data.short !== data.message ? (
          <Typography sx={{ fontWeight: 500, mb: 1 }}>{data.short}</Typography>
        ) : null}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{data.message}</Typography>
      </Paper>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {target?.internal ? (
          <Button variant="contained" onClick={() => navigate(target.path)}>
            {t('notifications.openLink')}
          </Button>
        ) : null}
        {target && !target.internal ? (
          <Button
            variant="contained"
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
          >
            {t('notifications.openLink')}
          </Button>
        ) : null}
        {data.surveys.map((survey) => (
          <Button
            key={survey.id}
            variant="outlined"
            component={Link}
            to={`/appuser/survey/${survey.id}?notification=${data.id}`}
            startIcon={survey.answered ? <CheckIcon /> : <PollIcon />}
          >
            {survey.answered
              ? t('notifications.surveyAnswered', { title: survey.title })
              : t('notifications.survey', { title: survey.title })}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

export const NotificationPage = NotificationScreen;
