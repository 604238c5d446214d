import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suitcase, SuitcaseItem } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { book } from '../../../test/agency-money.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';

const item = (id: string, text: string, overrides: Partial<SuitcaseItem> = {}): SuitcaseItem => ({
  id,
  text,
  category: 'clothes',
  quantity: 1,
  packed: false,
  ...overrides,
});

describe('travel-bag templates and the traveller suitcase', () => {
  let t: TestApp;
  const as = { admin: '', office: '', traveller: '', other: '' };
  let bookingId = 0;
  let foreignBooking = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    as.traveller = await createLogin(t.ctx, 'traveller');
    as.other = await createLogin(t.ctx, 'traveller');
    const departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-06-07' } });
    bookingId = (await book(t, as.office, departure.nr)).id;
    foreignBooking = (await book(t, as.office, departure.nr, { surname: 'Vogt' })).id;
    for (const [login, booking] of [
      [as.traveller, bookingId],
      [as.other, foreignBooking],
    ] as const) {
      await linkTraveller(t.ctx, {
        userId: await userId(login),
        bookingId: booking,
        relation: 'booker',
        status: 'confirmed',
      });
    }
  });
  afterAll(() => t.close());

  const createTemplate = async (short: string) => {
    const created = await call(t.app, as.admin, {
      method: 'POST',
      url: '/app/travelbagtemplates',
      payload: {
        short,
        items: [
          { text: 'Reisepass', category: 'documents', quantity: 1 },
          { text: 'T-Shirt', category: 'clothes', quantity: 5 },
          { text: 'Sonnencreme', category: 'toiletries', quantity: 1 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json() as { id: number; short: string; items: Array<{ text: string; quantity: number }> };
  };

  it('creates, lists, changes and deletes a travel-bag template', async () => {
    const template = await createTemplate('Busreise Sommer');
    expect(template).toMatchObject({ short: 'Busreise Sommer', item_count: 3, id_travelbagtemplates: template.id });
    const listed = await call(t.app, as.admin, { method: 'GET', url: '/app/travelbagtemplates?lit-search=sommer' });
    expect(listed.json().data.map((row: { id: number }) => row.id)).toEqual([template.id]);
    const changed = await call(t.app, as.admin, {
      method: 'PATCH',
      url: `/app/travelbagtemplates/${template.id}`,
      payload: { short: 'Städtereise Winter', items: [{ text: 'Mütze', category: 'clothes', quantity: 1 }] },
    });
    expect(changed.json()).toMatchObject({ short: 'Städtereise Winter', items: [{ text: 'Mütze' }], item_count: 1 });
    const invalid = await call(t.app, as.admin, {
      method: 'POST',
      url: '/app/travelbagtemplates',
      payload: { short: 'X', items: [{ text: '', category: 'shoes', quantity: 0 }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['short', 'items.0.text', 'items.0.category', 'items.0.quantity']),
    );
    expect(
      (await call(t.app, as.admin, { method: 'DELETE', url: `/app/travelbagtemplates/${template.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, as.admin, { method: 'GET', url: `/app/travelbagtemplates/${template.id}` })).statusCode,
    ).toBe(404);
  });

  it('needs the app-user management rights for templates', async () => {
    const template = await createTemplate('Wanderreise');
    for (const login of [as.traveller, as.office]) {
      expect((await call(t.app, login, { method: 'GET', url: '/app/travelbagtemplates' })).statusCode).toBe(403);
      const post = await call(t.app, login, {
        method: 'POST',
        url: '/app/travelbagtemplates',
        payload: { short: 'Test' },
      });
      expect(post.statusCode).toBe(403);
      const patch = await call(t.app, login, {
        method: 'PATCH',
        url: `/app/travelbagtemplates/${template.id}`,
        payload: { short: 'Test' },
      });
      expect(patch.statusCode).toBe(403);
      const del = await call(t.app, login, { method: 'DELETE', url: `/app/travelbagtemplates/${template.id}` });
      expect(del.statusCode).toBe(403);
    }
  });

  it('starts a list from a template, ticks, adds and removes items, and refuses a stale version', async () => {
    const template = await createTemplate('Busreise Sommer');
    const empty = await call(t.app, as.traveller, { method: 'GET', url: `/users-vorgaenge/${bookingId}/suitcase` });
    expect(empty.json()).toEqual({ bookingId, version: 0, items: [] });
    const choices = await call(t.app, as.traveller, {
      method: 'GET',
      url: `/users-vorgaenge/${bookingId}/suitcase/templates`,
    });
    const choice = (choices.json() as Array<{ id: number; items: Array<Omit<SuitcaseItem, 'id' | 'packed'>> }>).find(
      (row) => row.id === template.id,
    )!;
    expect(choice.items.map((row) => row.text)).toEqual(['Reisepass', 'T-Shirt', 'Sonnencreme']);
    // The phone turns the template into items with ids of its own.
    const fromTemplate = choice.items.map((row, index) => ({
      op: 'add',
      item: { ...row, id: `t${index}`, packed: false },
    }));
    const started = await call(t.app, as.traveller, {
      method: 'POST',
      url: `/users-vorgaenge/${bookingId}/suitcase/sync`,
      payload: { version: 0, changes: fromTemplate },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ version: 1, items: [{ id: 't0', text: 'Reisepass' }, {}, {}] });

    const edited = await call(t.app, as.traveller, {
      method: 'POST',
      url: `/users-vorgaenge/${bookingId}/suitcase/sync`,
      payload: {
        version: 1,
        changes: [
          { op: 'pack', id: 't0', packed: true },
          { op: 'add', item: item('own-1', 'Ladekabel', { category: 'electronics' }) },
          { op: 'remove', id: 't2' },
        ],
      },
    });
    expect(edited.json().version).toBe(2);
    const stored = (
      await call(t.app, as.traveller, { method: 'GET', url: `/users-vorgaenge/${bookingId}/suitcase` })
    ).json() as Suitcase;
    expect(stored.version).toBe(2);
    expect(stored.items.map((row) => [row.id, row.text, row.packed])).toEqual([
      ['t0', 'Reisepass', true],
      ['t1', 'T-Shirt', false],
      ['own-1', 'Ladekabel', false],
    ]);

    // A second phone still on version 1: nothing written, the server's list comes back.
    const stale = await call(t.app, as.traveller, {
      method: 'POST',
      url: `/users-vorgaenge/${bookingId}/suitcase/sync`,
      payload: { version: 1, changes: [{ op: 'pack', id: 't1', packed: true }] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ key: 'error.syncConflict', suitcase: { version: 2, items: stored.items } });
    const after = await call(t.app, as.traveller, { method: 'GET', url: `/users-vorgaenge/${bookingId}/suitcase` });
    expect(after.json()).toEqual(stored);
  });

  it('answers 404 for another traveller’s booking and 403 without the suitcase rights', async () => {
    for (const request of [
      { method: 'GET' as const, url: `/users-vorgaenge/${foreignBooking}/suitcase` },
      { method: 'GET' as const, url: `/users-vorgaenge/${foreignBooking}/suitcase/templates` },
      {
        method: 'POST' as const,
        url: `/users-vorgaenge/${foreignBooking}/suitcase/sync`,
        payload: { version: 0, changes: [{ op: 'add', item: item('x', 'Schal') }] },
      },
    ]) {
      expect((await call(t.app, as.traveller, request)).statusCode).toBe(404);
    }
    const theirs = await call(t.app, as.other, { method: 'GET', url: `/users-vorgaenge/${foreignBooking}/suitcase` });
    expect(theirs.json()).toEqual({ bookingId: foreignBooking, version: 0, items: [] });
    expect(
      (await call(t.app, as.office, { method: 'GET', url: `/users-vorgaenge/${bookingId}/suitcase` })).statusCode,
    ).toBe(403);
    const bad = await call(t.app, as.traveller, {
      method: 'POST',
      url: `/users-vorgaenge/${bookingId}/suitcase/sync`,
      payload: { version: 0, changes: [{ op: 'pack', id: 'bad id!', packed: true }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
