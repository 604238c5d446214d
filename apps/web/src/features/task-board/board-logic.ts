import { TASK_STATUSES, type TaskStatus } from '@tourdesk/contracts/tasks.schema';

/** The board as the browser holds it: the card ids of each column, top first. */
export type BoardOrder = Record<TaskStatus, number[]>;

/** Where a card is: its column and index. */
export function locate(order: BoardOrder, id: number): { status: TaskStatus; index: number } | null {
  for (const status of TASK_STATUSES) {
    const index = order[status].indexOf(id);
    if (index >= 0) return { status, index };
  }
  return null;
}

/** What the move call needs to put a card where it is in `order`: its column and the card above it. */
export function placement(order: BoardOrder, id: number): { status: TaskStatus; afterId: number | null } | null {
  const place = locate(order, id);
  if (!place) return null;
  return { status: place.status, afterId: place.index > 0 ? order[place.status][place.index - 1]! : null };
}

export type KeyboardMove = 'up' | 'down' | 'left' | 'right';

/**
 * The board after moving a card one step with the keyboard: up or down within its column, or into the column to
 * the left or right at the same height (or at the bottom of a shorter one). Null when it cannot go that way.
 */
export function stepMove(order: BoardOrder, id: number, step: KeyboardMove): BoardOrder | null {
  const place = locate(order, id);
  if (!place) return null;
  const column = TASK_STATUSES.indexOf(place.status);
  if (step === 'up' || step === 'down') {
    const to = place.index + (step === 'up' ? -1 : 1);
    if (to < 0 || to >= order[place.status].length) return null;
    const ids = order[place.status].filter((other) => other !== id);
    ids.splice(to, 0, id);
    return { ...order, [place.status]: ids };
  }
  const target = TASK_STATUSES[column + (step === 'left' ? -1 : 1)];
  if (!target) return null;
  const ids = [...order[target]];
  ids.splice(Math.min(place.index, ids.length), 0, id);
  return { ...order, [place.status]: order[place.status].filter((other) => other !== id), [target]: ids };
}
