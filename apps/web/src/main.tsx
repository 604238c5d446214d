import { StrictMode, type ComponentType } from 'react';
import { isPhoneAppAddress } from '@tourdesk/contracts/phone-app';
import { installChunkReload } from './lib/chunk-reload.ts';

installChunkReload();

// React DOM is a chunk of its own, loaded beside the page's: this entry stays a few kilobytes, so the page's
// chunks (and the requests they start) begin at once instead of after React DOM.
const reactDom = import('react-dom/client');

/** Renders the page `load` brings. */
function start(load: Promise<ComponentType>): void {
  void Promise.all([reactDom, load]).then(([{ createRoot }, Page]) =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Page />
      </StrictMode>,
    ),
  );
}

function startBackOffice(): void {
  // The admin shell's chunks load beside the app's instead of after it (one round trip less to the first row).
  void import('./layout/admin-shell.tsx');
  start(import('./app.tsx').then(({ App }) => App));
}

const { pathname } = window.location;
// Opened directly, the login page is the first screen of most visits: it comes without router, MUI or
// react-admin (features/auth/instant-login.tsx). The traveller and driver app (/appuser/…, /driver/…, but the
// shared profile page) has an entry of its own without the back office (mobile-app.tsx, docs/adr/0020); an
// address there that no phone screen serves goes to the back office after all. Every other address starts the app.
if (pathname === '/auth/login') {
  start(import('./features/auth/instant-login.tsx').then(({ InstantLoginPage }) => InstantLoginPage));
} else if (isPhoneAppAddress(pathname)) {
  void import('./mobile-app.tsx').then(({ startMobileApp }) => {
    const MobileApp = startMobileApp(pathname);
    if (MobileApp) start(Promise.resolve(MobileApp));
    else startBackOffice();
  });
} else {
  startBackOffice();
}
