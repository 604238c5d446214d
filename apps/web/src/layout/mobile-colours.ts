/**
 * The phone shell's colours from the brand's, computed as MUI does (lighten, contrast text) but without it: the
 * plain shell (layout/mobile-shell.tsx) must not load MUI (docs/adr/0020). layout/theme-palette.ts gives the same
 * colours to the MUI screens. The calendar uses the contrast text for its entries' colours.
 */
const channels = (hex: string): [number, number, number] => {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : value.slice(0, 6);
  const number = Number.parseInt(full, 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
};

/** `colour` lightened by `coefficient` (0–1), as MUI's `lighten`. */
export function lighten(colour: string, coefficient: number): string {
  const [r, g, b] = channels(colour).map((channel) => Math.floor(channel + (255 - channel) * coefficient));
  return `rgb(${r}, ${g}, ${b})`;
}

const luminance = (colour: string): number => {
  const linear = channels(colour).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!;
};

/**
 * White on `background` when it reaches `minimum` contrast (by default 3:1, MUI's threshold; small text needs 4.5:1
 * by WCAG AA), else dark text.
 */
export const contrastText = (background: string, minimum = 3): string =>
  1.05 / (luminance(background) + 0.05) >= minimum ? '#fff' : 'rgba(0, 0, 0, 0.87)';
