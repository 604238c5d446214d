import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const loginPages = () => import('./login-page.tsx');
const LoginLightPage = lazyPage(loginPages, (m) => m.LoginLightPage);
const LoginIframePage = lazyPage(loginPages, (m) => m.LoginIframePage);
const SelectionLoginPage = lazyPage(loginPages, (m) => m.SelectionLoginPage);
const InstantLoginPage = lazyPage(
  () => import('./instant-login.tsx'),
  (m) => m.InstantLoginPage,
);
const LogoutPage = lazyPage(
  () => import('./logout-page.tsx'),
  (m) => m.LogoutPage,
);

/** Login and logout under /auth/ (spec §4); registration and the mailed-code flows are features/account. */
export const authFeature: FeatureModule = {
  name: 'auth',
  guestRoutes: [
    { path: 'login', component: InstantLoginPage },
    { path: 'login-light', component: LoginLightPage },
    { path: 'loginIframe', component: LoginIframePage },
    { path: 'logout', component: LogoutPage },
    { path: 'selection-login', component: SelectionLoginPage },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
