import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading.tsx';

afterEach(cleanup);

describe('PageLoading', () => {
  it('shows nothing for a second, then a spinner named for assistive technology', async () => {
    render(
      <AdminContext>
        <PageLoading />
      </AdminContext>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The spinner is named by the text the page shows under it (here the message key: no i18n provider is set).
    const spinner = await screen.findByRole('progressbar', {}, { timeout: 2000 });
    const heading = screen.getByRole('heading').textContent;
    expect(heading).toBeTruthy();
    expect(spinner.getAttribute('aria-label')).toBe(heading);
  });
});
