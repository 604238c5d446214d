import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router-dom';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { MOBILE_FEATURES } from './features/mobile.ts';
import { MobileMuiTheme, MobileShell } from './layout/mobile-shell.tsx';
import { getToken, tokenExpired } from './lib/auth-token.ts';
import { loadBrand } from './lib/brand.tsx';
import { mobileRouteAt, preloadMobilePage } from './lib/mobile.tsx';
import { startMobileI18n } from './lib/mobile-i18n.ts';
import { mobileQueryClient } from './lib/mobile-query.ts';
import { RequireSession } from './lib/require-session.tsx';
import { loadUserData } from './lib/user-data.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

/*
 * The traveller and driver app opened directly (main.tsx starts it for /appuser/… and /driver/…; docs/adr/0020):
 * its own entry, without the back office's registry of features, react-admin or i18next. Everything the first
 * screen needs starts here at once: the brand, the user, the messages, the screen's chunk and its first query.
 */
// Only the phone app has a service worker (offline, push): the back office is never used offline.
registerServiceWorker();

const { pathname } = window.location;
const first = mobileRouteAt(MOBILE_FEATURES, pathname);
const brandRequest = loadBrand();
const startToken = getToken();
if (first) {
  if (startToken && !tokenExpired(startToken)) {
    loadUserData().catch(() => undefined);
    if (first.prefetch) void mobileQueryClient.prefetchQuery(first.prefetch);
  }
  void startMobileI18n();
  preloadMobilePage(MOBILE_FEATURES, pathname);
  if (!first.plain) void MobileMuiTheme.preload();
}

/** Whether the phone app serves `path` (main.tsx starts the back office for any other). */
export const mobileAppServes = (path: string) => mobileRouteAt(MOBILE_FEATURES, path) !== undefined;

/** The phone app: its shell behind the session check; any other address is the back office's (a page load). */
export function MobileApp() {
  return <RouterProvider router={router} />;
}

const router = createBrowserRouter([{ path: '*', element: <MobileRoot /> }]);

function MobileRoot() {
  const location = useLocation();
  const [brand, setBrand] = useState<Brand | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    brandRequest.then(setBrand).catch(() => {
      setBrand(fallbackBrand(window.location.hostname));
      setFailed(true);
    });
  }, []);
  useEffect(() => {
    if (brand) document.title = brand.name;
  }, [brand]);
  const inApp = mobileRouteAt(MOBILE_FEATURES, location.pathname) !== undefined;
  // The login page, the profile, the maintenance page: the back office's entry serves them. The address (and
  // react-router's state, e.g. where to go after the login) is already in the history; the reload keeps both.
  const leave = failed || !inApp;
  useEffect(() => {
    if (!leave) return;
    if (failed) window.location.replace('/maintenance');
    else window.location.reload();
  }, [leave, failed]);
  if (!brand || leave) return null;
  return (
    <RequireSession>
      <MobileShell brand={brand} />
    </RequireSession>
  );
}
