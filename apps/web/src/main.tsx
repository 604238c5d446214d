import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installChunkReload } from './lib/chunk-reload.ts';

installChunkReload();

const root = createRoot(document.getElementById('root')!);

// Opened directly, the login page is the first screen of most visits: it comes without router, MUI or
// react-admin (features/auth/instant-login.tsx). Every other address starts the app.
if (window.location.pathname === '/auth/login') {
  void import('./features/auth/instant-login.tsx').then(({ InstantLoginPage }) =>
    root.render(
      <StrictMode>
        <InstantLoginPage />
      </StrictMode>,
    ),
  );
} else {
  // The admin shell's chunks load beside the app's instead of after it (one round trip less to the first row).
  void import('./layout/admin-shell.tsx');
  void import('./app.tsx').then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
