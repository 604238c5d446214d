import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthContext, I18nContextProvider, StoreContextProvider, useStore } from 'react-admin';
import type { Brand } from '@tourdesk/contracts';
import { authProvider, LOGIN_PATH } from '../lib/auth-provider.ts';
import { BrandProvider } from '../lib/brand.tsx';
import { useI18nProvider } from '../lib/i18n.ts';
import { appStore } from '../lib/store.ts';
import { darkTheme, lightTheme } from './theme.ts';

const MaintenancePage = lazy(() =>
  import('../pages/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);

/** The light or dark theme the user chose (react-admin keeps the choice under `theme` in the store). */
function GuestTheme({ brand, children }: { brand: Brand; children: ReactNode }) {
  const [mode] = useStore<'light' | 'dark'>('theme', 'light');
  const theme = useMemo(() => {
    const primary = brand.primaryColor ?? undefined;
    return createTheme(mode === 'dark' ? darkTheme(primary) : lightTheme(primary));
  }, [brand, mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

/**
 * The pages a visitor sees before logging in (`/auth/*`) and the maintenance page. They render without the
 * admin framework (no react-admin layout, data provider or resource routes), so the login form appears as
 * soon as its own small chunks have loaded, and nothing here checks a session or redirects.
 */
export function GuestShell({
  brand,
  routes,
  maintenance = false,
}: {
  brand: Brand;
  routes: ReactNode;
  maintenance?: boolean;
}) {
  const i18nProvider = useI18nProvider();
  const [queryClient] = useState(() => new QueryClient());
  if (!i18nProvider) return null;
  return (
    <StoreContextProvider value={appStore}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={authProvider}>
          <I18nContextProvider value={i18nProvider}>
            <BrandProvider brand={brand}>
              <GuestTheme brand={brand}>
                <Suspense fallback={null}>
                  {maintenance ? (
                    <MaintenancePage />
                  ) : (
                    <Routes>
                      {routes}
                      <Route path="*" element={<Navigate to={LOGIN_PATH} replace />} />
                    </Routes>
                  )}
                </Suspense>
              </GuestTheme>
            </BrandProvider>
          </I18nContextProvider>
        </AuthContext.Provider>
      </QueryClientProvider>
    </StoreContextProvider>
  );
}
