import { lazy, useMemo } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import type { Brand } from '@tourdesk/contracts';
import { agenciesResources, MyAgencyPage } from '../features/agencies/agencies.resource.tsx';
import { brandsResource } from '../features/brands/brands.resource.tsx';
import { customersResources } from '../features/customers/customers.resource.tsx';
import { rolesResource } from '../features/roles/roles.resource.tsx';
import { settingsResource } from '../features/settings/settings.resource.tsx';
import { usersResources } from '../features/users/users.resource.tsx';
import { ALL_MENU_ENTRIES, QUICK_APPS } from './menu-entries.ts';
import { darkTheme, lightTheme } from './theme.ts';
import { authProvider } from '../lib/auth-provider.ts';
import { BrandProvider } from '../lib/brand.tsx';
import { dataProvider } from '../lib/data-provider.ts';
import { useI18nProvider } from '../lib/i18n.ts';
import { appStore } from '../lib/store.ts';
import { ErrorPage, ForbiddenPage, NotFoundPage } from '../pages/error-pages.tsx';
import { AppNotification } from '../ui/app-notification.tsx';

const DefaultLayout = lazy(() => import('./default-layout.tsx').then((m) => ({ default: m.DefaultLayout })));
const Dashboard = lazy(() => import('../pages/dashboard.tsx').then((m) => ({ default: m.Dashboard })));
const DebugPage = lazy(() => import('../pages/debug-page.tsx').then((m) => ({ default: m.DebugPage })));
const ProfilePage = lazy(() => import('../pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));
const UnavailablePage = lazy(() =>
  import('../pages/unavailable-page.tsx').then((m) => ({ default: m.UnavailablePage })),
);
const EmailDebugPage = lazy(() =>
  import('../features/mail/email-debug-page.tsx').then((m) => ({ default: m.EmailDebugPage })),
);

/** Routes of menu entries and quick links whose module this installation does not contain yet. */
const unavailableRoutes = [
  ...ALL_MENU_ENTRIES.filter((entry) => !entry.available).map((entry) => ({
    path: entry.to,
    titleKey: `menu.items.${entry.key}`,
  })),
  ...QUICK_APPS.map((app) => ({ path: app.to, titleKey: `app.quickApps.${app.key}` })),
];

/** The back office, agency portal and traveller app: react-admin with our own layout and pages. */
export function AdminShell({ brand }: { brand: Brand }) {
  const i18nProvider = useI18nProvider();
  const themes = useMemo(
    () => ({ light: lightTheme(brand.primaryColor ?? undefined), dark: darkTheme(brand.primaryColor ?? undefined) }),
    [brand],
  );
  if (!i18nProvider) return <Loading />;
  // react-admin's <Admin> would bundle its default layout, login and error pages into the first download;
  // AdminContext + CoreAdminUI with our own (lazy) pages keep it lighter.
  return (
    <BrandProvider brand={brand}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={appStore}
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
