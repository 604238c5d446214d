import type { ReactNode } from 'react';
import { AppBar, Layout, LocalesMenuButton, TitlePortal, ToggleThemeButton } from 'react-admin';
import { Box } from '@mui/material';
import { LightboxProvider } from '../ui/lightbox.tsx';
import { AppMenu } from './app-menu.tsx';
import { OnlineIndicator } from './online-indicator.tsx';
import { AppsMenu, NotificationBell } from './toolbar-menus.tsx';
import { AppUserMenu } from './user-menu.tsx';

function Toolbar() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <OnlineIndicator />
      <LocalesMenuButton />
      <ToggleThemeButton />
      <AppsMenu />
      <NotificationBell />
    </Box>
  );
}

function AppToolbar() {
  return (
    <AppBar color="primary" toolbar={<Toolbar />} userMenu={<AppUserMenu />}>
      <TitlePortal />
    </AppBar>
  );
}

/** The back-office frame (spec §2): drawer, toolbar with language, theme, apps, notifications and user menu. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <LightboxProvider>
      <Layout appBar={AppToolbar} menu={AppMenu}>
        {children}
      </Layout>
    </LightboxProvider>
  );
}
