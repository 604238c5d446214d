import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * Gives every spinner and progress bar inside a name for assistive technology ("Loading" in the user's language)
 * unless it brings its own. react-admin's inputs show an unnamed spinner while their choices load (`LoadingInput`
 * in a select whose countries or agencies are still on their way), which axe reports as a serious finding
 * (aria-progressbar-name) whenever a scan catches one.
 */
export function NamedProgress({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const loading = translate('ra.page.loading', { _: 'Loading' });
  const withNames = useCallback(
    (outer: Theme): Theme => {
      const named = <T extends { defaultProps?: object }>(entry: T | undefined) => ({
        ...entry,
        defaultProps: { 'aria-label': loading, ...entry?.defaultProps },
      });
      return {
        ...outer,
        components: {
          ...outer.components,
          MuiCircularProgress: named(outer.components?.MuiCircularProgress),
          MuiLinearProgress: named(outer.components?.MuiLinearProgress),
        },
      };
    },
    [loading],
  );
  return <ThemeProvider theme={withNames}>{children}</ThemeProvider>;
}
