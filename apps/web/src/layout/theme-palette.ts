import { lighten } from '@mui/material/styles';
import type { ThemeOptions } from '@mui/material/styles';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';

/**
 * The brand's colours and the component settings both sides share, without react-admin: the traveller and
 * driver app (layout/mobile-shell.tsx) builds its theme from these alone; layout/theme.ts puts them onto
 * react-admin's themes for the back office.
 */

/** Colours of spec §9; the primary colour comes from the brand of the host. */
export const THEME_COLOURS = { error: '#b90000', success: '#2f7c00', warning: '#f17e00' } as const;

/** Status colours beyond spec §9, dark enough for a white label (4.5:1, WCAG AA): MUI's own info is 3.9:1. */
const INFO_COLOUR = '#01579b';

/** In the dark theme every colour is lightened: text in it keeps 4.5:1 (WCAG AA) on react-admin's toolbars (#424242). */
const DARK_LIGHTEN = 0.7;

export const shared = (primary: string, dark = false) => {
  // Light colours on a dark page carry dark text when filled (a white label on them would fall below 4.5:1).
  const colour = (main: string, contrastText?: string) =>
    dark
      ? { main: lighten(main, DARK_LIGHTEN), contrastText: 'rgba(0, 0, 0, 0.87)' }
      : { main, ...(contrastText ? { contrastText } : {}) };
  return {
    primary: colour(primary),
    error: colour(THEME_COLOURS.error),
    success: colour(THEME_COLOURS.success),
    // The spec's orange is too light for a white label; filled warnings carry dark text.
    warning: colour(THEME_COLOURS.warning, 'rgba(0, 0, 0, 0.87)'),
    info: colour(INFO_COLOUR),
  };
};

/** The elements whose animation shows that something is still loading (MUI's spinners and progress bars). */
const PROGRESS_MOTION = ['.MuiCircularProgress-root', '.MuiCircularProgress-circle', '.MuiLinearProgress-bar'].join();

export const components = {
  // Notices bottom-right, 320 wide (spec §4); the duration is set where they are shown.
  MuiSnackbarContent: { styleOverrides: { root: { width: 320, minWidth: 320 } } },
  // Dialogs are 500 wide (spec §9).
  MuiDialog: { styleOverrides: { paper: { width: 500, maxWidth: 'calc(100% - 32px)' } } },
  // Who asked the system for less motion gets none (WCAG 2.3.3): no fades, slides, growing ripples or colours
  // easing from one state into the next; changes show at once in their final state. Progress indicators keep
  // turning: that motion is the message "still working" (a standing spinner would look like a hung page).
  MuiCssBaseline: {
    styleOverrides: {
      '@media (prefers-reduced-motion: reduce)': {
        [`*:not(${PROGRESS_MOTION}), *::before, *::after`]: {
          animationDuration: '0s !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0s !important',
          transitionDelay: '0s !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
};

/** The mobile app's light theme: MUI's defaults with the brand's and the spec's colours. */
export const mobileLightTheme = (primary = DEFAULT_PRIMARY_COLOR): ThemeOptions => ({
  palette: { mode: 'light', ...shared(primary) },
  components,
});

/** The mobile app's dark theme (colours lightened for contrast, as in the back office). */
export const mobileDarkTheme = (primary = DEFAULT_PRIMARY_COLOR): ThemeOptions => ({
  palette: { mode: 'dark', ...shared(primary, true) },
  components,
});
