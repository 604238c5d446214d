import { Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { loadUserData } from './lib/user-data.ts';
import { RequireSession } from './lib/require-session.tsx';
import { startMobileI18n } from './lib/mobile-i18n.ts';
import { getToken, tokenExpired } from './lib/auth-token.ts';
import { loadBrand } from './lib/brand.tsx';
import { sendGet } from './lib/api-client.ts';
import { startFirstList } from './lib/first-list.ts';
import { FEATURES } from './features/index.ts';
import { lazyPage, preloadPage } from './lib/feature.ts';
import { isMobilePath, preloadMobilePage } from './lib/mobile.tsx';
import { MOBILE_FEATURES } from './features/mobile.ts';

const AdminShell = lazyPage(
  () => import('./layout/admin-shell.tsx'),
  (m) => m.AdminShell,
);
// Loaded with the app (see below) except on the traveller and driver app's addresses: when the admin sends a
// refused session to the login page, the guest side must render at once, or react-admin stays mounted (its logout
// repeating) while a chunk loads. The phone app does without it (and without react-admin, which it pulls in).
const GuestShell = lazyPage(
  () => import('./layout/guest-shell.tsx'),
  (m) => m.GuestShell,
);
// The traveller and driver app when the back office's side navigates to it (opened directly, main.tsx starts
// mobile-app.tsx instead): a shell of its own, without react-admin.
const MobileShell = lazyPage(
  () => import('./layout/mobile-shell.tsx'),
  (m) => m.MobileShell,
);

/** The pages under /auth/ (paths relative to it), open to visitors. */
const guestRoutes = FEATURES.flatMap((feature) => feature.guestRoutes ?? []).map(({ path, component: Page }) => (
  <Route key={path} path={path} element={<Page />} />
));

/** Pages at addresses of their own that need no session (the newsletter's unsubscribe page). */
const publicRoutes = FEATURES.flatMap((feature) => feature.publicRoutes ?? []);

// All start at once: the brand request, the chunk of the side of the app this address opens, the messages of
// the language and, with a session, the logged-in user (the admin shell's first check reuses that request).
const brandRequest = loadBrand();
if (isMobilePath(MOBILE_FEATURES, window.location.pathname)) {
  void MobileShell.preload();
  preloadMobilePage(MOBILE_FEATURES, window.location.pathname);
  void startMobileI18n();
} else {
  // The back office's and the visitor pages' i18next (not in the phone app's first load).
  void import('./lib/i18n.ts').then(({ startI18n }) => startI18n());
  void GuestShell.preload();
  if (!window.location.pathname.startsWith('/auth/')) void AdminShell.preload();
}
preloadPage(FEATURES, window.location.pathname);
const startToken = getToken();
if (startToken && !tokenExpired(startToken)) {
  loadUserData().catch(() => undefined);
  // The list this address showed the last time, asked for now instead of after react-admin's start-up.
  startFirstList(sendGet);
}

/**
 * Loads the brand of this host (its colours theme the app), then shows the visitor pages or the back office;
 * when the server cannot answer, the maintenance page.
 */
export function App() {
  return <RouterProvider router={router} />;
}

// A data router: forms can then block navigation while they hold unsaved changes (warnWhenUnsavedChanges);
// under a plain BrowserRouter react-admin switches that warning off.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

function Root() {
  const { pathname } = useLocation();
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
  if (isMobilePath(MOBILE_FEATURES, pathname)) {
    return (
      <RequireSession>
        <Suspense fallback={null}>
          <MobileShell brand={brand} />
        </Suspense>
      </RequireSession>
    );
  }
  // Each side has a Suspense boundary of its own: switching sides (e.g. a refused session sending the admin to
  // the login) unmounts the side left at once instead of keeping it on screen, and running, while the other loads.
  return (
    <Routes>
      <Route
        path="/auth/*"
        element={
          <Suspense fallback={null}>
            <GuestShell brand={brand} routes={guestRoutes} />
          </Suspense>
        }
      />
      {publicRoutes.map(({ path, component: Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={null}>
              <GuestShell brand={brand} routes={<Route path="*" element={<Page />} />} />
            </Suspense>
          }
        />
      ))}
      <Route
        path="/maintenance"
        element={
          <Suspense fallback={null}>
            <GuestShell brand={brand} routes={null} maintenance />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <RequireSession>
            <Suspense fallback={null}>
              <AdminShell brand={brand} />
            </Suspense>
          </RequireSession>
        }
      />
    </Routes>
  );
}
