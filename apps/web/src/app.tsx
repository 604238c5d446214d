import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { loadUserData, LOGIN_PATH, SESSION_EXPIRED_SEARCH, sessionWasRefused } from './lib/auth-provider.ts';
import { startI18n } from './lib/i18n.ts';
import { clearToken, getToken, tokenExpired } from './lib/auth-token.ts';
import { loadBrand } from './lib/brand.tsx';
import { sendGet } from './lib/api-client.ts';
import { startFirstList } from './lib/first-list.ts';
// Not lazy: when the admin sends a refused session to the login page, the guest side must render at once,
// or react-admin stays mounted (its logout repeating) while a chunk loads.
import { GuestShell } from './layout/guest-shell.tsx';
import { FEATURES } from './features/index.ts';
import { lazyPage, preloadPage } from './lib/feature.ts';

const AdminShell = lazyPage(
  () => import('./layout/admin-shell.tsx'),
  (m) => m.AdminShell,
);

/** The pages under /auth/ (paths relative to it), open to visitors. */
const guestRoutes = FEATURES.flatMap((feature) => feature.guestRoutes ?? []).map(({ path, component: Page }) => (
  <Route key={path} path={path} element={<Page />} />
));

/**
 * Everything outside /auth/ needs a session. Without a token, or with one whose time is up, the visitor goes
 * straight to the login page (once, remembering where they wanted to go) before the admin framework loads.
 */
function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const token = getToken();
  const valid = token !== null && !tokenExpired(token);
  // The server's word on the token (the /userdata request started with the page) comes before the admin
  // mounts, so a refused session goes to the login page from here, not through react-admin's logout.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!valid) return;
    let active = true;
    loadUserData()
      .catch(() => undefined)
      .finally(() => {
        if (active) setChecked(true);
      });
    return () => {
      active = false;
    };
  }, [valid]);
  if (valid && !checked) return null;
  if (valid && getToken()) return children;
  if (token) clearToken();
  // An expired token, or one the server refused (loadUserData has removed it): "session expired".
  const expired = token !== null || sessionWasRefused();
  return (
    <Navigate
      to={{ pathname: LOGIN_PATH, search: expired ? SESSION_EXPIRED_SEARCH : '' }}
      replace
      state={{ nextPathname: pathname, nextSearch: search }}
    />
  );
}

// All start at once: the brand request, the chunk of the side of the app this address opens, the messages of
// the language and, with a session, the logged-in user (the admin shell's first check reuses that request).
const brandRequest = loadBrand();
if (!window.location.pathname.startsWith('/auth/')) void AdminShell.preload();
void startI18n();
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
