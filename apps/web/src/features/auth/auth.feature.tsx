import { lazy } from 'react';
import { type FeatureModule, type LocaleFile, localeLoaders } from '../../lib/feature.ts';

const loginPages = () => import('./login-page.tsx');
const LoginLightPage = lazy(() => loginPages().then((m) => ({ default: m.LoginLightPage })));
const LoginIframePage = lazy(() => loginPages().then((m) => ({ default: m.LoginIframePage })));
const SelectionLoginPage = lazy(() => loginPages().then((m) => ({ default: m.SelectionLoginPage })));
const registerPages = () => import('./register-page.tsx');
const RegisterPage = lazy(() => registerPages().then((m) => ({ default: m.RegisterPage })));
const RegisterIframePage = lazy(() => registerPages().then((m) => ({ default: m.RegisterIframePage })));
const RegisterSavedIframePage = lazy(() => registerPages().then((m) => ({ default: m.RegisterSavedIframePage })));
const accountPages = () => import('./account-pages.tsx');
const VerifyEmailPage = lazy(() => accountPages().then((m) => ({ default: m.VerifyEmailPage })));
const ForgotPage = lazy(() => accountPages().then((m) => ({ default: m.ForgotPage })));
const ForgotIframePage = lazy(() => accountPages().then((m) => ({ default: m.ForgotIframePage })));
const ResetPage = lazy(() => accountPages().then((m) => ({ default: m.ResetPage })));
const ResetIframePage = lazy(() => accountPages().then((m) => ({ default: m.ResetIframePage })));
const SetPasswordPage = lazy(() => accountPages().then((m) => ({ default: m.SetPasswordPage })));
const DisablePage = lazy(() => accountPages().then((m) => ({ default: m.DisablePage })));
const DeleteAccountPage = lazy(() => accountPages().then((m) => ({ default: m.DeleteAccountPage })));
const InstantLoginPage = lazy(() => import('./instant-login.tsx').then((m) => ({ default: m.InstantLoginPage })));
const LogoutPage = lazy(() => import('./logout-page.tsx').then((m) => ({ default: m.LogoutPage })));

/** Login, registration and the account flows that follow a mailed code (spec §4), all under /auth/. */
export const authFeature: FeatureModule = {
  name: 'auth',
  guestRoutes: [
    { path: 'login', component: InstantLoginPage },
    { path: 'login-light', component: LoginLightPage },
    { path: 'loginIframe', component: LoginIframePage },
    { path: 'logout', component: LogoutPage },
    { path: 'selection-login', component: SelectionLoginPage },
    { path: 'register', component: RegisterPage },
    { path: 'signup', component: RegisterPage },
    { path: 'registerIframe', component: RegisterIframePage },
    { path: 'signupIframe', component: RegisterIframePage },
    { path: 'save_registerIframe', component: RegisterSavedIframePage },
    { path: 'verify-email/:code', component: VerifyEmailPage },
    { path: 'forgot', component: ForgotPage },
    { path: 'forgotIframe', component: ForgotIframePage },
    { path: 'reset-page/:code?', component: ResetPage },
    { path: 'reset-pageIframe/:code?', component: ResetIframePage },
    { path: 'set-password/:code?', component: SetPasswordPage },
    { path: 'disable/:code?', component: DisablePage },
    { path: 'delete-account', component: DeleteAccountPage },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
