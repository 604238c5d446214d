import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
import type { LoginSelection } from '@tourdesk/contracts';
import { loadUserData } from '../../lib/auth-provider.ts';
import { getToken } from '../../lib/auth-token.ts';
import { AuthLayout, IframeAuthLayout } from './auth-layout.tsx';

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
  return async (credentials: { email: string; password: string; kind?: 'staff' | 'app' }) => {
    const selection = (await authProvider!.login(credentials)) as LoginSelection | undefined;
    if (selection) {
      // Kept in memory only, never in the URL or the browser history.
      pendingSelection = { ...credentials, choices: selection.selection, next };
      navigate('/auth/selection-login');
      return;
    }
    pendingSelection = null;
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const wanted =
      next?.nextPathname && !next.nextPathname.startsWith('/auth/') ? next.nextPathname + (next.nextSearch ?? '') : '/';
    navigate(wanted, { replace: true });
  };
}

function LoginForm({ compact = false, iframe = false }: { compact?: boolean; iframe?: boolean }) {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useRedirectWhenLoggedIn();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('error.empty');
      return;
    }
    setBusy(true);
    try {
      await login({ email: email.trim(), password });
    } catch (failure) {
      const key = (failure as Error).message;
      setError(key.startsWith('error.') ? key : 'error.loginFailed');
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      {compact ? null : (
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('auth.login.title')}
        </Typography>
      )}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {translate(error)}
        </Alert>
      ) : null}
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
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        disabled={busy}
        sx={{ mt: 2 }}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {translate('auth.login.submit')}
      </Button>
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
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const pending = pendingSelection;
  if (!pending) return <Navigate to="/auth/login" replace />;
  const choose = async (kind: 'staff' | 'app') => {
    try {
      await login({ email: pending.email, password: pending.password, kind });
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <AuthLayout>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('auth.selection.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('auth.selection.text', { email: pending.email })}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(error)}
        </Alert>
      ) : null}
      <Stack spacing={1.5}>
        {pending.choices.map((choice) => (
          <Button key={choice.kind} variant="outlined" size="large" onClick={() => void choose(choice.kind)}>
            {translate(`auth.selection.${choice.area}`)}
          </Button>
        ))}
      </Stack>
    </AuthLayout>
  );
}
