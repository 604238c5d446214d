import { useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { api, HttpError } from '../../lib/api-client.ts';
import { AuthLayout } from '../../shared/auth-layout.tsx';
import { ErrorNotice, SubmitButton } from '../../shared/auth-forms.tsx';

/**
 * /auth/newsletter-confirm/{code}: the link of the double opt-in mail. The subscription is confirmed with one
 * click on the page (not on opening it: mail scanners open links too).
 */
export function SubscribeConfirmPage() {
  const translate = useTranslate();
  const { code = '' } = useParams();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ email: string }>('/newsletter/subscribe/confirm', {
        method: 'POST',
        anonymous: true,
        body: { code },
      });
      setEmail(result.email);
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.message : 'error.unexpected');
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthLayout>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('newsletterContacts.confirmPage.title')}
      </Typography>
      {email ? (
        <Alert severity="success" role="status">
          {translate('newsletterContacts.confirmPage.done', { email })}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('newsletterContacts.confirmPage.text')}
          </Typography>
          <ErrorNotice message={error} />
          <SubmitButton busy={busy} label={translate('newsletterContacts.confirmPage.button')} />
        </Box>
      )}
    </AuthLayout>
  );
}
