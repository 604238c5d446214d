import { Suspense, type ReactNode } from 'react';
import { AppBar, Layout, TitlePortal, ToggleThemeButton } from 'react-admin';
import { Box } from '@mui/material';
import { LightboxProvider } from '../ui/lightbox.tsx';
import { NamedProgress } from '../ui/named-progress.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { AppMenu } from './app-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { OnlineIndicator } from './online-indicator.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { AppsMenu } from './toolbar-menus.tsx';
import { useKeyboardRows } from './keyboard-rows.ts';
import { AppUserMenu } from './user-menu.tsx';

function Toolbar() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <OnlineIndicator />
      <LanguageSwitcher />
      <ToggleThemeButton />
      <AppsMenu />
      <NotificationBell />
    </Box>
  );
}

function AppToolbar() {
  return (
    <AppBar color="primary" toolbar={<Toolbar />} userMenu={<AppUserMenu />}>
      {/* The page's title is its one level-one heading. */}
      <TitlePortal component="h1" />
    </AppBar>
  );
}

/** The back-office frame (spec §2): drawer, toolbar with language, theme, apps, notifications and user menu. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  useKeyboardRows();
  return (
    <NamedProgress>
      <LightboxProvider>
        {/* min-width 0 lets wide content (tables, tab bars) scroll inside the page instead of widening it on phones. */}
        <Layout
          appBar={AppToolbar}
          menu={AppMenu}
          sx={{
            minWidth: 0,
            '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
          }}
        >
          {/* Ours catches a page still loading before react-admin's own fallback, whose spinner has no name. */}
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </Layout>
      </LightboxProvider>
    </NamedProgress>
  );
}
