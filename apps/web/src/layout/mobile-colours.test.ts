import { describe, expect, it } from 'vitest';
import { createTheme, lighten as muiLighten } from '@mui/material/styles';
import { contrastText, lighten } from './mobile-colours.ts';

/** The plain phone shell's colours must be those MUI gives the phone screens built with MUI. */
describe('mobile colours', () => {
  const colours = ['#004a69', '#b90000', '#f17e00', '#ffeb3b', '#2f7c00', '#abc'];
  it('lightens as MUI does', () => {
    for (const colour of colours) expect(lighten(colour, 0.7)).toBe(muiLighten(colour, 0.7));
  });
  it('chooses the text colour on the brand colour as MUI does', () => {
    const { palette } = createTheme();
    for (const colour of colours) expect(contrastText(colour)).toBe(palette.getContrastText(colour));
  });
});
