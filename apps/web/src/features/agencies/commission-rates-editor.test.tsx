import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommissionRatesEditor } from './commission-rates-editor.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const categories = testDataProvider({
  getList: (async () => ({
    data: [
      { id: 1, name: 'Städtereisen' },
      { id: 2, name: 'Wanderreisen' },
    ],
    total: 2,
  })) as never,
});

function renderEditor(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AdminContext dataProvider={categories}>
      <CommissionRatesEditor agencyId={7} agencyName="Reisebüro Sonnenschein" canEdit />
    </AdminContext>,
  );
}

const puts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('the commission rates editor', () => {
  it('shows the stored rates German, refuses three decimals at the field and sends nothing', async () => {
    const fetchMock = vi.fn(async () =>
      json({ agencyId: 7, rates: [{ categoryId: null, categoryName: null, percent: 10.5 }] }),
    );
    renderEditor(fetchMock);
    const fallback = await screen.findByLabelText('agencies.rates.default');
    expect((fallback as HTMLInputElement).value).toBe('10,50');
    fireEvent.change(fallback, { target: { value: '10,555' } });
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    expect(await screen.findByText('agencies.rates.invalidPercent')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('refuses a second rate for the same category, then saves percent typed with a comma', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json({
            agencyId: 7,
            rates: [
              { categoryId: null, categoryName: null, percent: 12 },
              { categoryId: 1, categoryName: 'Städtereisen', percent: 7.25 },
            ],
          })
        : json({ agencyId: 7, rates: [] }),
    );
    renderEditor(fetchMock);
    const add = await screen.findByRole('button', { name: 'agencies.rates.add' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.change(screen.getByLabelText('agencies.rates.default'), { target: { value: '12' } });
    const percents = screen.getAllByLabelText('agencies.rates.percent');
    fireEvent.change(percents[0]!, { target: { value: '7,25' } });
    fireEvent.change(percents[1]!, { target: { value: '5' } });
    // Both rows on the same category: the second is refused.
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Städtereisen' }));
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    expect(await screen.findByText('error.rateDuplicate')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /agencies\.rates\.remove/ })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'ra.action.save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [url, init] = puts(fetchMock)[0]!;
    expect(url).toBe('/api/v1/organization/7/commission-rates');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      rates: [
        { categoryId: null, percent: 12 },
        { categoryId: 1, percent: 7.25 },
      ],
    });
  });
});
