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
  Paper,
  Switch,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import type { MyTopic } from '@tourdesk/contracts/push-inbox.schema';
import { hasPermission } from '@tourdesk/contracts/permissions';
import { api } from '../../lib/api-client.ts';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { topicsKey } from './notification-logic.ts';

/** /appuser/notifications/topics: the topics a traveller may follow, each with a switch (follow / leave). */
function TopicsScreen() {
  const t = useT();
  const user = useMobileUser();
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  const topics = useQuery({ queryKey: topicsKey, queryFn: () => api<MyTopic[]>('/app/my-topics') });
  const mayUpdate = hasPermission(user.permissions, 'pushmessage-update');
  const toggle = async (topic: MyTopic) => {
    setFailed(false);
    client.setQueryData<MyTopic[]>(topicsKey, (list) =>
      list?.map((row) => (row.id === topic.id ? { ...row, following: !topic.following } : row)),
    );
    try {
      await api(`/app/my-topics/${topic.id}`, { method: topic.following ? 'DELETE' : 'PUT' });
    } catch {
      setFailed(true);
    }
    await client.invalidateQueries({ queryKey: topicsKey });
  };
  return (
    <Box>
      <Button component={Link} to="/appuser/notifications" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('notifications.back')}
      </Button>
      <Typography component="h1" variant="h5">
        {t('notifications.topics.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notifications.topics.intro')}
      </Typography>
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('notifications.topics.failed')}
        </Alert>
      ) : null}
      {topics.isPending ? <CircularProgress aria-label={t('notifications.loading')} /> : null}
      {topics.isError ? <Alert severity="error">{t('notifications.failed')}</Alert> : null}
      {topics.data?.length === 0 ? <Alert severity="info">{t('notifications.topics.empty')}</Alert> : null}
      {topics.data && topics.data.length > 0 ? (
        <Paper variant="outlined">
          <List disablePadding>
            {topics.data.map((topic, index) => (
              <ListItem key={topic.id} divider={index < topics.data.length - 1}>
                <ListItemText id={`topic-${topic.id}`} primary={topic.title} />
                <Switch
                  edge="end"
                  checked={topic.following}
                  disabled={!mayUpdate}
                  onChange={() => void toggle(topic)}
                  slotProps={{ input: { 'aria-labelledby': `topic-${topic.id}` } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}

export const TopicsPage = TopicsScreen;
