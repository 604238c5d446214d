import { cleanup, render, screen } from '@testing-library/react';
import { CircularProgress } from '@mui/material';
import { AdminContext, LoadingInput, type I18nProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { lightTheme } from '../layout/theme.ts';
import { NamedProgress } from './named-progress.tsx';

afterEach(cleanup);

/** A German provider knowing the one message the spinners are named with. */
const german: I18nProvider = {
  translate: (key) => (key === 'ra.page.loading' ? 'Wird geladen' : key),
  changeLocale: async () => {},
  getLocale: () => 'de',
};

describe('NamedProgress', () => {
  it("names the spinner of an input whose choices are still loading (react-admin's LoadingInput)", async () => {
    render(
      <AdminContext theme={lightTheme()} i18nProvider={german}>
        <NamedProgress>
          <LoadingInput label="Nationality" timeout={0} />
        </NamedProgress>
      </AdminContext>,
    );
    const spinner = await screen.findByRole('progressbar');
    expect(spinner.getAttribute('aria-label')).toBe('Wird geladen');
  });

  it('leaves a name a spinner brings itself', async () => {
    render(
      <AdminContext theme={lightTheme()}>
        <NamedProgress>
          <CircularProgress aria-label="Seats are being counted" />
        </NamedProgress>
      </AdminContext>,
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Seats are being counted');
  });
});
