import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Loading, localStorageStore, type I18nProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { useI18nextProvider } from 'ra-i18n-i18next';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { agenciesResources, MyAgencyPage } from './features/agencies/agencies.resource.tsx';
import { brandsResource } from './features/brands/brands.resource.tsx';
import { customersResources } from './features/customers/customers.resource.tsx';
import { driversResources } from './features/drivers/drivers.resource.tsx';
import { rolesResource } from './features/roles/roles.resource.tsx';
import { settingsResource } from './features/settings/settings.resource.tsx';
import { usersResources } from './features/users/users.resource.tsx';
import { ALL_MENU_ENTRIES, QUICK_APPS } from './layout/menu-entries.ts';
import { darkTheme, lightTheme } from './layout/theme.ts';
import { authProvider } from './lib/auth-provider.ts';
import { BrandProvider, loadBrand } from './lib/brand.tsx';
import { dataProvider } from './lib/data-provider.ts';
import { createI18next, I18NEXT_OPTIONS, OFFERED_LANGUAGES, rememberLanguage } from './lib/i18n.ts';

import { ErrorPage, ForbiddenPage, NotFoundPage } from './pages/error-pages.tsx';
import { MaintenancePage } from './pages/maintenance-page.tsx';
import { AppNotification } from './ui/app-notification.tsx';

const DefaultLayout = lazy(() => import('./layout/default-layout.tsx').then((m) => ({ default: m.DefaultLayout })));
const Dashboard = lazy(() => import('./pages/dashboard.tsx').then((m) => ({ default: m.Dashboard })));
const DebugPage = lazy(() => import('./pages/debug-page.tsx').then((m) => ({ default: m.DebugPage })));
const ProfilePage = lazy(() => import('./pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));
const UnavailablePage = lazy(() =>
  import('./pages/unavailable-page.tsx').then((m) => ({ default: m.UnavailablePage })),
);
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
const EmailDebugPage = lazy(() =>
  import('./features/mail/email-debug-page.tsx').then((m) => ({ default: m.EmailDebugPage })),
);
const LogoutPage = lazy(() => import('./features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage })));

const store = localStorageStore('1', 'tourdesk');

/** Routes of menu entries and quick links whose module this installation does not contain yet. */
const unavailableRoutes = [
  ...ALL_MENU_ENTRIES.filter((entry) => !entry.available).map((entry) => ({
    path: entry.to,
    titleKey: `menu.items.${entry.key}`,
  })),
  ...QUICK_APPS.map((app) => ({ path: app.to, titleKey: `app.quickApps.${app.key}` })),
];

/** react-admin's i18n provider on i18next; a language change also sets the `i18n_redirected` cookie. */
function useI18nProvider(): I18nProvider | null {
  const [instance] = useState(createI18next);
  const provider = useI18nextProvider({
    i18nextInstance: instance,
    options: I18NEXT_OPTIONS,
    availableLocales: [...OFFERED_LANGUAGES],
  });
  return useMemo(
    () =>
      provider && {
        ...provider,
        changeLocale: async (locale: string, options?: unknown) => {
          rememberLanguage(locale);
          await provider.changeLocale(locale, options);
          document.documentElement.lang = locale;
        },
      },
    [provider],
  );
}

function TourdeskAdmin({ brand, maintenance }: { brand: Brand; maintenance: boolean }) {
  const i18nProvider = useI18nProvider();
  const themes = useMemo(
    () => ({ light: lightTheme(brand.primaryColor ?? undefined), dark: darkTheme(brand.primaryColor ?? undefined) }),
    [brand],
  );
  useEffect(() => {
    document.title = brand.name;
  }, [brand]);
  if (!i18nProvider) return <Loading />;
  if (maintenance) {
    return (
      <AdminContext i18nProvider={i18nProvider} theme={themes.light} darkTheme={themes.dark} store={store}>
        <MaintenancePage />
      </AdminContext>
    );
  }
  // react-admin's <Admin> would bundle its default layout, login and error pages into the first download;
  // AdminContext + CoreAdminUI with our own (lazy) pages keep the login page light.
  return (
    <BrandProvider brand={brand}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={themes.light}
        darkTheme={themes.dark}
        defaultTheme="light"
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            layout={DefaultLayout}
            dashboard={Dashboard}
            loginPage={false}
            requireAuth
            disableTelemetry
            catchAll={NotFoundPage}
            accessDenied={ForbiddenPage}
            error={ErrorPage}
            loading={Loading}
            title={brand.name}
          >
            <CustomRoutes noLayout>
              <Route path="/auth/login" element={<LoginPage />} />
              <Route path="/auth/login-light" element={<LoginLightPage />} />
              <Route path="/auth/loginIframe" element={<LoginIframePage />} />
              <Route path="/auth/logout" element={<LogoutPage />} />
              <Route path="/auth/selection-login" element={<SelectionLoginPage />} />
              <Route path="/auth/register" element={<RegisterPage />} />
              <Route path="/auth/signup" element={<RegisterPage />} />
              <Route path="/auth/registerIframe" element={<RegisterIframePage />} />
              <Route path="/auth/signupIframe" element={<RegisterIframePage />} />
              <Route path="/auth/save_registerIframe" element={<RegisterSavedIframePage />} />
              <Route path="/auth/verify-email/:code" element={<VerifyEmailPage />} />
              <Route path="/auth/forgot" element={<ForgotPage />} />
              <Route path="/auth/forgotIframe" element={<ForgotIframePage />} />
              <Route path="/auth/reset-page/:code?" element={<ResetPage />} />
              <Route path="/auth/reset-pageIframe/:code?" element={<ResetIframePage />} />
              <Route path="/auth/set-password/:code?" element={<SetPasswordPage />} />
              <Route path="/auth/disable/:code?" element={<DisablePage />} />
              <Route path="/auth/delete-account" element={<DeleteAccountPage />} />
              <Route path="/maintenance" element={<MaintenancePage />} />
            </CustomRoutes>
            <CustomRoutes>
              <Route path="/appuser/myProfile" element={<ProfilePage />} />
              <Route path="/agencies/myProfile" element={<MyAgencyPage />} />
              <Route path="/debug" element={<DebugPage />} />
              <Route path="/email/debug" element={<EmailDebugPage />} />
              {unavailableRoutes.map(({ path, titleKey }) => (
                <Route key={path} path={path} element={<UnavailablePage titleKey={titleKey} />} />
              ))}
            </CustomRoutes>
            {customersResources}
            {driversResources}
            {agenciesResources}
            {usersResources}
            {rolesResource}
            {settingsResource}
            {brandsResource}
          </CoreAdminUI>
          <AppNotification />
        </CssBaseline>
      </AdminContext>
    </BrandProvider>
  );
}

/**
 * Loads the brand of this host first (its colours theme the app); when the server cannot answer, the
 * maintenance page shows instead.
 */
export function App() {
  const [state, setState] = useState<{ brand: Brand; maintenance: boolean } | null>(null);
  useEffect(() => {
    loadBrand()
      .then((brand) => setState({ brand, maintenance: false }))
      .catch(() => setState({ brand: fallbackBrand(window.location.hostname), maintenance: true }));
  }, []);
  if (!state) return null;
  return (
    <Suspense fallback={<Loading />}>
      <TourdeskAdmin brand={state.brand} maintenance={state.maintenance} />
    </Suspense>
  );
}
