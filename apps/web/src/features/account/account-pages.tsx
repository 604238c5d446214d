import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { api } from '../../lib/api-client.ts';
import { AppDialog } from '../../ui/app-dialog.tsx';
import { AuthLayout, IframeAuthLayout } from '../../shared/auth-layout.tsx';
import { ErrorNotice, SubmitButton } from '../../shared/auth-forms.tsx';
import { errorsOf, Field, FormTitle, SuccessNotice, useSubmit } from './account-forms.tsx';

const Layout = ({ iframe, children }: { iframe?: boolean; children: ReactNode }) =>
  iframe ? <IframeAuthLayout>{children}</IframeAuthLayout> : <AuthLayout>{children}</AuthLayout>;

function ToLogin({ iframe }: { iframe?: boolean }) {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={iframe ? '/auth/loginIframe' : '/auth/login'} variant="contained" fullWidth>
      {translate('account.links.toLogin')}
    </Button>
  );
}

/** /auth/verify-email/{code}: the link of the verification mail confirms the address once. */
export function VerifyEmailPage() {
  const translate = useTranslate();
  const { code = '' } = useParams();
  const [state, setState] = useState<{ email: string } | { error: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api<{ email: string }>(`/registration/${encodeURIComponent(code)}`, { method: 'PATCH', anonymous: true })
      .then((result) => setState(result))
      .catch((error: unknown) => setState({ error: errorsOf(error).message }));
  }, [code]);
  return (
    <Layout>
      <FormTitle title={translate('account.verify.title')} />
      {state === null ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {state && 'email' in state ? (
        <SuccessNotice>{translate('account.verify.done', { email: state.email })}</SuccessNotice>
      ) : null}
      {state && 'error' in state ? <ErrorNotice message={state.error} /> : null}
      {state ? <ToLogin /> : null}
    </Layout>
  );
}

function ForgotForm({ iframe }: { iframe?: boolean }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, message, fields, submit } = useSubmit(
    () => api('/password-reset', { method: 'POST', anonymous: true, body: { email } }),
    () => setSent(true),
  );
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <FormTitle title={translate('account.forgot.title')} text={translate('account.forgot.text')} />
      <ErrorNotice message={message} />
      {sent ? (
        <SuccessNotice>{translate('account.forgot.sent')}</SuccessNotice>
      ) : (
        <>
          <Field
            name="email"
            label={translate('account.fields.email')}
            value={email}
            onChange={setEmail}
            errors={fields}
            type="email"
            required
            autoFocus
            autoComplete="email"
          />
          <SubmitButton busy={busy} label={translate('account.forgot.submit')} />
        </>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={iframe ? '/auth/loginIframe' : '/auth/login'}>
          {translate('account.links.toLogin')}
        </Link>
      </Box>
    </Box>
  );
}

/** /auth/forgot and /auth/forgotIframe */
export const ForgotPage = () => (
  <Layout>
    <ForgotForm />
  </Layout>
);
export const ForgotIframePage = () => (
  <Layout iframe>
    <ForgotForm iframe />
  </Layout>
);

/** Asks once, when the page opens, whether the mailed link still works (used and expired links say so at once). */
function useLinkCheck(endpoint: 'password-reset' | 'set-password', code: string) {
  const [state, setState] = useState<'checking' | 'valid' | { error: string }>('checking');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api(`/${endpoint}/${encodeURIComponent(code)}`, { anonymous: true })
      .then(() => setState('valid'))
      .catch((error: unknown) => setState({ error: errorsOf(error).message }));
  }, [endpoint, code]);
  return state;
}

/** A new password (and its repeat) sent with a mailed code: reset, or the first password of an invited or blocked user. */
function PasswordForm({
  endpoint,
  title,
  iframe,
}: {
  endpoint: 'password-reset' | 'set-password';
  title: string;
  iframe?: boolean;
}) {
  const translate = useTranslate();
  const { code = '' } = useParams();
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [done, setDone] = useState(false);
  const linkState = useLinkCheck(endpoint, code);
  const { busy, message, fields, submit } = useSubmit(
    () =>
      api(`/${endpoint}/${encodeURIComponent(code)}`, {
        method: 'PATCH',
        anonymous: true,
        body: { password, passwordRepeat },
      }),
    () => setDone(true),
  );
  if (done) {
    return (
      <>
        <FormTitle title={title} />
        <SuccessNotice>{translate('account.reset.done')}</SuccessNotice>
        <ToLogin iframe={iframe} />
      </>
    );
  }
  if (linkState !== 'valid') {
    return (
      <>
        <FormTitle title={title} />
        {linkState === 'checking' ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : (
          <>
            <ErrorNotice message={linkState.error} />
            {endpoint === 'password-reset' ? (
              <Box sx={{ mb: 2, textAlign: 'center' }}>
                <Link component={RouterLink} to={iframe ? '/auth/forgotIframe' : '/auth/forgot'}>
                  {translate('account.reset.requestNew')}
                </Link>
              </Box>
            ) : null}
            <ToLogin iframe={iframe} />
          </>
        )}
      </>
    );
  }
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <FormTitle title={title} text={translate('account.reset.text')} />
      <ErrorNotice message={message} />
      <Field
        name="password"
        label={translate('account.reset.password')}
        value={password}
        onChange={setPassword}
        errors={fields}
        type="password"
        required
        autoFocus
        autoComplete="new-password"
      />
      <Field
        name="passwordRepeat"
        label={translate('account.reset.repeat')}
        value={passwordRepeat}
        onChange={setPasswordRepeat}
        errors={fields}
        type="password"
        required
        autoComplete="new-password"
      />
      <SubmitButton busy={busy} label={translate('account.reset.submit')} />
    </Box>
  );
}

/** /auth/reset-page/{code} and /auth/reset-pageIframe/{code} */
export function ResetPage() {
  const translate = useTranslate();
  return (
    <Layout>
      <PasswordForm endpoint="password-reset" title={translate('account.reset.title')} />
    </Layout>
  );
}
export function ResetIframePage() {
  const translate = useTranslate();
  return (
    <Layout iframe>
      <PasswordForm endpoint="password-reset" title={translate('account.reset.title')} iframe />
    </Layout>
  );
}

/** /auth/set-password/{code}: invited drivers and blocked users choose their first password. */
export function SetPasswordPage() {
  const translate = useTranslate();
  return (
    <Layout>
      <PasswordForm endpoint="set-password" title={translate('account.setPassword.title')} />
    </Layout>
  );
}

/** /auth/disable/{code}: the owner locks the account from the password-changed notice. */
export function DisablePage() {
  const translate = useTranslate();
  const { code = '' } = useParams();
  const [done, setDone] = useState(false);
  const { busy, message, submit } = useSubmit(
    () => api(`/users-disable/${encodeURIComponent(code)}`, { method: 'PATCH', anonymous: true }),
    () => setDone(true),
  );
  return (
    <Layout>
      <FormTitle
        title={translate('account.disable.title')}
        text={done ? undefined : translate('account.disable.text')}
      />
      <ErrorNotice message={message} />
      {done ? (
        <SuccessNotice>{translate('account.disable.done')}</SuccessNotice>
      ) : (
        <Box component="form" onSubmit={submit}>
          <SubmitButton busy={busy} label={translate('account.disable.submit')} />
        </Box>
      )}
    </Layout>
  );
}

/**
 * /auth/delete-account: without a code, the traveller asks for the deletion link by e-mail; with the code
 * from that mail (?code=), a last confirmation deletes the account, then the confirmation page follows.
 */
export function DeleteAccountPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const [email, setEmail] = useState('');
  const [stage, setStage] = useState<'ask' | 'sent' | 'deleted'>('ask');
  const [confirming, setConfirming] = useState(false);
  const request = useSubmit(
    () => api('/users-app-delete', { method: 'POST', anonymous: true, body: { email } }),
    () => setStage('sent'),
  );
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const confirm = async () => {
    setDeleting(true);
    try {
      await api(`/users-app-delete/${encodeURIComponent(code ?? '')}`, { method: 'PATCH', anonymous: true });
      setStage('deleted');
    } catch (error) {
      setDeleteError(errorsOf(error).message);
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  if (stage === 'deleted') {
    return (
      <Layout>
        <FormTitle title={translate('account.deleteAccount.deletedTitle')} />
        <SuccessNotice>{translate('account.deleteAccount.deleted')}</SuccessNotice>
      </Layout>
    );
  }
  if (code) {
    return (
      <Layout>
        <FormTitle
          title={translate('account.deleteAccount.title')}
          text={translate('account.deleteAccount.confirmText')}
        />
        <ErrorNotice message={deleteError} />
        <Button variant="contained" color="error" fullWidth onClick={() => setConfirming(true)} disabled={deleting}>
          {translate('account.deleteAccount.confirm')}
        </Button>
        <AppDialog
          open={confirming}
          variant="delete"
          title={translate('account.deleteAccount.title')}
          content={translate('account.deleteAccount.dialog')}
          busy={deleting}
          onClose={() => setConfirming(false)}
          onConfirm={() => void confirm()}
        />
      </Layout>
    );
  }
  return (
    <Layout>
      <Box component="form" onSubmit={request.submit} noValidate>
        <FormTitle title={translate('account.deleteAccount.title')} text={translate('account.deleteAccount.text')} />
        <ErrorNotice message={request.message} />
        {stage === 'sent' ? (
          <SuccessNotice>{translate('account.deleteAccount.sent')}</SuccessNotice>
        ) : (
          <>
            <Field
              name="email"
              label={translate('account.fields.email')}
              value={email}
              onChange={setEmail}
              errors={request.fields}
              type="email"
              required
              autoComplete="email"
            />
            <SubmitButton busy={request.busy} label={translate('account.deleteAccount.request')} />
          </>
        )}
      </Box>
    </Layout>
  );
}
