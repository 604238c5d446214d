import { useEffect } from 'react';
import { Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
import type { LoginSelection } from '@tourdesk/contracts';
import { loadUserData } from '../../lib/auth-provider.ts';
import { getToken } from '../../lib/auth-token.ts';
import { AuthLayout, IframeAuthLayout } from '../../shared/auth-layout.tsx';
import { ErrorNotice, SubmitButton } from '../../shared/auth-forms.tsx';
import { useLoginSubmit, type LoginCredentials, type LoginOutcome } from '../../shared/login-submit.ts';

/** A logged-in user who opens a login page goes home (guest-only page, spec §4). */
function useRedirectWhenLoggedIn() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!getToken()) return;
    let active = true;
    loadUserData()
      .then(() => {
        if (active) navigate('/', { replace: true });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [navigate]);
}

type Next = { nextPathname?: string; nextSearch?: string } | null;

/** The credentials waiting for the user's choice on the selection login page. */
let pendingSelection: { email: string; password: string; choices: LoginSelection['selection']; next: Next } | null =
  null;

/**
 * Logs in, refreshes react-admin's view of the session (its cached "not logged in" would otherwise send
 * the user straight back here) and returns to the page first wanted (spec §4).
 */
function useLogin() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const next = (location.state as Next) ?? pendingSelection?.next ?? null;
  return async (credentials: LoginCredentials): Promise<LoginOutcome> => {
    const selection = (await authProvider!.login(credentials)) as LoginSelection | undefined;
    if (selection) {
      // Kept in memory only, never in the URL or the browser history.
      pendingSelection = { ...credentials, choices: selection.selection, next };
      navigate('/auth/selection-login');
      return 'left';
    }
    pendingSelection = null;
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const wanted =
      next?.nextPathname && !next.nextPathname.startsWith('/auth/') ? next.nextPathname + (next.nextSearch ?? '') : '/';
    navigate(wanted, { replace: true });
    return 'left';
  };
}

function LoginForm({ compact = false, iframe = false }: { compact?: boolean; iframe?: boolean }) {
  const translate = useTranslate();
  const { email, setEmail, password, setPassword, error, busy, submit } = useLoginSubmit(useLogin());
  useRedirectWhenLoggedIn();

  return (
    <Box component="form" onSubmit={submit} noValidate>
      {compact ? null : (
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('auth.login.title')}
        </Typography>
      )}
      <ErrorNotice message={error} />
      <TextField
        label={translate('auth.login.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        fullWidth
        margin="normal"
        required
        autoFocus
      />
      <TextField
        label={translate('auth.login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
        margin="normal"
        required
      />
      <SubmitButton busy={busy} label={translate('auth.login.submit')} />
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={iframe ? '/auth/forgotIframe' : '/auth/forgot'} variant="body2">
          {translate('auth.links.forgot')}
        </Link>
        <Link component={RouterLink} to={iframe ? '/auth/registerIframe' : '/auth/register'} variant="body2">
          {translate('auth.links.register')}
        </Link>
      </Stack>
    </Box>
  );
}

/** /auth/login-light: the form alone on a plain page (for quick re-logins). */
export function LoginLightPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 380 }}>
        <Typography variant="h6" component="h1" align="center" gutterBottom>
          {translate('auth.login.title')}
        </Typography>
        <LoginForm compact />
      </Box>
    </Box>
  );
}

/** /auth/loginIframe: for embedding in the operator's websites. */
export function LoginIframePage() {
  return (
    <IframeAuthLayout>
      <LoginForm iframe />
    </IframeAuthLayout>
  );
}

/**
 * /auth/selection-login: the e-mail opens several kinds of account (back office, agency portal, traveller
 * app); the user picks one and is logged in to it.
 */
export function SelectionLoginPage() {
  const translate = useTranslate();
  const pending = pendingSelection;
  const { error, busy, loginAs } = useLoginSubmit(useLogin(), pending ?? undefined);
  if (!pending) return <Navigate to="/auth/login" replace />;
  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('auth.selection.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('auth.selection.text', { email: pending.email })}
      </Typography>
      <ErrorNotice message={error} />
      <Stack spacing={1.5}>
        {pending.choices.map((choice) => (
          <Button
            key={choice.kind}
            variant="outlined"
            size="large"
            disabled={busy}
            onClick={() => void loginAs(choice.kind)}
          >
            {translate(`auth.selection.${choice.area}`)}
          </Button>
        ))}
      </Stack>
    </AuthLayout>
  );
}
