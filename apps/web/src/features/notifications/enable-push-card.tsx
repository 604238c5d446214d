import { useState } from 'react';
import { Alert, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/mobile.tsx';
import { currentSubscription, enablePush, pushState, type PushState } from '../../lib/push-subscription.ts';

/**
 * "Benachrichtigungen aktivieren": shown while this phone gets no pushes — permission not granted, or no
 * subscription. Denied or unsupported browsers get a clear note instead of a button that cannot work.
 */
export function EnablePushCard() {
  const t = useT();
  const [state, setState] = useState<PushState>(pushState);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const subscribed = useQuery({
    queryKey: ['push-subscription', state],
    queryFn: async () => (await currentSubscription()) !== null,
    enabled: state === 'granted',
    retry: false,
  });
  if (state === 'granted' && (subscribed.isPending || subscribed.data === true)) return null;
  if (state === 'unsupported')
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('notifications.push.unsupported')}
      </Alert>
    );
  if (state === 'denied')
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('notifications.push.denied')}
      </Alert>
    );
  const enable = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const next = await enablePush();
      setState(next);
      await subscribed.refetch();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {t('notifications.push.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('notifications.push.text')}
        </Typography>
        {failed ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('notifications.push.failed')}
          </Alert>
        ) : null}
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={busy} onClick={() => void enable()}>
          {t('notifications.push.enable')}
        </Button>
      </CardActions>
    </Card>
  );
}
