import { MENU_MAX_DEPTH, type WebMenuItem } from '@tourdesk/contracts/web-menus.schema';

/** A menu item in the tree editor's flat list: depth-first order, `depth` 0 on the top level. */
export type TreeRow = { item: WebMenuItem; depth: number };

/** The menu's items (any order) as the depth-first list the editor shows. */
export function flattenItems(items: readonly WebMenuItem[]): TreeRow[] {
  const children = new Map<number | null, WebMenuItem[]>();
  for (const item of items) {
    const group = children.get(item.id_parent) ?? [];
    group.push(item);
    children.set(item.id_parent, group);
  }
  for (const group of children.values()) group.sort((a, b) => a.position - b.position || a.id - b.id);
  const rows: TreeRow[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const item of children.get(parent) ?? []) {
      rows.push({ item, depth });
      visit(item.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** How many rows from `index` on belong to the item there (itself and its descendants). */
export function blockSize(rows: readonly TreeRow[], index: number): number {
  const depth = rows[index]?.depth ?? 0;
  let end = index + 1;
  while (end < rows.length && (rows[end]?.depth ?? 0) > depth) end++;
  return end - index;
}

/** Every row at most one level below the one before, the first on the top level, none deeper than allowed. */
export function normalizeDepths(rows: readonly TreeRow[]): TreeRow[] {
  const result: TreeRow[] = [];
  for (const row of rows) {
    const previous = result.at(-1);
    const max = Math.min(previous ? previous.depth + 1 : 0, MENU_MAX_DEPTH - 1);
    result.push({ item: row.item, depth: Math.max(0, Math.min(row.depth, max)) });
  }
  return result;
}

/** The tree as the order call wants it: each item with its parent and its place among its siblings. */
export function toOrder(rows: readonly TreeRow[]): Array<{ id: number; id_parent: number | null; position: number }> {
  const parents: Array<number | null> = [];
  const counters = new Map<number | null, number>();
  return rows.map((row) => {
    const parent = row.depth === 0 ? null : (parents[row.depth - 1] ?? null);
    parents[row.depth] = row.item.id;
    parents.length = row.depth + 1;
    const position = counters.get(parent) ?? 0;
    counters.set(parent, position + 1);
    return { id: row.item.id, id_parent: parent, position };
  });
}

/**
 * Moves the row at `from` with its sub-items so that it lands at `to` (an index of the list without the block),
 * `depthDelta` levels deeper (negative: shallower), within what the rows around it allow.
 */
export function moveBlock(rows: readonly TreeRow[], from: number, to: number, depthDelta: number): TreeRow[] {
  const size = blockSize(rows, from);
  const block = rows.slice(from, from + size);
  const rest = [...rows.slice(0, from), ...rows.slice(from + size)];
  const at = Math.max(0, Math.min(to, rest.length));
  const previous = rest[at - 1];
  const height = Math.max(...block.map((row) => row.depth)) - (block[0]?.depth ?? 0);
  const maxDepth = Math.min(previous ? previous.depth + 1 : 0, MENU_MAX_DEPTH - 1 - height);
  // The row after the drop keeps its parent: the moved block never adopts rows that follow it.
  const next = rest[at];
  const minDepth = next ? next.depth : 0;
  const wanted = (block[0]?.depth ?? 0) + depthDelta;
  const depth = Math.max(Math.min(wanted, maxDepth), Math.min(minDepth, maxDepth), 0);
  const shift = depth - (block[0]?.depth ?? 0);
  const moved = block.map((row) => ({ item: row.item, depth: row.depth + shift }));
  return normalizeDepths([...rest.slice(0, at), ...moved, ...rest.slice(at)]);
}

const previousSibling = (rows: readonly TreeRow[], index: number): number => {
  const depth = rows[index]?.depth ?? 0;
  for (let i = index - 1; i >= 0; i--) {
    const row = rows[i];
    if (!row || row.depth < depth) return -1;
    if (row.depth === depth) return i;
  }
  return -1;
};

/** Up: before its previous sibling. */
export function moveUp(rows: readonly TreeRow[], index: number): TreeRow[] {
  const sibling = previousSibling(rows, index);
  return sibling < 0 ? [...rows] : moveBlock(rows, index, sibling, 0);
}

/** Down: after its next sibling (with that sibling's sub-items). */
export function moveDown(rows: readonly TreeRow[], index: number): TreeRow[] {
  const next = index + blockSize(rows, index);
  if (rows[next]?.depth !== rows[index]?.depth) return [...rows];
  // In the list without the moved block, the sibling starts at `index`; land after its block.
  return moveBlock(rows, index, index + blockSize(rows, next), 0);
}

/** Indent: a sub-item (the last) of its previous sibling. */
export function indent(rows: readonly TreeRow[], index: number): TreeRow[] {
  if (previousSibling(rows, index) < 0) return [...rows];
  return moveBlock(rows, index, index, 1);
}

/** Outdent: one level up, right after its former parent's sub-items. */
export function outdent(rows: readonly TreeRow[], index: number): TreeRow[] {
  const depth = rows[index]?.depth ?? 0;
  if (depth === 0) return [...rows];
  let parent = index - 1;
  while (parent >= 0 && (rows[parent]?.depth ?? 0) >= depth) parent--;
  const size = blockSize(rows, index);
  const parentEnd = parent + blockSize(rows, parent);
  return moveBlock(rows, index, parentEnd - size, -1);
}

export const canIndent = (rows: readonly TreeRow[], index: number): boolean =>
  indent(rows, index).some((row, i) => row.depth !== rows[i]?.depth || row.item.id !== rows[i]?.item.id);

/**
 * Where a dragged row lands in the list without its block, from the sortable's indices: dnd-kit moves only the
 * dragged row (`from` → `to`); its sub-items travel with it, right after the row it was dropped behind.
 */
export function dropIndex(rows: readonly TreeRow[], from: number, to: number): number {
  const ids = rows.map((row) => row.item.id);
  const [moved] = ids.splice(from, 1);
  if (moved === undefined) return from;
  ids.splice(to, 0, moved);
  const block = new Set(rows.slice(from, from + blockSize(rows, from)).map((row) => row.item.id));
  const rest = rows.filter((row) => !block.has(row.item.id));
  const at = ids.indexOf(moved);
  for (let k = at - 1; k >= 0; k--) {
    const id = ids[k];
    if (id !== undefined && !block.has(id)) return rest.findIndex((row) => row.item.id === id) + 1;
  }
  return 0;
}
