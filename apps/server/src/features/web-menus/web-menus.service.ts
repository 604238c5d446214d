import {
  MENU_LINK_TYPES,
  MENU_MAX_DEPTH,
  dinSortKey,
  isValidMenuLink,
  searchWords,
  type CreateWebMenuBody,
  type CreateWebMenuItemBody,
  type ListQuery,
  type MenuLinkType,
  type PublicMenu,
  type PublicMenuItem,
  type UpdateWebMenuBody,
  type UpdateWebMenuItemBody,
  type WebMenu,
  type WebMenuItem,
  type WebMenuOrderBody,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  ITEM_LIST_SPEC,
  MENU_LIST_SPEC,
  deleteItemRows,
  deleteMenuRow,
  findActiveMenus,
  findAllMenus,
  findItemById,
  findItemLinks,
  findItemsOfMenu,
  findMenuById,
  insertItem,
  insertMenu,
  itemListBase,
  menuListBase,
  nextItemPosition,
  touchMenu,
  updateItemRow,
  updateMenuRow,
  type ItemRow,
  type MenuRow,
} from './web-menus.repository.ts';

const toMenu = (row: MenuRow): WebMenu => ({
  id: row.id_web_menu,
  id_web_menu: row.id_web_menu,
  name: row.name,
  active: toBool(row.active),
  item_count: Number(row.item_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

const linkType = (value: string): MenuLinkType => (isLinkType(value) ? value : 'none');
const LINK_TYPES: readonly string[] = MENU_LINK_TYPES;
function isLinkType(value: string): value is MenuLinkType {
  return LINK_TYPES.includes(value);
}

const toItem = (row: ItemRow): WebMenuItem => ({
  id: row.id_web_menu_item,
  id_web_menu_item: row.id_web_menu_item,
  id_web_menu: row.id_web_menu,
  id_parent: row.id_parent,
  name: row.name,
  subtitle: row.subtitle,
  active: toBool(row.active),
  position: row.position,
  link_type: linkType(row.link_type),
  link: row.link,
  icon: row.icon,
  icon_set: row.icon_set,
  menu_name: row.menu_name,
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

// ---- menus ----------------------------------------------------------------------------------------------------

/** GET /web/menu: search over the name, sort, filter by `active`. */
export function listMenus(ctx: DbContext, query: ListQuery) {
  const base = menuListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, MENU_LIST_SPEC, query, base, (rows) => rows.map(toMenu));
}

/** GET /web/menu/all: every menu by name, for pickers. */
export async function allMenus(ctx: DbContext): Promise<WebMenu[]> {
  return (await findAllMenus(ctx.db)).map(toMenu);
}

export async function getMenu(ctx: DbContext, id: number): Promise<WebMenu> {
  const row = await findMenuById(ctx.db, id);
  if (!row) throw notFound();
  return toMenu(row);
}

/** POST /web/menu; with `copyFrom` the new menu gets a copy of that menu's items tree (same order and nesting). */
export async function createMenu(ctx: DbContext, body: CreateWebMenuBody): Promise<WebMenu> {
  const id = await inTransaction(ctx, async (trx) => {
    const source = body.copyFrom === undefined ? null : await findMenuById(trx.db, body.copyFrom);
    if (body.copyFrom !== undefined && !source) throw invalidField('copyFrom', 'error.invalid');
    const now = nowIso();
    const menuId = await insertMenu(trx.db, {
      name: body.name,
      sort_name: dinSortKey(body.name),
      active: body.active ?? true,
      created_at: now,
      updated_at: now,
    });
    if (source) await copyItems(trx, source.id_web_menu, menuId, now);
    return menuId;
  });
  return getMenu(ctx, id);
}

/** Copies every item of `fromMenu` into `toMenu`, parents first, so each copy points at its parent's copy. */
async function copyItems(ctx: DbContext, fromMenu: number, toMenu: number, now: string): Promise<void> {
  const items = await findItemsOfMenu(ctx.db, fromMenu);
  const copies = new Map<number, number>();
  let pending = items;
  while (pending.length > 0) {
    const ready = pending.filter((item) => item.id_parent === null || copies.has(item.id_parent));
    if (ready.length === 0) break; // unreachable for a valid tree; never loop forever
    for (const item of ready) {
      const copy = await insertItem(ctx.db, {
        id_web_menu: toMenu,
        id_parent: item.id_parent === null ? null : (copies.get(item.id_parent) ?? null),
        name: item.name,
        subtitle: item.subtitle,
        active: toBool(item.active),
        position: item.position,
        link_type: item.link_type,
        link: item.link,
        icon: item.icon,
        icon_set: item.icon_set,
        created_at: now,
        updated_at: now,
      });
      copies.set(item.id_web_menu_item, copy);
    }
    pending = pending.filter((item) => !copies.has(item.id_web_menu_item));
  }
}

export async function updateMenu(ctx: DbContext, id: number, body: UpdateWebMenuBody): Promise<WebMenu> {
  await inTransaction(ctx, async (trx) => {
    await getMenu(trx, id);
    await updateMenuRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getMenu(ctx, id);
}

/** DELETE /web/menu/{id}: the menu and all its items. */
export async function deleteMenu(ctx: DbContext, id: number): Promise<WebMenu> {
  return inTransaction(ctx, async (trx) => {
    const menu = await getMenu(trx, id);
    await deleteMenuRow(trx.db, id);
    return menu;
  });
}

// ---- items ----------------------------------------------------------------------------------------------------

/** GET /web/menu-item: filter by `id_web_menu`, `active`, `id_parent`; sorted by menu and order. */
export function listItems(ctx: DbContext, query: ListQuery) {
  return runList(ctx, ITEM_LIST_SPEC, query, itemListBase(ctx.db), (rows) => rows.map(toItem));
}

export async function getItem(ctx: DbContext, id: number): Promise<WebMenuItem> {
  const row = await findItemById(ctx.db, id);
  if (!row) throw notFound();
  return toItem(row);
}

/** GET /web/menu/{id}/items: every item of the menu, in order among siblings (the tree editor builds the tree). */
export async function menuItems(ctx: DbContext, menuId: number): Promise<WebMenuItem[]> {
  await getMenu(ctx, menuId);
  return (await findItemsOfMenu(ctx.db, menuId)).map(toItem);
}

type Links = Map<number, number | null>;

const linksOf = async (ctx: DbContext, menuId: number): Promise<Links> =>
  new Map((await findItemLinks(ctx.db, menuId)).map((row) => [row.id, row.id_parent]));

/** The level of `id` (1 for a top-level item); Infinity when its parents run in a circle. */
function levelOf(links: Links, id: number): number {
  let level = 1;
  let current = links.get(id) ?? null;
  const seen = new Set([id]);
  while (current !== null) {
    if (seen.has(current)) return Infinity;
    seen.add(current);
    level++;
    current = links.get(current) ?? null;
  }
  return level;
}

/** How many levels the subtree of `id` spans (1 for an item without sub-items). */
function heightOf(links: Links, id: number): number {
  let height = 1;
  for (const [child, parent] of links) {
    if (parent === id) height = Math.max(height, 1 + heightOf(links, child));
  }
  return height;
}

function isInSubtree(links: Links, root: number, id: number): boolean {
  let current: number | null = id;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === root) return true;
    seen.add(current);
    current = links.get(current) ?? null;
  }
  return false;
}

/** POST /web/menu-item: last among its siblings; the parent must be an item of the same menu, within the depth. */
export async function createItem(ctx: DbContext, body: CreateWebMenuItemBody): Promise<WebMenuItem> {
  const id = await inTransaction(ctx, async (trx) => {
    if (!(await findMenuById(trx.db, body.id_web_menu))) throw invalidField('id_web_menu', 'error.invalid');
    const parent = body.id_parent ?? null;
    if (parent !== null) {
      const links = await linksOf(trx, body.id_web_menu);
      if (!links.has(parent)) throw invalidField('id_parent', 'error.invalid');
      if (levelOf(links, parent) + 1 > MENU_MAX_DEPTH) throw invalidField('id_parent', 'error.menuDepth');
    }
    const now = nowIso();
    const itemId = await insertItem(trx.db, {
      id_web_menu: body.id_web_menu,
      id_parent: parent,
      name: body.name,
      subtitle: body.subtitle ?? null,
      active: body.active ?? true,
      position: await nextItemPosition(trx.db, body.id_web_menu, parent),
      link_type: body.link_type ?? 'none',
      link: body.link ?? null,
      icon: body.icon ?? null,
      icon_set: body.icon_set ?? null,
      created_at: now,
      updated_at: now,
    });
    await touchMenu(trx.db, body.id_web_menu, now);
    return itemId;
  });
  return getItem(ctx, id);
}

/** PATCH /web/menu-item/{id}: a new parent puts the item last among its new siblings. */
export async function updateItem(ctx: DbContext, id: number, body: UpdateWebMenuItemBody): Promise<WebMenuItem> {
  await inTransaction(ctx, async (trx) => {
    const item = await getItem(trx, id);
    const nextType = body.link_type ?? item.link_type;
    const nextLink = body.link !== undefined ? body.link : body.link_type === 'none' ? null : item.link;
    if (!isValidMenuLink(nextType, nextLink)) throw invalidField('link', 'error.link');
    const parentChanges = body.id_parent !== undefined && body.id_parent !== item.id_parent;
    let position: number | undefined;
    if (parentChanges) {
      const parent = body.id_parent ?? null;
      if (parent !== null) {
        const links = await linksOf(trx, item.id_web_menu);
        if (!links.has(parent)) throw invalidField('id_parent', 'error.invalid');
        if (isInSubtree(links, id, parent)) throw invalidField('id_parent', 'error.menuCycle');
        if (levelOf(links, parent) + heightOf(links, id) > MENU_MAX_DEPTH)
          throw invalidField('id_parent', 'error.menuDepth');
      }
      position = await nextItemPosition(trx.db, item.id_web_menu, parent);
    }
    const now = nowIso();
    await updateItemRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.subtitle !== undefined ? { subtitle: body.subtitle } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.icon !== undefined ? { icon: body.icon } : {}),
      ...(body.icon_set !== undefined ? { icon_set: body.icon_set } : {}),
      link_type: nextType,
      link: nextType === 'none' ? null : nextLink,
      ...(parentChanges ? { id_parent: body.id_parent ?? null, position } : {}),
      updated_at: now,
    });
    await touchMenu(trx.db, item.id_web_menu, now);
  });
  return getItem(ctx, id);
}

/** DELETE /web/menu-item/{id}: the item with its sub-items. */
export async function deleteItem(ctx: DbContext, id: number): Promise<WebMenuItem> {
  return inTransaction(ctx, async (trx) => {
    const item = await getItem(trx, id);
    const links = await linksOf(trx, item.id_web_menu);
    const subtree = [...links.keys()].filter((candidate) => isInSubtree(links, id, candidate));
    // Deepest first, so no row is left pointing at a deleted parent.
    subtree.sort((a, b) => levelOf(links, b) - levelOf(links, a));
    for (const rowId of subtree) await deleteItemRows(trx.db, [rowId]);
    await touchMenu(trx.db, item.id_web_menu, nowIso());
    return item;
  });
}

/**
 * PUT /web/menu/{id}/items/order: the whole tree at once, in one transaction. It must name every item of the menu
 * exactly once (error.menuItems), parents within the menu, no item below itself (error.menuCycle) and at most
 * MENU_MAX_DEPTH levels (error.menuDepth); otherwise nothing changes. Positions are renumbered 0, 1, 2 … per parent.
 */
export async function saveMenuOrder(ctx: DbContext, menuId: number, body: WebMenuOrderBody): Promise<WebMenuItem[]> {
  await inTransaction(ctx, async (trx) => {
    await getMenu(trx, menuId);
    const current = await linksOf(trx, menuId);
    const seen = new Set<number>();
    for (const [index, entry] of body.items.entries()) {
      if (!current.has(entry.id) || seen.has(entry.id)) throw invalidField(`items.${index}.id`, 'error.menuItems');
      seen.add(entry.id);
    }
    if (seen.size !== current.size) throw invalidField('items', 'error.menuItems');
    const links: Links = new Map(body.items.map((entry) => [entry.id, entry.id_parent]));
    for (const [index, entry] of body.items.entries()) {
      if (entry.id_parent !== null && !links.has(entry.id_parent))
        throw invalidField(`items.${index}.id_parent`, 'error.menuItems');
    }
    for (const [index, entry] of body.items.entries()) {
      const level = levelOf(links, entry.id);
      if (level === Infinity) throw invalidField(`items.${index}.id_parent`, 'error.menuCycle');
      if (level > MENU_MAX_DEPTH) throw invalidField(`items.${index}.id_parent`, 'error.menuDepth');
    }
    const siblings = new Map<number | null, Array<{ id: number; position: number; index: number }>>();
    for (const [index, entry] of body.items.entries()) {
      const group = siblings.get(entry.id_parent) ?? [];
      group.push({ id: entry.id, position: entry.position, index });
      siblings.set(entry.id_parent, group);
    }
    const now = nowIso();
    for (const [parent, group] of siblings) {
      group.sort((a, b) => a.position - b.position || a.index - b.index);
      for (const [position, entry] of group.entries())
        await updateItemRow(trx.db, entry.id, { id_parent: parent, position, updated_at: now });
    }
    await touchMenu(trx.db, menuId, now);
  });
  return menuItems(ctx, menuId);
}

// ---- the website ----------------------------------------------------------------------------------------------

/** An active menu's active items as a tree: an inactive item hides its sub-items too. */
async function publicTree(ctx: DbContext, menuId: number): Promise<PublicMenuItem[]> {
  const rows = (await findItemsOfMenu(ctx.db, menuId)).filter((row) => toBool(row.active));
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) {
    const group = children.get(row.id_parent) ?? [];
    group.push(row);
    children.set(row.id_parent, group);
  }
  const build = (parent: number | null, level: number): PublicMenuItem[] =>
    level > MENU_MAX_DEPTH
      ? []
      : (children.get(parent) ?? []).map((row) => ({
          id: row.id_web_menu_item,
          name: row.name,
          subtitle: row.subtitle,
          link_type: linkType(row.link_type),
          link: row.link,
          icon: row.icon,
          icon_set: row.icon_set,
          children: build(row.id_web_menu_item, level + 1),
        }));
  return build(null, 1);
}

/** GET /website/menus: every active menu with its tree. */
export async function publicMenus(ctx: DbContext): Promise<PublicMenu[]> {
  const menus = await findActiveMenus(ctx.db);
  const result: PublicMenu[] = [];
  for (const menu of menus)
    result.push({ id: menu.id_web_menu, name: menu.name, items: await publicTree(ctx, menu.id_web_menu) });
  return result;
}

/** GET /website/menus/{id}: 404 for a menu that is missing or inactive. */
export async function publicMenu(ctx: DbContext, id: number): Promise<PublicMenu> {
  const menu = await findMenuById(ctx.db, id);
  if (!menu || !toBool(menu.active)) throw notFound();
  return { id: menu.id_web_menu, name: menu.name, items: await publicTree(ctx, id) };
}
