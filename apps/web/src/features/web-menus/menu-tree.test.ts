import { describe, expect, it } from 'vitest';
import type { WebMenuItem } from '@tourdesk/contracts/web-menus.schema';
import {
  dropIndex,
  flattenItems,
  indent,
  moveBlock,
  moveDown,
  moveUp,
  outdent,
  toOrder,
  type TreeRow,
} from './menu-tree.ts';

const item = (id: number, id_parent: number | null, position: number): WebMenuItem => ({
  id,
  id_web_menu_item: id,
  id_web_menu: 1,
  id_parent,
  name: `Item ${id}`,
  subtitle: null,
  active: true,
  position,
  link_type: 'none',
  link: null,
  icon: null,
  icon_set: null,
  menu_name: 'Menu',
  createdAt: '',
  updatedAt: '',
});
const shape = (rows: TreeRow[]) => rows.map((row) => `${'-'.repeat(row.depth)}${row.item.id}`).join(' ');

describe('menu tree', () => {
  // 1, 2 (3, 4 (5)), 6
  const rows = flattenItems([
    item(6, null, 2),
    item(2, null, 1),
    item(1, null, 0),
    item(4, 2, 1),
    item(3, 2, 0),
    item(5, 4, 0),
  ]);

  it('flattens depth first and turns back into parents and positions', () => {
    expect(shape(rows)).toBe('1 2 -3 -4 --5 6');
    expect(toOrder(rows)).toEqual([
      { id: 1, id_parent: null, position: 0 },
      { id: 2, id_parent: null, position: 1 },
      { id: 3, id_parent: 2, position: 0 },
      { id: 4, id_parent: 2, position: 1 },
      { id: 5, id_parent: 4, position: 0 },
      { id: 6, id_parent: null, position: 2 },
    ]);
  });

  it('moves items with their sub-items up, down, in and out', () => {
    expect(shape(moveUp(rows, 1))).toBe('2 -3 -4 --5 1 6');
    expect(shape(moveDown(rows, 0))).toBe('2 -3 -4 --5 1 6');
    expect(shape(moveDown(rows, 2))).toBe('1 2 -4 --5 -3 6');
    // 2 below 1 would put 5 on a fourth level: refused.
    expect(shape(indent(rows, 1))).toBe(shape(rows));
    expect(shape(indent(moveUp(rows, 5), 1))).toBe('1 -6 2 -3 -4 --5');
    expect(shape(indent(rows, 5))).toBe('1 2 -3 -4 --5 -6');
    expect(shape(outdent(rows, 3))).toBe('1 2 -3 4 -5 6');
    expect(shape(outdent(rows, 4))).toBe('1 2 -3 -4 -5 6');
    expect(shape(moveUp(rows, 0))).toBe(shape(rows));
    expect(shape(indent(rows, 0))).toBe(shape(rows));
  });

  it('drops a dragged item where it lands, nested by the horizontal offset, within three levels', () => {
    // 6 dragged between 1 and 2, one level to the right: a sub-item of 1.
    expect(shape(moveBlock(rows, 5, 1, 1))).toBe('1 -6 2 -3 -4 --5');
    // 1 dragged below 6 without offset.
    expect(shape(moveBlock(rows, 0, 5, 0))).toBe('2 -3 -4 --5 6 1');
    // 6 dragged below 5 three levels right: no deeper than three levels.
    expect(shape(moveBlock(rows, 5, 5, 3))).toBe('1 2 -3 -4 --5 --6');
    // Dropped between 2 and its first sub-item at the top level, 6 still becomes a sub-item: 3 keeps its parent.
    expect(shape(moveBlock(rows, 5, 2, 0))).toBe('1 2 -6 -3 -4 --5');
    // 2 (with 3, 4, 5) dragged from index 1 to the end: it lands after 6, its sub-items with it.
    expect(dropIndex(rows, 1, 5)).toBe(2);
    expect(shape(moveBlock(rows, 1, dropIndex(rows, 1, 5), 0))).toBe('1 6 2 -3 -4 --5');
    // 6 dragged from the end to index 1: between 1 and 2.
    expect(dropIndex(rows, 5, 1)).toBe(1);
  });
});
