import { useState, type FormEvent } from 'react';

/** Plain React only: the instant login page (features/auth/instant-login.tsx) must stay free of MUI and react-admin. */

export type AccountKind = 'staff' | 'app';
export type LoginCredentials = { email: string; password: string; kind?: AccountKind };

/**
 * What a login attempt led to: `left` — the page goes elsewhere (the form stays busy until it is gone);
 * `choose` — the e-mail opens several kinds of account and the user picks one (the form is usable again).
 */
export type LoginOutcome = 'left' | 'choose';

/** The message key of a failed login: the server's catalogue key, or the general "login failed". */
export const loginErrorKey = (failure: unknown): string => {
  const message = failure instanceof Error ? failure.message : '';
  return message.startsWith('error.') ? message : 'error.loginFailed';
};

/**
 * The submit and error handling both login forms share (the instant login and the MUI form of /auth/login-light
 * and /auth/loginIframe): both fields must be filled (`error.empty`, no request), the request runs with busy
 * state, and a failure shows its message key.
 */
export function useLoginSubmit(
  login: (credentials: LoginCredentials) => Promise<LoginOutcome>,
  initial: { email: string; password: string } = { email: '', password: '' },
) {
  const [email, setEmail] = useState(initial.email);
  const [password, setPassword] = useState(initial.password);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Logs in with the entered credentials, as the account `kind` when the user has chosen one. */
  const loginAs = async (kind?: AccountKind) => {
    setError(null);
    if (!email.trim() || !password) {
      setError('error.empty');
      return;
    }
    setBusy(true);
    try {
      if ((await login({ email: email.trim(), password, ...(kind ? { kind } : {}) })) === 'choose') setBusy(false);
    } catch (failure) {
      setError(loginErrorKey(failure));
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void loginAs();
  };
  return { email, setEmail, password, setPassword, error, busy, submit, loginAs };
}
