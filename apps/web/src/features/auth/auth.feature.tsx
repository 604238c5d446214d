import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const loginPages = () => import('./login-page.tsx');
const LoginLightPage = lazyPage(loginPages, (m) => m.LoginLightPage);
const LoginIframePage = lazyPage(loginPages, (m) => m.LoginIframePage);
const SelectionLoginPage = lazyPage(loginPages, (m) => m.SelectionLoginPage);
const registerPages = () => import('./register-page.tsx');
const RegisterPage = lazyPage(registerPages, (m) => m.RegisterPage);
const RegisterIframePage = lazyPage(registerPages, (m) => m.RegisterIframePage);
const RegisterSavedIframePage = lazyPage(registerPages, (m) => m.RegisterSavedIframePage);
const accountPages = () => import('./account-pages.tsx');
const VerifyEmailPage = lazyPage(accountPages, (m) => m.VerifyEmailPage);
const ForgotPage = lazyPage(accountPages, (m) => m.ForgotPage);
const ForgotIframePage = lazyPage(accountPages, (m) => m.ForgotIframePage);
const ResetPage = lazyPage(accountPages, (m) => m.ResetPage);
const ResetIframePage = lazyPage(accountPages, (m) => m.ResetIframePage);
const SetPasswordPage = lazyPage(accountPages, (m) => m.SetPasswordPage);
const DisablePage = lazyPage(accountPages, (m) => m.DisablePage);
const DeleteAccountPage = lazyPage(accountPages, (m) => m.DeleteAccountPage);
const InstantLoginPage = lazyPage(
  () => import('./instant-login.tsx'),
  (m) => m.InstantLoginPage,
);
const LogoutPage = lazyPage(
  () => import('./logout-page.tsx'),
  (m) => m.LogoutPage,
);

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
