import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, List, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { lightTheme } from '../layout/theme.ts';
import { PageLoading } from './page-loading.tsx';

afterEach(cleanup);

/** The spinner's name is the text shown under it (here the message key: no i18n provider is set). */
async function namedSpinner(): Promise<void> {
  const spinner = await screen.findByRole('progressbar', {}, { timeout: 2000 });
  const heading = screen.getByRole('heading').textContent;
  expect(heading).toBeTruthy();
  expect(spinner.getAttribute('aria-label')).toBe(heading);
}

describe('PageLoading', () => {
  it('shows nothing for a second, then a spinner named for assistive technology', async () => {
    render(
      <AdminContext>
        <PageLoading />
      </AdminContext>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    await namedSpinner();
  });

  it("is what the back office's lists show while they check access", async () => {
    const pending = () => new Promise<never>(() => {});
    const authProvider: AuthProvider = {
      login: pending,
      logout: async () => {},
      checkAuth: pending,
      checkError: async () => {},
      canAccess: pending,
    };
    render(
      <AdminContext authProvider={authProvider} theme={lightTheme()}>
        <List resource="customers">
          <span>rows</span>
        </List>
      </AdminContext>,
    );
    await namedSpinner();
  });
});
