import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthProvider, useTranslate } from 'react-admin';
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

/**
 * Logs in, refreshes react-admin's view of the session (its cached "not logged in" would otherwise send
 * the user straight back here) and returns to the page first wanted (spec §4).
 */
function useLogin() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const next = location.state as { nextPathname?: string; nextSearch?: string } | null;
  return async (credentials: { email: string; password: string }) => {
    await authProvider!.login(credentials);
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const wanted =
      next?.nextPathname && !next.nextPathname.startsWith('/auth/') ? next.nextPathname + (next.nextSearch ?? '') : '/';
    navigate(wanted, { replace: true });
  };
}

function LoginForm({ compact = false }: { compact?: boolean }) {
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
    </Box>
  );
}

/** /auth/login */
export function LoginPage() {
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
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
      <LoginForm />
    </IframeAuthLayout>
  );
}
