import { lazy, useMemo, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Resource } from 'react-admin';
import { PageLoading } from '../ui/page-loading.tsx';
import { Route } from 'react-router-dom';
import type { Brand } from '@tourdesk/contracts';
import type { PermissionName } from '@tourdesk/contracts/permissions';
import { FEATURES } from '../features/index.ts';
import { DefaultLayout } from './default-layout.tsx';
import { darkTheme, lightTheme } from './theme.ts';
import { authProvider } from '../lib/auth-provider.ts';
import { BrandProvider } from '../lib/brand.tsx';
import { dataProvider } from '../lib/data-provider.ts';
import type { FeatureRoute } from '../lib/feature.ts';
import { useI18nProvider } from '../lib/i18n.ts';
import { usePermissionSubject, useHasAnyPermission } from '../lib/permissions.ts';
import { appStore } from '../lib/store.ts';
import { ErrorPage, ForbiddenPage, NotFoundPage } from '../pages/error-pages.tsx';
import { AppNotification } from '../ui/app-notification.tsx';

const Dashboard = lazy(() => import('../pages/dashboard.tsx').then((m) => ({ default: m.Dashboard })));
const DebugPage = lazy(() => import('../pages/debug-page.tsx').then((m) => ({ default: m.DebugPage })));
const ProfilePage = lazy(() => import('../pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));

/** The shell's own pages inside the layout; the features add theirs. */
const SHELL_ROUTES: readonly FeatureRoute[] = [
  { path: '/appuser/myProfile', component: ProfilePage, permissions: ['myprofile-read'] },
  { path: '/debug', component: DebugPage, permissions: ['superadmin'] },
];

const ROUTES = [...SHELL_ROUTES, ...FEATURES.flatMap((feature) => feature.routes ?? [])];

/** Resources with pages; the others are only API mappings for the data provider. */
const RESOURCES = FEATURES.flatMap((feature) => feature.resources ?? []).filter(
  (resource) => resource.list || resource.create || resource.edit || resource.show,
);

/** A route's page for users with one of its permissions; the 403 page for everyone else. */
function RequirePermission({ permissions, children }: { permissions: readonly PermissionName[]; children: ReactNode }) {
  const { isPending } = usePermissionSubject();
  const allowed = useHasAnyPermission(permissions);
  if (isPending) return <PageLoading />;
  return allowed ? children : <ForbiddenPage />;
}

/** The back office, agency portal and traveller app: react-admin with our own layout and pages. */
export function AdminShell({ brand }: { brand: Brand }) {
  const i18nProvider = useI18nProvider();
  const themes = useMemo(
    () => ({ light: lightTheme(brand.primaryColor ?? undefined), dark: darkTheme(brand.primaryColor ?? undefined) }),
    [brand],
  );
  if (!i18nProvider) return <PageLoading />;
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
            loading={PageLoading}
            title={brand.name}
          >
            <CustomRoutes>
              {ROUTES.map(({ path, component: Page, permissions }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RequirePermission permissions={permissions}>
                      <Page />
                    </RequirePermission>
                  }
                />
              ))}
            </CustomRoutes>
            {RESOURCES.map(({ name, api: _api, routes, ...pages }) => (
              <Resource key={name} name={name} {...pages}>
                {routes}
              </Resource>
            ))}
          </CoreAdminUI>
          <AppNotification />
        </CssBaseline>
      </AdminContext>
    </BrandProvider>
  );
}
