import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { loadUserData, LOGIN_PATH, SESSION_EXPIRED_SEARCH } from './lib/auth-provider.ts';
import { preloadMessages } from './lib/i18n.ts';
import { clearToken, getToken, tokenExpired } from './lib/auth-token.ts';
import { loadBrand } from './lib/brand.tsx';
import { FEATURES } from './features/index.ts';
import { preloadPage } from './lib/feature.ts';

const guestShell = () => import('./layout/guest-shell.tsx');
const adminShell = () => import('./layout/admin-shell.tsx');
const GuestShell = lazy(() => guestShell().then((m) => ({ default: m.GuestShell })));
const AdminShell = lazy(() => adminShell().then((m) => ({ default: m.AdminShell })));

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

// All start at once: the brand request, the chunk of the side of the app this address opens, the messages of
// the language and, with a session, the logged-in user (the admin shell's first check reuses that request).
const brandRequest = loadBrand();
void (window.location.pathname.startsWith('/auth/') ? guestShell() : adminShell());
void preloadMessages();
preloadPage(FEATURES, window.location.pathname);
const startToken = getToken();
if (startToken && !tokenExpired(startToken)) loadUserData().catch(() => undefined);

/**
 * Loads the brand of this host (its colours theme the app), then shows the visitor pages or the back office;
 * when the server cannot answer, the maintenance page.
 */
export function App() {
  return (
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  );
}

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
