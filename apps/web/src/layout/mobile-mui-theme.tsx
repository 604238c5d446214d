import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import type { Brand } from '@tourdesk/contracts';
import { mobileDarkTheme, mobileLightTheme } from './theme-palette.ts';

/**
 * MUI's theme for a phone screen built with MUI's components (the brand's colours, light or dark): the plain
 * phone shell (layout/mobile-shell.tsx) puts it around such a screen, so MUI loads with the screen, not the shell.
 */
export function MobileMuiTheme({ brand, dark, children }: { brand: Brand; dark: boolean; children: ReactNode }) {
  const theme = useMemo(
    () => createTheme((dark ? mobileDarkTheme : mobileLightTheme)(brand.primaryColor ?? undefined)),
    [brand, dark],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
