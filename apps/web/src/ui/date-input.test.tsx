import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInput } from './date-input.tsx';

afterEach(cleanup);

function renderForm(record: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
  render(
    <AdminContext>
      <Form record={record} onSubmit={onSubmit}>
        <DateInput source="birthday" label="Birthday" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return screen.getByLabelText('Birthday') as HTMLInputElement;
}

describe('DateInput', () => {
  it('shows the stored date as DD.MM.YYYY', () => {
    const input = renderForm({ birthday: '1970-03-01' }, () => {});
    expect(input.value).toBe('01.03.1970');
  });

  it('sends what is typed as DD.MM.YYYY as YYYY-MM-DD', async () => {
    const submitted = vi.fn();
    const input = renderForm({ birthday: null }, submitted);
    fireEvent.change(input, { target: { value: '12.03.1985' } });
    expect(input.value).toBe('12.03.1985');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toMatchObject({ birthday: '1985-03-12' });
  });

  it('sends null for an emptied field', async () => {
    const submitted = vi.fn();
    const input = renderForm({ birthday: '1970-03-01' }, submitted);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toMatchObject({ birthday: null });
  });

  it('takes a day picked in the browser calendar and shows it as DD.MM.YYYY', async () => {
    const submitted = vi.fn();
    const input = renderForm({ birthday: null }, submitted);
    const calendar = document.querySelector<HTMLInputElement>('input[type="date"]')!;
    fireEvent.change(calendar, { target: { value: '1985-03-12' } });
    expect(input.value).toBe('12.03.1985');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toMatchObject({ birthday: '1985-03-12' });
  });

  it('puts the cursor into the text when the browser has no picker to open', () => {
    const input = renderForm({ birthday: null }, () => {});
    fireEvent.click(screen.getByRole('button', { name: 'app.date.pick' }));
    expect(document.activeElement).toBe(input);
  });
});
