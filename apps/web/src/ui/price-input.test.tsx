import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceInput, priceInputText } from './price-input.tsx';

afterEach(cleanup);

function renderForm(record: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
  render(
    <AdminContext>
      <Form record={record} onSubmit={onSubmit}>
        <PriceInput source="amount" label="Amount" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return screen.getByLabelText('Amount') as HTMLInputElement;
}

/** Types into a new form's field, leaves it and saves: the value sent and the text then shown. */
async function submitted(typed: string) {
  const onSubmit = vi.fn();
  cleanup();
  const field = renderForm({ amount: 10 }, onSubmit);
  fireEvent.change(field, { target: { value: typed } });
  fireEvent.blur(field);
  fireEvent.click(screen.getByRole('button', { name: /save/i }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return { value: (onSubmit.mock.calls[0]![0] as { amount: unknown }).amount, shown: field.value };
}

describe('PriceInput', () => {
  it('shows a stored amount German, with thousands points and two decimals', () => {
    expect(renderForm({ amount: 1234.5 }, () => {}).value).toBe('1.234,50');
    expect(priceInputText(0)).toBe('0,00');
    expect(priceInputText(null)).toBe('');
  });

  it('takes an amount typed with a comma or a point, and shows it German after leaving the field', async () => {
    expect(await submitted('1234.5')).toEqual({ value: 1234.5, shown: '1.234,50' });
    expect(await submitted('1.234,5')).toEqual({ value: 1234.5, shown: '1.234,50' });
    expect(await submitted('89,90 €')).toEqual({ value: 89.9, shown: '89,90' });
  });

  it('keeps text that is no amount and refuses to save it', async () => {
    const onSubmit = vi.fn();
    const input = renderForm({ amount: 10 }, onSubmit);
    fireEvent.change(input, { target: { value: 'zehn' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await screen.findByText('error.float');
    expect(input.value).toBe('zehn');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends null for an emptied field', async () => {
    expect(await submitted('')).toEqual({ value: null, shown: '' });
  });
});
