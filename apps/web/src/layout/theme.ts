import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';
import { createElement } from 'react';
import { PageLoading } from '../ui/page-loading.tsx';
import { components as sharedComponents, shared, THEME_COLOURS } from './theme-palette.ts';

export { THEME_COLOURS };

/**
 * react-admin's lists and record pages show its `<Loading>` while they check access; its spinner has no name
 * (axe: aria-progressbar-name). They show ours instead (ui/page-loading.tsx).
 */
const pageLoading = { defaultProps: { authLoading: createElement(PageLoading) } };
const components = {
  ...sharedComponents,
  RaList: pageLoading,
  RaCreate: pageLoading,
  RaEdit: pageLoading,
  RaShow: pageLoading,
};

export function lightTheme(primary = DEFAULT_PRIMARY_COLOR): RaThemeOptions {
  return {
    ...defaultLightTheme,
    palette: { ...defaultLightTheme.palette, mode: 'light', ...shared(primary) },
    components: { ...defaultLightTheme.components, ...components },
  };
}

export function darkTheme(primary = DEFAULT_PRIMARY_COLOR): RaThemeOptions {
  return {
    ...defaultDarkTheme,
    // A dark brand colour would vanish on a dark background; lighten it for contrast.
    palette: {
      ...defaultDarkTheme.palette,
      mode: 'dark',
      ...shared(primary, true),
    },
    components: { ...defaultDarkTheme.components, ...components },
  };
}
