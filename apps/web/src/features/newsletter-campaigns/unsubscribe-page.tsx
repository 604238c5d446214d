import { useEffect, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { UnsubscribeState } from '@tourdesk/contracts/newsletter-campaigns.schema';
import { LanguageSwitcher } from '../../layout/language-switcher.tsx';
import { api } from '../../lib/api-client.ts';
import { useBrand } from '../../lib/brand.tsx';

type Phase = 'loading' | 'invalid' | 'ask' | 'done' | 'resubscribed' | 'already';

/**
 * /newsletter/unsubscribe/{token}: opened from the link in every newsletter, without login. Shows the masked
 * address, unsubscribes with one button (the same call as the mail programs' one-click, RFC 8058) and offers to
 * undo it right away.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const translate = useTranslate();
  const brand = useBrand();
  const [phase, setPhase] = useState<Phase>('loading');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const path = `/newsletter/unsubscribe/${encodeURIComponent(token)}`;

  useEffect(() => {
    let active = true;
    api<UnsubscribeState>(path, { anonymous: true })
      .then((state) => {
        if (!active) return;
        setEmail(state.email);
        setPhase(state.subscribed ? 'ask' : 'already');
      })
      .catch(() => active && setPhase('invalid'));
    return () => {
      active = false;
    };
  }, [path]);

  const act = async (url: string, next: Phase) => {
    setBusy(true);
    try {
      await api<UnsubscribeState>(url, { method: 'POST', body: {}, anonymous: true });
      setPhase(next);
    } catch {
      setPhase('invalid');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%' }}>
        <Stack spacing={3}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {brand.name}
            </Typography>
            <LanguageSwitcher />
          </Stack>
          <Typography variant="h5" component="h1">
            {translate('unsubscribe.title')}
          </Typography>
          {phase === 'invalid' ? <Alert severity="error">{translate('unsubscribe.invalid')}</Alert> : null}
          {phase === 'already' ? <Alert severity="info">{translate('unsubscribe.already', { email })}</Alert> : null}
          {phase === 'ask' ? (
            <>
              <Typography>{translate('unsubscribe.question', { email })}</Typography>
              <Box>
                <Button variant="contained" disabled={busy} onClick={() => void act(path, 'done')}>
                  {translate('unsubscribe.button')}
                </Button>
              </Box>
            </>
          ) : null}
          {phase === 'done' ? (
            <>
              <Alert severity="success" role="status">
                {translate('unsubscribe.done', { email })}
              </Alert>
              <Box>
                <Button variant="outlined" disabled={busy} onClick={() => void act(`${path}/undo`, 'resubscribed')}>
                  {translate('unsubscribe.undo')}
                </Button>
              </Box>
            </>
          ) : null}
          {phase === 'resubscribed' ? (
            <Alert severity="success" role="status">
              {translate('unsubscribe.resubscribed')}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}
