import { describe, expect, it } from 'vitest';
import { placement, stepMove, type BoardOrder } from './board-logic.ts';

const board: BoardOrder = { TODO: [1, 2, 3], INPROGRESS: [4], TESTING: [], DONE: [5, 6] };

describe('board logic', () => {
  it('names the column and the card above, as the move call wants', () => {
    expect(placement(board, 1)).toEqual({ status: 'TODO', afterId: null });
    expect(placement(board, 3)).toEqual({ status: 'TODO', afterId: 2 });
    expect(placement(board, 99)).toBeNull();
  });

  it('moves a card one step with the keyboard', () => {
    expect(stepMove(board, 2, 'up')?.TODO).toEqual([2, 1, 3]);
    expect(stepMove(board, 2, 'down')?.TODO).toEqual([1, 3, 2]);
    expect(stepMove(board, 1, 'up')).toBeNull();
    expect(stepMove(board, 3, 'down')).toBeNull();
    const right = stepMove(board, 3, 'right')!;
    expect(right.TODO).toEqual([1, 2]);
    expect(right.INPROGRESS).toEqual([4, 3]);
    expect(stepMove(board, 1, 'left')).toBeNull();
    expect(stepMove(board, 5, 'right')).toBeNull();
    expect(stepMove(board, 5, 'left')?.TESTING).toEqual([5]);
  });
});
