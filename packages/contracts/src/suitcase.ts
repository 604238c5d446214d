/**
 * The suitcase list of the traveller app (zod-free, so the phone's chunk stays small): its items, the changes a
 * phone makes to it (offline too) and how a change applies. Server and app apply changes with the same function,
 * so the list the phone shows while offline is the list the server will store.
 */

export const SUITCASE_CATEGORIES = ['documents', 'clothes', 'toiletries', 'medicine', 'electronics', 'other'] as const;
export type SuitcaseCategory = (typeof SUITCASE_CATEGORIES)[number];

/** An item of a traveller's list; `id` is made on the phone (a UUID), so an offline add can be ticked offline. */
export type SuitcaseItem = {
  id: string;
  text: string;
  category: SuitcaseCategory;
  quantity: number;
  packed: boolean;
};

/**
 * One change of the list. Per item, keyed by the item's id, so a queue of changes made offline merges with the
 * server's list item by item: an add of an id that exists replaces it, a pack or remove of an id that is gone
 * changes nothing.
 */
export type SuitcaseChange =
  { op: 'add'; item: SuitcaseItem } | { op: 'pack'; id: string; packed: boolean } | { op: 'remove'; id: string };

/** The list as stored: `version` counts the server's accepted syncs (0: never synced, no list yet). */
export type Suitcase = { bookingId: number; version: number; items: SuitcaseItem[] };

/** The list after `changes`, in order; the input is left as it was. */
export function applySuitcaseChanges(
  items: readonly SuitcaseItem[],
  changes: readonly SuitcaseChange[],
): SuitcaseItem[] {
  let result = [...items];
  for (const change of changes) {
    if (change.op === 'add') {
      const at = result.findIndex((item) => item.id === change.item.id);
      if (at >= 0) result[at] = { ...change.item };
      else result.push({ ...change.item });
    } else if (change.op === 'pack') {
      result = result.map((item) => (item.id === change.id ? { ...item, packed: change.packed } : item));
    } else {
      result = result.filter((item) => item.id !== change.id);
    }
  }
  return result;
}

/**
 * A queue of changes made offline, shortened to what the server needs: a removed item's earlier changes are
 * left out, several ticks of one item become the last, a tick of an item added in the same queue goes into the
 * add. Applying the result to any list gives the same as applying the whole queue.
 */
export function compactSuitcaseChanges(changes: readonly SuitcaseChange[]): SuitcaseChange[] {
  const result: SuitcaseChange[] = [];
  const idOf = (change: SuitcaseChange) => (change.op === 'add' ? change.item.id : change.id);
  for (const change of changes) {
    const id = idOf(change);
    const addAt = result.findIndex((earlier) => earlier.op === 'add' && earlier.item.id === id);
    if (change.op === 'pack') {
      if (addAt >= 0) {
        const add = result[addAt] as Extract<SuitcaseChange, { op: 'add' }>;
        result[addAt] = { op: 'add', item: { ...add.item, packed: change.packed } };
        continue;
      }
      const packAt = result.findIndex((earlier) => earlier.op === 'pack' && earlier.id === id);
      if (packAt >= 0) result.splice(packAt, 1);
      result.push(change);
    } else if (change.op === 'remove') {
      // Earlier changes of the item go; the remove stays even after an add of this queue (that add may have
      // replaced an item the server has), and removes nothing where there is nothing.
      const kept = result.filter((earlier) => idOf(earlier) !== id);
      result.length = 0;
      result.push(...kept, change);
    } else {
      const kept = result.filter((earlier) => idOf(earlier) !== id);
      result.length = 0;
      result.push(...kept, change);
    }
  }
  return result;
}

/** How many of the list's items are packed. */
export const packedCount = (items: readonly SuitcaseItem[]): number => items.filter((item) => item.packed).length;
