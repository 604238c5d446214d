import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';
import { components, shared, THEME_COLOURS } from './theme-palette.ts';

export { THEME_COLOURS };

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
