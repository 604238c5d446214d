import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutFromRows } from '@tourdesk/contracts/seat-plan-templates';
import { layoutSeats, type SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import { SeatLayoutInput } from './seat-layout-input.tsx';

// Without translations react-admin answers the key, so names and texts read as keys here.
const layout = layoutFromRows([{ rows: ['S_S', 'S_S'] }]);

/** What the server's 400 leaves in the form: react-admin calls setError with the error's field path. */
function ServerError({ field, message }: { field: string; message: string }) {
  const { setError } = useFormContext();
  return (
    <button type="button" onClick={() => setError(field, { type: 'server', message })}>
      answer
    </button>
  );
}

function Labels() {
  const value = useWatch({ name: 'layout' }) as SeatLayout;
  return (
    <output data-testid="labels">
      {layoutSeats(value)
        .map((seat) => seat.txt)
        .join(',')}
    </output>
  );
}

function renderInput(children?: React.ReactNode) {
  return render(
    <AdminContext>
      <Form record={{ id: 1, layout }}>
        <SeatLayoutInput />
        <Labels />
        {children}
      </Form>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('SeatLayoutInput', () => {
  it("shows the server's error at the seat it names, and at its number field once the seat is shown", () => {
    const { container } = renderInput(
      <ServerError field="layout.decks.0.rows.1.2.txt" message="error.seatLabelDuplicate" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'answer' }));
    expect(screen.getByRole('alert').textContent).toContain('error.seatLabelDuplicate');
    expect(container.querySelector('[data-cell="0-1-2"]')!.closest('[role="gridcell"]')!.ariaInvalid).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'seatPlans.editor.showSeat' }));
    const number = screen.getByRole('textbox', { name: 'seatPlans.editor.seatNumber' });
    expect((number as HTMLInputElement).value).toBe('4');
    expect(number.getAttribute('aria-invalid')).toBe('true');
  });

  it('paints with Enter (a click without a pointer) and keeps the reading order until a number is set by hand', () => {
    const { container } = renderInput();
    // The seat tool is chosen at first: Enter on the aisle of the first row makes it seat 2.
    fireEvent.click(container.querySelector('[data-cell="0-0-1"]')!);
    expect(screen.getByTestId('labels').textContent).toBe('1,2,3,4,5');
    fireEvent.click(screen.getByRole('button', { name: 'seatPlans.tools.select' }));
    fireEvent.click(container.querySelector('[data-cell="0-1-0"]')!);
    fireEvent.change(screen.getByRole('textbox', { name: 'seatPlans.editor.seatNumber' }), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'seatPlans.tools.seat' }));
    fireEvent.click(container.querySelector('[data-cell="0-1-1"]')!);
    // A new seat now takes the next free number; the others keep theirs.
    expect(screen.getByTestId('labels').textContent).toBe('1,2,3,9,10,5');
    fireEvent.click(screen.getByRole('button', { name: 'seatPlans.editor.renumber' }));
    expect(screen.getByTestId('labels').textContent).toBe('1,2,3,4,5,6');
  });
});
