import { useEffect, useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router-dom';
import { fallbackBrand } from '@tourdesk/contracts/brand';
import type { Brand } from '@tourdesk/contracts';
import { MOBILE_FEATURES } from './features/mobile.ts';
import { MobileMuiTheme, MobileShell } from './layout/mobile-shell.tsx';
import { getToken, tokenExpired } from './lib/auth-token.ts';
import { initialLanguage } from './lib/language.ts';
import { loadBrand } from './lib/brand.tsx';
import { mobileRouteAt, preloadMobilePage } from './lib/mobile.tsx';
import { startMobileI18n } from './lib/mobile-i18n.ts';
import { mobileQueryClient } from './lib/mobile-query.ts';
import { RequireSession } from './lib/require-session.tsx';
import { loadUserData } from './lib/user-data.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

/**
 * Starts the traveller and driver app opened directly at `pathname` (main.tsx, for /appuser/… and /driver/…;
 * docs/adr/0020) and returns its root; null when no phone screen serves the address (main.tsx starts the back office
 * then). Its own entry, without the back office's registry of features, react-admin or i18next. Everything the first
 * screen needs starts here at once: the brand, the user, the messages, the screen's chunk and its first query.
 * Nothing happens on import: the back office loads this module's chunk too (apps/web/vite.config.ts).
 */
export function startMobileApp(pathname: string): ComponentType | null {
  const first = mobileRouteAt(MOBILE_FEATURES, pathname);
  if (!first) return null;
  // Only the phone app has a service worker (offline, push): the back office is never used offline.
  registerServiceWorker();
  const brandRequest = loadBrand();
  const token = getToken();
  if (token && !tokenExpired(token)) {
    loadUserData().catch(() => undefined);
    if (first.prefetch) void mobileQueryClient.prefetchQuery(first.prefetch);
  }
  void startMobileI18n();
  preloadMobilePage(MOBILE_FEATURES, pathname);
  if (!first.plain) void MobileMuiTheme.preload();
  // The page's first date formatter loads ICU's calendar data (~20 ms on a desktop, more on a phone): made while
  // the first answers are on their way, not in the first screen's render.
  setTimeout(() => new Intl.DateTimeFormat(initialLanguage()).format(0));
  // Any other address is the back office's (a page load, see MobileRoot).
  const router = createBrowserRouter([{ path: '*', element: <MobileRoot brandRequest={brandRequest} /> }]);
  return function MobileApp() {
    return <RouterProvider router={router} />;
  };
}

function MobileRoot({ brandRequest }: { brandRequest: Promise<Brand> }) {
  const location = useLocation();
  const [brand, setBrand] = useState<Brand | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    brandRequest.then(setBrand).catch(() => {
      setBrand(fallbackBrand(window.location.hostname));
      setFailed(true);
    });
  }, [brandRequest]);
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
