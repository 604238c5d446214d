import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { periodContaining, type Period } from './commission-period.ts';
import { PeriodPicker } from './period-picker.tsx';

afterEach(cleanup);

function Harness({ onPeriod }: { onPeriod: (period: Period) => void }) {
  const [period, setPeriod] = useState(periodContaining('month', '2026-10-01'));
  return (
    <AdminContext>
      <PeriodPicker
        idPrefix="test"
        value={period}
        onChange={(next) => {
          setPeriod(next);
          onPeriod(next);
        }}
      />
    </AdminContext>
  );
}

describe('the period picker', () => {
  it('steps months, switches to the quarter and the year of the month, and shows the days German', () => {
    const chosen: Period[] = [];
    render(<Harness onPeriod={(period) => chosen.push(period)} />);
    expect(screen.getByTestId('test-name').textContent).toBe('10.2026');
    expect(screen.getByText('01.10.2026 – 31.10.2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'agencies.period.previous.month' }));
    expect(screen.getByTestId('test-name').textContent).toBe('09.2026');
    fireEvent.click(screen.getByTestId('test-kind-quarter'));
    expect(screen.getByTestId('test-name').textContent).toBe('Q3 2026');
    expect(screen.getByText('01.07.2026 – 30.09.2026')).toBeTruthy();
    fireEvent.click(screen.getByTestId('test-kind-year'));
    fireEvent.click(screen.getByRole('button', { name: 'agencies.period.next.year' }));
    expect(chosen.at(-1)).toEqual({ kind: 'year', from: '2027-01-01', to: '2027-12-31' });
  });

  it('takes a typed range and refuses an end before its start without changing the period', () => {
    const chosen: Period[] = [];
    render(<Harness onPeriod={(period) => chosen.push(period)} />);
    fireEvent.click(screen.getByTestId('test-kind-custom'));
    const from = screen.getByLabelText('agencies.period.from');
    const to = screen.getByLabelText('agencies.period.to');
    expect((from as HTMLInputElement).value).toBe('01.10.2026');
    fireEvent.change(to, { target: { value: '15.10.2026' } });
    fireEvent.blur(to);
    expect(chosen.at(-1)).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-15' });
    fireEvent.change(to, { target: { value: '30.09.2026' } });
    fireEvent.blur(to);
    expect(screen.getByText('error.dateTillBeforeFrom')).toBeTruthy();
    expect(chosen.at(-1)).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-15' });
  });
});
