import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitButton } from './auth-forms.tsx';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('while busy is disabled and shows a spinner with an accessible name', () => {
    render(
      <AdminContext>
        <SubmitButton busy label="Anmelden" />
      </AdminContext>,
    );
    expect(screen.getByRole('button', { name: /Anmelden/ }).hasAttribute('disabled')).toBe(true);
    // No i18n provider here: the name is the message key (ra.page.loading), translated in the app.
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('ra.page.loading');
  });

  it('shows no spinner when idle', () => {
    render(
      <AdminContext>
        <SubmitButton busy={false} label="Anmelden" />
      </AdminContext>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
