import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutFromRows } from '@tourdesk/contracts/seat-plan-templates';
import { SeatGrid, type SeatGridProps } from './seat-grid.tsx';

// Without translations react-admin answers the key: names read `seatPlans.seat.free` and so on.
const layout = layoutFromRows([{ rows: ['D_T', 'S_S', 'S_S'] }]);

function renderGrid(props: Partial<SeatGridProps> = {}) {
  return render(
    <AdminContext>
      <h2 id="plan">Plan</h2>
      <SeatGrid layout={layout} mode="pick" labelledBy="plan" {...props} />
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('SeatGrid', () => {
  it('makes the seats that can be chosen buttons, and only them, in pick mode', () => {
    const onCellClick = vi.fn();
    renderGrid({ occupants: [{ seat: '2', name: 'Anna Schmidt' }], blockedSeats: ['3'], onCellClick });
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'seatPlans.seat.free',
      'seatPlans.seat.free',
    ]);
    expect(screen.getAllByRole('gridcell', { name: 'seatPlans.seat.takenBy' })).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('button')[1]!);
    expect(onCellClick).toHaveBeenCalledWith(
      { txt: '4', idx: 0, isSeat: true },
      { deck: 0, row: 2, col: 2 },
      expect.anything(),
    );
  });

  it('has one tab stop, on the first seat, and moves it with the arrow keys', () => {
    const { container } = renderGrid({ mode: 'view' });
    const tabbable = () => [...container.querySelectorAll('[tabindex="0"]')].map((el) => el.getAttribute('data-cell'));
    expect(tabbable()).toEqual(['0-1-0']);
    const first = container.querySelector<HTMLElement>('[data-cell="0-1-0"]')!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-cell')).toBe('0-0-0');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-cell')).toBe('0-0-1');
    expect(tabbable()).toEqual(['0-0-1']);
  });

  it('labels the grid by the plan heading and makes every cell a button in edit mode', () => {
    renderGrid({ mode: 'edit' });
    expect(screen.getByRole('grid', { name: 'Plan' })).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(9);
  });
});
