import { sql, type Insertable, type Updateable } from 'kysely';
import { ZWebMenu, ZWebMenuItem, type WebMenu, type WebMenuItem } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, isTrue, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { WebMenuItemTable, WebMenuTable } from './web-menus.table.ts';

/** A menu with the number of its items. */
export const menuBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('web_menu')
    .select([
      'web_menu.id_web_menu',
      'web_menu.name',
      'web_menu.active',
      'web_menu.created_at',
      'web_menu.updated_at',
      sql<
        number | string
      >`(select count(*) from web_menu_item where web_menu_item.id_web_menu = web_menu.id_web_menu)`.as('item_count'),
    ]),
);
export type MenuRow = Awaited<ReturnType<ReturnType<typeof menuBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /web/menu */
export const MENU_LIST_SPEC: ListSpec<WebMenu, 'item_count'> = {
  table: 'web_menu',
  idColumn: 'id_web_menu',
  idField: 'id',
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'web_menu.id_web_menu', type: 'number' },
    id_web_menu: { column: 'web_menu.id_web_menu', type: 'number' },
    name: { column: 'web_menu.name', sortColumn: 'web_menu.sort_name', type: 'string' },
    active: { column: 'web_menu.active', type: 'boolean' },
    item_count: { column: 'item_count', type: 'number', filterable: false },
    createdAt: { column: 'web_menu.created_at', type: 'date' },
    updatedAt: { column: 'web_menu.updated_at', type: 'date' },
  },
  selectable: contractFields(ZWebMenu),
};

export function menuListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = menuBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'web_menu.sort_name', words));
}

export const findMenuById = (db: Database, id: number) =>
  menuBaseQuery(db).where('web_menu.id_web_menu', '=', id).executeTakeFirst();

export const findAllMenus = (db: Database) => menuBaseQuery(db).orderBy('web_menu.sort_name').execute();

export const findActiveMenus = (db: Database) =>
  db
    .selectFrom('web_menu')
    .select(['id_web_menu', 'name', 'updated_at'])
    .where(isTrue('web_menu.active'))
    .orderBy('sort_name')
    .orderBy('id_web_menu')
    .execute();

export async function insertMenu(db: Database, values: Insertable<WebMenuTable>): Promise<number> {
  const row = await db.insertInto('web_menu').values(values).returning('id_web_menu').executeTakeFirstOrThrow();
  return row.id_web_menu;
}

export async function updateMenuRow(db: Database, id: number, values: Updateable<WebMenuTable>) {
  await db.updateTable('web_menu').set(values).where('id_web_menu', '=', id).execute();
}

export async function deleteMenuRow(db: Database, id: number) {
  await db.deleteFrom('web_menu_item').where('id_web_menu', '=', id).execute();
  await db.deleteFrom('web_menu').where('id_web_menu', '=', id).execute();
}

/** An item with its menu's name. */
export const itemBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('web_menu_item')
    .innerJoin('web_menu', 'web_menu.id_web_menu', 'web_menu_item.id_web_menu')
    .select([
      'web_menu_item.id_web_menu_item',
      'web_menu_item.id_web_menu',
      'web_menu_item.id_parent',
      'web_menu_item.name',
      'web_menu_item.subtitle',
      'web_menu_item.active',
      'web_menu_item.position',
      'web_menu_item.link_type',
      'web_menu_item.link',
      'web_menu_item.icon',
      'web_menu_item.icon_set',
      'web_menu_item.created_at',
      'web_menu_item.updated_at',
      'web_menu.name as menu_name',
    ]),
);
export type ItemRow = Awaited<ReturnType<ReturnType<typeof itemBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /web/menu-item */
export const ITEM_LIST_SPEC: ListSpec<WebMenuItem> = {
  table: 'web_menu_item',
  idColumn: 'id_web_menu_item',
  idField: 'id',
  searchable: false,
  defaultSort: [
    ['menu_name', 1],
    ['position', 1],
  ],
  fields: {
    id: { column: 'web_menu_item.id_web_menu_item', type: 'number' },
    id_web_menu_item: { column: 'web_menu_item.id_web_menu_item', type: 'number' },
    id_web_menu: { column: 'web_menu_item.id_web_menu', type: 'number' },
    id_parent: { column: 'web_menu_item.id_parent', type: 'number', nullable: true },
    name: { column: 'web_menu_item.name', type: 'string' },
    subtitle: { column: 'web_menu_item.subtitle', type: 'string', nullable: true },
    active: { column: 'web_menu_item.active', type: 'boolean' },
    position: { column: 'web_menu_item.position', type: 'number' },
    link_type: { column: 'web_menu_item.link_type', type: 'string' },
    link: { column: 'web_menu_item.link', type: 'string', nullable: true },
    menu_name: { column: 'web_menu.name', type: 'string', joined: true },
    createdAt: { column: 'web_menu_item.created_at', type: 'date' },
    updatedAt: { column: 'web_menu_item.updated_at', type: 'date' },
  },
  selectable: contractFields(ZWebMenuItem),
};

/** The items list, optionally of one menu (the screen's menu filter comes as the `id_web_menu` filter). */
export const itemListBase = (db: Database) => itemBaseQuery(db);

export const findItemById = (db: Database, id: number) =>
  itemBaseQuery(db).where('web_menu_item.id_web_menu_item', '=', id).executeTakeFirst();

/** Every item of a menu, parents before their order among siblings. */
export const findItemsOfMenu = (db: Database, menuId: number) =>
  itemBaseQuery(db)
    .where('web_menu_item.id_web_menu', '=', menuId)
    .orderBy('web_menu_item.position')
    .orderBy('web_menu_item.id_web_menu_item')
    .execute();

/** The tree links of a menu's items (for checking parents, cycles and depth). */
export const findItemLinks = (db: Database, menuId: number) =>
  db
    .selectFrom('web_menu_item')
    .select(['id_web_menu_item as id', 'id_parent'])
    .where('id_web_menu', '=', menuId)
    .execute();

export async function nextItemPosition(db: Database, menuId: number, parentId: number | null): Promise<number> {
  const row = await db
    .selectFrom('web_menu_item')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('id_web_menu', '=', menuId)
    .where((eb) => (parentId === null ? eb('id_parent', 'is', null) : eb('id_parent', '=', parentId)))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function insertItem(db: Database, values: Insertable<WebMenuItemTable>): Promise<number> {
  const row = await db
    .insertInto('web_menu_item')
    .values(values)
    .returning('id_web_menu_item')
    .executeTakeFirstOrThrow();
  return row.id_web_menu_item;
}

export async function updateItemRow(db: Database, id: number, values: Updateable<WebMenuItemTable>) {
  await db.updateTable('web_menu_item').set(values).where('id_web_menu_item', '=', id).execute();
}

export async function deleteItemRows(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('web_menu_item').where('id_web_menu_item', 'in', ids).execute();
}

export async function touchMenu(db: Database, id: number, now: string) {
  await db.updateTable('web_menu').set({ updated_at: now }).where('id_web_menu', '=', id).execute();
}
