import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

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

/**
 * The account's life cycle as a visitor meets it under /auth/ (spec §4), the web side of the server's
 * features/account: registration, e-mail verification, forgotten and reset password, the first password of an
 * invited or blocked user, disabling and deleting the account. Login and logout are features/auth.
 */
export const accountFeature: FeatureModule = {
  name: 'account',
  guestRoutes: [
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
