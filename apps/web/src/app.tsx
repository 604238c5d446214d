import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { LOGIN_PATH, SESSION_EXPIRED_SEARCH } from './lib/auth-provider.ts';
import { clearToken, getToken, tokenExpired } from './lib/auth-token.ts';
import { loadBrand } from './lib/brand.tsx';

const guestShell = () => import('./layout/guest-shell.tsx');
const adminShell = () => import('./layout/admin-shell.tsx');
const GuestShell = lazy(() => guestShell().then((m) => ({ default: m.GuestShell })));
const AdminShell = lazy(() => adminShell().then((m) => ({ default: m.AdminShell })));

const loginPages = () => import('./features/auth/login-page.tsx');
const LoginPage = lazy(() => loginPages().then((m) => ({ default: m.LoginPage })));
const LoginLightPage = lazy(() => loginPages().then((m) => ({ default: m.LoginLightPage })));
const LoginIframePage = lazy(() => loginPages().then((m) => ({ default: m.LoginIframePage })));
const SelectionLoginPage = lazy(() => loginPages().then((m) => ({ default: m.SelectionLoginPage })));
const registerPages = () => import('./features/auth/register-page.tsx');
const RegisterPage = lazy(() => registerPages().then((m) => ({ default: m.RegisterPage })));
const RegisterIframePage = lazy(() => registerPages().then((m) => ({ default: m.RegisterIframePage })));
const RegisterSavedIframePage = lazy(() => registerPages().then((m) => ({ default: m.RegisterSavedIframePage })));
const accountPages = () => import('./features/auth/account-pages.tsx');
const VerifyEmailPage = lazy(() => accountPages().then((m) => ({ default: m.VerifyEmailPage })));
const ForgotPage = lazy(() => accountPages().then((m) => ({ default: m.ForgotPage })));
const ForgotIframePage = lazy(() => accountPages().then((m) => ({ default: m.ForgotIframePage })));
const ResetPage = lazy(() => accountPages().then((m) => ({ default: m.ResetPage })));
const ResetIframePage = lazy(() => accountPages().then((m) => ({ default: m.ResetIframePage })));
const SetPasswordPage = lazy(() => accountPages().then((m) => ({ default: m.SetPasswordPage })));
const DisablePage = lazy(() => accountPages().then((m) => ({ default: m.DisablePage })));
const DeleteAccountPage = lazy(() => accountPages().then((m) => ({ default: m.DeleteAccountPage })));
const LogoutPage = lazy(() => import('./features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage })));

/** The pages under /auth/ (paths relative to it), open to visitors. */
const guestRoutes = (
  <>
    <Route path="login" element={<LoginPage />} />
    <Route path="login-light" element={<LoginLightPage />} />
    <Route path="loginIframe" element={<LoginIframePage />} />
    <Route path="logout" element={<LogoutPage />} />
    <Route path="selection-login" element={<SelectionLoginPage />} />
    <Route path="register" element={<RegisterPage />} />
    <Route path="signup" element={<RegisterPage />} />
    <Route path="registerIframe" element={<RegisterIframePage />} />
    <Route path="signupIframe" element={<RegisterIframePage />} />
    <Route path="save_registerIframe" element={<RegisterSavedIframePage />} />
    <Route path="verify-email/:code" element={<VerifyEmailPage />} />
    <Route path="forgot" element={<ForgotPage />} />
    <Route path="forgotIframe" element={<ForgotIframePage />} />
    <Route path="reset-page/:code?" element={<ResetPage />} />
    <Route path="reset-pageIframe/:code?" element={<ResetIframePage />} />
    <Route path="set-password/:code?" element={<SetPasswordPage />} />
    <Route path="disable/:code?" element={<DisablePage />} />
    <Route path="delete-account" element={<DeleteAccountPage />} />
  </>
);

/**
 * Everything outside /auth/ needs a session. Without a token, or with one whose time is up, the visitor goes
 * straight to the login page (once, remembering where they wanted to go) before the admin framework loads.
 */
function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = getToken();
  if (token && !tokenExpired(token)) return children;
  if (token) clearToken();
  return (
    <Navigate
      to={{ pathname: LOGIN_PATH, search: token ? SESSION_EXPIRED_SEARCH : '' }}
      replace
      state={{ nextPathname: pathname, nextSearch: search }}
    />
  );
}

// Both start at once: the brand request and the chunk of the side of the app this address opens.
const brandRequest = loadBrand();
void (window.location.pathname.startsWith('/auth/') ? guestShell() : adminShell());

/**
 * Loads the brand of this host (its colours theme the app), then shows the visitor pages or the back office;
 * when the server cannot answer, the maintenance page.
 */
export function App() {
  const [state, setState] = useState<{ brand: Brand; maintenance: boolean } | null>(null);
  useEffect(() => {
    brandRequest
      .then((brand) => setState({ brand, maintenance: false }))
      .catch(() => setState({ brand: fallbackBrand(window.location.hostname), maintenance: true }));
  }, []);
  useEffect(() => {
    if (state) document.title = state.brand.name;
  }, [state]);
  if (!state) return null;
  const { brand } = state;
  if (state.maintenance) {
    return (
      <Suspense fallback={null}>
        <GuestShell brand={brand} routes={null} maintenance />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/auth/*" element={<GuestShell brand={brand} routes={guestRoutes} />} />
        <Route path="/maintenance" element={<GuestShell brand={brand} routes={null} maintenance />} />
        <Route
          path="*"
          element={
            <RequireSession>
              <AdminShell brand={brand} />
            </RequireSession>
          }
        />
      </Routes>
    </Suspense>
  );
}
