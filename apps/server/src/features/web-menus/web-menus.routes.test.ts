import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';

type Item = { id: number; id_parent: number | null; name: string; position: number; active: boolean };
type PublicItem = { id: number; name: string; children: PublicItem[] };

describe('website menus', () => {
  let t: TestApp;
  const as = { admin: '', office: '', traveller: '', shop: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
    const role = await createRoleFixture(t.ctx, `shop-${nextSequence()}`, {
      access: { shop: { read: true, create: true, update: true, delete: true } },
    });
    as.shop = `shop-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: as.shop, role: role.id_roles });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, login = as.office) =>
    call(t.app, login, { method: 'POST', url, payload });
  const newMenu = async (name: string, active = true) =>
    (await post('/web/menu', { name, active })).json().id as number;
  const newItem = async (menu: number, name: string, extra: object = {}) => {
    const response = await post('/web/menu-item', { id_web_menu: menu, name, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  const itemsOf = async (menu: number) =>
    (await call(t.app, as.office, { method: 'GET', url: `/web/menu/${menu}/items` })).json() as Item[];
  const saveOrder = (menu: number, items: Array<{ id: number; id_parent: number | null; position: number }>) =>
    call(t.app, as.office, { method: 'PUT', url: `/web/menu/${menu}/items/order`, payload: { items } });

  it('creates, lists, renames and deletes a menu with its items', async () => {
    const created = await post('/web/menu', { name: 'Hauptmenü' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ id_web_menu: id, name: 'Hauptmenü', active: true, item_count: 0 });
    await newItem(id, 'Reisen', { link_type: 'page', link: '/reisen' });
    const list = await call(t.app, as.office, { method: 'GET', url: '/web/menu?lit-search=hauptmenu' });
    expect(list.json().data).toEqual([expect.objectContaining({ id, item_count: 1 })]);
    const all = await call(t.app, as.office, { method: 'GET', url: '/web/menu/all' });
    expect(all.json().map((menu: { id: number }) => menu.id)).toContain(id);
    const renamed = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu/${id}`,
      payload: { name: 'Kopfzeile', active: false },
    });
    expect(renamed.json()).toMatchObject({ name: 'Kopfzeile', active: false });
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/web/menu/${id}` })).statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/menu/${id}` })).statusCode).toBe(404);
    const items = await call(t.app, as.office, { method: 'GET', url: `/web/menu-item?id_web_menu=${id}` });
    expect(items.json().total).toBe(0);
  });

  it('creates, reads, updates and deletes items with their sub-items', async () => {
    const menu = await newMenu('Items');
    const trips = await newItem(menu, 'Reisen', {
      subtitle: 'Programm',
      link_type: 'page',
      link: '/reisen',
      icon: 'directions_bus',
      icon_set: 'material',
    });
    const city = await newItem(menu, 'Städte', { id_parent: trips, link_type: 'category', link: '25' });
    await newItem(menu, 'Paris', { id_parent: city, link_type: 'journey', link: '12' });
    const contact = await newItem(menu, 'Kontakt', { link_type: 'email', link: 'mailto:info@example.com' });
    const read = await call(t.app, as.office, { method: 'GET', url: `/web/menu-item/${trips}` });
    expect(read.json()).toMatchObject({
      id_web_menu_item: trips,
      id_web_menu: menu,
      id_parent: null,
      name: 'Reisen',
      subtitle: 'Programm',
      position: 0,
      link_type: 'page',
      link: '/reisen',
      icon: 'directions_bus',
      icon_set: 'material',
      menu_name: 'Items',
    });
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/menu-item/${contact}` })).json().position).toBe(1);
    const updated = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu-item/${contact}`,
      payload: { link_type: 'phone', link: 'tel:+49 8321 12345', subtitle: '' },
    });
    expect(updated.json()).toMatchObject({ link_type: 'phone', link: 'tel:+49 8321 12345', subtitle: null });
    const toNone = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu-item/${contact}`,
      payload: { link_type: 'none' },
    });
    expect(toNone.json()).toMatchObject({ link_type: 'none', link: null });
    const paged = await call(t.app, as.office, {
      method: 'GET',
      url: `/web/menu-item?id_web_menu=${menu}&$sort[name]=1`,
    });
    expect(paged.json().data.map((item: Item) => item.name)).toEqual(['Kontakt', 'Paris', 'Reisen', 'Städte']);
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/web/menu-item/${trips}` })).statusCode).toBe(200);
    expect((await itemsOf(menu)).map((item) => item.name)).toEqual(['Kontakt']);
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/menu-item/${city}` })).statusCode).toBe(404);
  });

  it('answers field keys for invalid input and refuses unsafe links', async () => {
    const menu = await newMenu('Validation');
    const empty = await post('/web/menu', { name: '', active: 'yes' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      expect.objectContaining({ field: 'name', key: 'error.empty' }),
      expect.objectContaining({ field: 'active', key: 'error.invalid' }),
    ]);
    for (const [linkType, link] of [
      ['external', 'javascript:alert(1)'],
      ['page', 'javascript:alert(1)'],
      ['page', '//evil.example/x'],
      ['external', 'data:text/html,<script>alert(1)</script>'],
      ['external', 'ftp://example.com'],
      ['email', 'info@example.com'],
      ['phone', 'tel:call-me'],
      ['journey', 'abc'],
      ['none', '/reisen'],
      ['page', ''],
    ]) {
      const refused = await post('/web/menu-item', { id_web_menu: menu, name: 'X', link_type: linkType, link });
      expect(refused.statusCode, `${linkType} ${link}`).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'link', key: 'error.link' })]);
    }
    const badType = await post('/web/menu-item', { id_web_menu: menu, name: 'X', link_type: 'script' });
    expect(badType.json().errors).toEqual([expect.objectContaining({ field: 'link_type', key: 'error.invalid' })]);
    const badIcon = await post('/web/menu-item', { id_web_menu: menu, name: 'X', icon: '<b>', icon_set: 'svg' });
    expect(badIcon.json().errors).toEqual([
      expect.objectContaining({ field: 'icon', key: 'error.invalid' }),
      expect.objectContaining({ field: 'icon_set', key: 'error.invalid' }),
    ]);
    const noMenu = await post('/web/menu-item', { id_web_menu: 999999, name: 'X' });
    expect(noMenu.json().errors).toEqual([expect.objectContaining({ field: 'id_web_menu', key: 'error.invalid' })]);
    const item = await newItem(menu, 'Extern', { link_type: 'external', link: 'https://example.com/a?b=c' });
    const patchBad = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu-item/${item}`,
      payload: { link: 'javascript:alert(1)' },
    });
    expect(patchBad.json().errors).toEqual([expect.objectContaining({ field: 'link', key: 'error.link' })]);
    const other = await newMenu('Other');
    const foreign = await newItem(other, 'Fremd');
    const foreignParent = await post('/web/menu-item', { id_web_menu: menu, name: 'X', id_parent: foreign });
    expect(foreignParent.json().errors).toEqual([
      expect.objectContaining({ field: 'id_parent', key: 'error.invalid' }),
    ]);
    const copyMissing = await post('/web/menu', { name: 'Kopie', copyFrom: 999999 });
    expect(copyMissing.json().errors).toEqual([expect.objectContaining({ field: 'copyFrom', key: 'error.invalid' })]);
    for (const url of ['/web/menu/0', '/web/menu/abc', '/web/menu-item/-1', '/website/menus/x']) {
      expect((await call(t.app, as.office, { method: 'GET', url })).statusCode, url).toBe(400);
    }
    for (const url of ['/web/menu/999999', '/web/menu-item/999999', '/web/menu/999999/items']) {
      expect((await call(t.app, as.office, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(
      (await call(t.app, as.office, { method: 'PATCH', url: '/web/menu/999999', payload: { name: 'Neu' } })).statusCode,
    ).toBe(404);
    expect((await call(t.app, as.admin, { method: 'DELETE', url: '/web/menu-item/999999' })).statusCode).toBe(404);
    expect((await saveOrder(999999, [])).statusCode).toBe(404);
  });

  it('limits nesting to three levels and refuses cycles when an item moves', async () => {
    const menu = await newMenu('Tiefe');
    const one = await newItem(menu, 'Eins');
    const two = await newItem(menu, 'Zwei', { id_parent: one });
    const three = await newItem(menu, 'Drei', { id_parent: two });
    const four = await post('/web/menu-item', { id_web_menu: menu, name: 'Vier', id_parent: three });
    expect(four.json().errors).toEqual([expect.objectContaining({ field: 'id_parent', key: 'error.menuDepth' })]);
    const cycle = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu-item/${one}`,
      payload: { id_parent: three },
    });
    expect(cycle.json().errors).toEqual([expect.objectContaining({ field: 'id_parent', key: 'error.menuCycle' })]);
    const loose = await newItem(menu, 'Lose');
    const moved = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu-item/${three}`,
      payload: { id_parent: loose },
    });
    expect(moved.json()).toMatchObject({ id_parent: loose, position: 0 });
  });

  it('saves a new order and nesting at once, and refuses a broken tree as a whole', async () => {
    const menu = await newMenu('Ordnung');
    const a = await newItem(menu, 'A');
    const b = await newItem(menu, 'B');
    const c = await newItem(menu, 'C');
    const d = await newItem(menu, 'D');
    // C first, then A with B and D below it (D before B).
    const saved = await saveOrder(menu, [
      { id: c, id_parent: null, position: 0 },
      { id: a, id_parent: null, position: 1 },
      { id: d, id_parent: a, position: 0 },
      { id: b, id_parent: a, position: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    const tree = (await itemsOf(menu)).map(({ id, id_parent, position }) => ({ id, id_parent, position }));
    expect(tree).toEqual(
      expect.arrayContaining([
        { id: c, id_parent: null, position: 0 },
        { id: a, id_parent: null, position: 1 },
        { id: d, id_parent: a, position: 0 },
        { id: b, id_parent: a, position: 1 },
      ]),
    );
    const before = await itemsOf(menu);
    const other = await newMenu('Fremdes Menü');
    const foreign = await newItem(other, 'Fremd');
    const attempts: Array<[Array<{ id: number; id_parent: number | null; position: number }>, string, string]> = [
      // a cycle: A below D, D below A
      [
        [
          { id: c, id_parent: null, position: 0 },
          { id: a, id_parent: d, position: 0 },
          { id: d, id_parent: a, position: 0 },
          { id: b, id_parent: null, position: 1 },
        ],
        'error.menuCycle',
        'items.1.id_parent',
      ],
      // an item of another menu
      [
        [
          { id: c, id_parent: null, position: 0 },
          { id: a, id_parent: null, position: 1 },
          { id: d, id_parent: null, position: 2 },
          { id: b, id_parent: null, position: 3 },
          { id: foreign, id_parent: null, position: 4 },
        ],
        'error.menuItems',
        'items.4.id',
      ],
      // a parent of another menu
      [
        [
          { id: c, id_parent: foreign, position: 0 },
          { id: a, id_parent: null, position: 1 },
          { id: d, id_parent: null, position: 2 },
          { id: b, id_parent: null, position: 3 },
        ],
        'error.menuItems',
        'items.0.id_parent',
      ],
      // one missing
      [
        [
          { id: c, id_parent: null, position: 0 },
          { id: a, id_parent: null, position: 1 },
        ],
        'error.menuItems',
        'items',
      ],
      // one twice
      [
        [
          { id: c, id_parent: null, position: 0 },
          { id: c, id_parent: null, position: 1 },
          { id: d, id_parent: null, position: 2 },
          { id: b, id_parent: null, position: 3 },
        ],
        'error.menuItems',
        'items.1.id',
      ],
      // four levels
      [
        [
          { id: c, id_parent: null, position: 0 },
          { id: a, id_parent: c, position: 0 },
          { id: d, id_parent: a, position: 0 },
          { id: b, id_parent: d, position: 0 },
        ],
        'error.menuDepth',
        'items.3.id_parent',
      ],
    ];
    for (const [items, key, field] of attempts) {
      const refused = await saveOrder(menu, items);
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ field, key })]);
    }
    const badBody = await saveOrder(menu, [{ id: c, id_parent: null, position: -1 }]);
    expect(badBody.json().errors).toEqual([
      expect.objectContaining({ field: 'items.0.position', key: 'error.invalid' }),
    ]);
    expect(await itemsOf(menu)).toEqual(before);
  });

  it('copies a menu with its items tree', async () => {
    const menu = await newMenu('Vorlage');
    const trips = await newItem(menu, 'Reisen', { link_type: 'page', link: '/reisen' });
    await newItem(menu, 'Städte', { id_parent: trips, active: false });
    await newItem(menu, 'Kontakt');
    const copy = await post('/web/menu', { name: 'Vorlage (Kopie)', copyFrom: menu });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Vorlage (Kopie)', item_count: 3 });
    const copied = await itemsOf(copy.json().id);
    const copiedTrips = copied.find((item) => item.name === 'Reisen');
    expect(copiedTrips?.id).not.toBe(trips);
    expect(copied.find((item) => item.name === 'Städte')).toMatchObject({ id_parent: copiedTrips?.id, active: false });
    expect(copied.find((item) => item.name === 'Kontakt')).toMatchObject({ id_parent: null, position: 1 });
    expect(await itemsOf(menu)).toHaveLength(3);
  });

  it('serves an active menu with only its active items as a tree, with an ETag', async () => {
    const menu = await newMenu('Website');
    const trips = await newItem(menu, 'Reisen', { link_type: 'page', link: '/reisen' });
    await newItem(menu, 'Städte', { id_parent: trips });
    const hidden = await newItem(menu, 'Versteckt', { active: false });
    await newItem(menu, 'Darunter', { id_parent: hidden });
    await newItem(menu, 'Kontakt');
    const offline = await newMenu('Offline', false);
    const first = await t.app.inject({ method: 'GET', url: `/api/v1/website/menus/${menu}` });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { name: string; items: PublicItem[] };
    expect(body.name).toBe('Website');
    expect(body.items.map((item) => item.name)).toEqual(['Reisen', 'Kontakt']);
    expect(body.items[0]).toMatchObject({ link_type: 'page', link: '/reisen', children: [{ name: 'Städte' }] });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/website/menus/${menu}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/menu-item/${trips}`,
      payload: { name: 'Reiseangebot' },
    });
    const changed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/website/menus/${menu}`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/website/menus/${offline}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/website/menus/999999' })).statusCode).toBe(404);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/website/menus' });
    const names = (all.json() as Array<{ name: string }>).map((entry) => entry.name);
    expect(names).toContain('Website');
    expect(names).not.toContain('Offline');
    const allAgain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/menus',
      headers: { 'if-none-match': all.headers.etag as string },
    });
    expect(allAgain.statusCode).toBe(304);
  });

  it('needs the internet rights, not the shop rights', async () => {
    const menu = await newMenu('Rechte');
    const item = await newItem(menu, 'Eintrag');
    expect((await call(t.app, as.office, { method: 'DELETE', url: `/web/menu/${menu}` })).statusCode).toBe(403);
    expect((await call(t.app, as.office, { method: 'DELETE', url: `/web/menu-item/${item}` })).statusCode).toBe(403);
    for (const login of [as.shop, as.traveller]) {
      for (const url of [
        '/web/menu',
        '/web/menu/all',
        `/web/menu/${menu}`,
        `/web/menu/${menu}/items`,
        '/web/menu-item',
      ]) {
        expect((await call(t.app, login, { method: 'GET', url })).statusCode, url).toBe(403);
      }
      expect((await post('/web/menu', { name: 'Test' }, login)).statusCode).toBe(403);
      expect((await post('/web/menu-item', { id_web_menu: menu, name: 'Test' }, login)).statusCode).toBe(403);
      const order = await call(t.app, login, {
        method: 'PUT',
        url: `/web/menu/${menu}/items/order`,
        payload: { items: [{ id: item, id_parent: null, position: 0 }] },
      });
      expect(order.statusCode).toBe(403);
    }
    expect((await call(t.app, as.office, { method: 'GET', url: '/shop/product-group' })).statusCode).toBe(403);
  });
});
