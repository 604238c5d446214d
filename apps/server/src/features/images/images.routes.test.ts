import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, ImageHistoryEntry, ImageLibrary, JourneyImage, LibraryItem } from '@tourdesk/contracts';
import { createJourneyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { filesIn, uploadForm } from '../../../test/fixtures/images.ts';
import { sweepUnusedFiles } from '../files/files.service.ts';
import { DEMO_IMAGE_LIBRARY, seedDemoImages } from '../../seed/demo-images.ts';

const crud = { read: true, create: true, update: true, delete: true };

/** A PNG of its own: a gradient-free colour from `seed`, so every call gives different bytes. */
const pngOf = (seed: number, width = 600, height = 400) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .png()
    .toBuffer();

describe('image database: libraries, items, trash, history', () => {
  let t: TestApp;
  let root: string;
  let editor: string; // imagedb CRUD, no shared right
  let sharer: string; // imagedb CRUD + shared
  let reader: string; // imagedb read only
  let office: string; // no imagedb right
  let admin: string;
  let editorId: number;

  const loginWith = async (access: Access) => {
    const role = await createRoleFixture(t.ctx, `img-role-${nextSequence()}`, { admin: false, access });
    const email = `img-${nextSequence()}@test.example`;
    const user = await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles });
    return { email, id: user.id };
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    root = t.config.fileStore.kind === 'local' ? t.config.fileStore.root : '';
    const ed = await loginWith({ imagedb: crud, internet: { read: true, create: true, update: true } });
    editor = ed.email;
    editorId = ed.id;
    sharer = (await loginWith({ imagedb: { ...crud, shared: true } })).email;
    reader = (await loginWith({ imagedb: { read: true } })).email;
    office = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  const createLibrary = async (as: string, name: string, type: string) => {
    const response = await call(t.app, as, { method: 'POST', url: '/img/library', payload: { name, type } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ImageLibrary>();
  };
  const upload = (as: string | null, library: number, bytes: Buffer, name = 'bild.png', fields = {}) =>
    call(t.app, as, {
      method: 'POST',
      url: '/img/library-item',
      payload: uploadForm({ bytes, name, type: 'image/png' }, { id_img_library: library, ...fields }),
    });
  const uploaded = async (as: string, library: number, seed: number, name = `bild-${seed}.png`) => {
    const response = await upload(as, library, await pngOf(seed), name);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LibraryItem>();
  };
  const history = async (query = '') =>
    (await call(t.app, admin, { method: 'GET', url: `/img/history?$limit=100${query}` })).json<{
      total: number;
      data: ImageHistoryEntry[];
    }>();
  const storedFileExists = async (id: number) =>
    (await t.ctx.db.selectFrom('stored_file').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('creates libraries; a personal one is seen only by its owner, shared ones need imagedb-shared', async () => {
    const mine = await createLibrary(editor, 'Meine Bilder', 'personal');
    expect(mine).toMatchObject({ type: 'personal', item_count: 0, trash_count: 0 });
    const common = await createLibrary(editor, 'Reisebilder Test', 'library');
    // A shared library needs the shared right to create.
    expect(
      (await call(t.app, editor, { method: 'POST', url: '/img/library', payload: { name: 'Team', type: 'shared' } }))
        .statusCode,
    ).toBe(403);
    const shared = await createLibrary(sharer, 'Team', 'shared');

    const namesFor = async (as: string) =>
      (await call(t.app, as, { method: 'GET', url: '/img/library/all' })).json<ImageLibrary[]>().map((l) => l.id);
    expect(await namesFor(editor)).toEqual(expect.arrayContaining([mine.id, common.id]));
    expect(await namesFor(editor)).not.toContain(shared.id);
    expect(await namesFor(sharer)).toEqual(expect.arrayContaining([common.id, shared.id]));
    expect(await namesFor(sharer)).not.toContain(mine.id);
    // Not even an admin sees someone else's personal library.
    expect(await namesFor(admin)).not.toContain(mine.id);
    expect((await call(t.app, sharer, { method: 'GET', url: `/img/library/${mine.id}` })).statusCode).toBe(404);
    expect((await call(t.app, editor, { method: 'GET', url: `/img/library/${shared.id}` })).statusCode).toBe(404);

    const page = await call(t.app, editor, { method: 'GET', url: '/img/library?$limit=1' });
    expect(page.json()).toMatchObject({ limit: 1, skip: 0, data: [expect.any(Object)] });

    const renamed = await call(t.app, editor, {
      method: 'PATCH',
      url: `/img/library/${common.id}`,
      payload: { name: 'Reisebilder Neu' },
    });
    expect(renamed.json<ImageLibrary>().name).toBe('Reisebilder Neu');
    expect(
      (await call(t.app, editor, { method: 'PUT', url: `/img/library/${common.id}`, payload: { name: '' } })).json(),
    ).toMatchObject({ statusCode: 400, errors: [{ field: 'name', key: 'error.empty' }] });
    expect(
      (await call(t.app, editor, { method: 'POST', url: '/img/library', payload: { name: 'X1', type: 'other' } }))
        .statusCode,
    ).toBe(400);

    const empty = await createLibrary(editor, 'Leer', 'trip');
    expect((await call(t.app, editor, { method: 'DELETE', url: `/img/library/${empty.id}` })).statusCode).toBe(200);
    expect((await call(t.app, editor, { method: 'GET', url: `/img/library/${empty.id}` })).statusCode).toBe(404);
  });

  it('needs the imagedb rights on every route, and a login for the staff file route', async () => {
    const library = await createLibrary(editor, `Rechte ${nextSequence()}`, 'library');
    const item = await uploaded(editor, library.id, 1);
    for (const url of ['/img/library', '/img/library/all', '/img/library-item', `/img/library-item/${item.id}`]) {
      expect((await call(t.app, office, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await call(t.app, reader, { method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await call(t.app, office, { method: 'GET', url: '/img/history' })).statusCode).toBe(403);
    expect((await call(t.app, reader, { method: 'GET', url: '/img/upload-config' })).statusCode).toBe(403);
    expect((await call(t.app, editor, { method: 'GET', url: '/img/upload-config' })).json()).toEqual({
      maxBytes: t.config.uploadLimitBytes,
      maxFiles: 20,
      types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    });
    expect((await upload(reader, library.id, await pngOf(2))).statusCode).toBe(403);
    expect(
      (await call(t.app, reader, { method: 'PATCH', url: `/img/library-item/${item.id}`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, reader, { method: 'DELETE', url: `/img/library-item/${item.id}` })).statusCode).toBe(403);
    expect(
      (await call(t.app, reader, { method: 'POST', url: '/img/library', payload: { name: 'Neu', type: 'library' } }))
        .statusCode,
    ).toBe(403);

    // The staff file route: 401 without a login, 403 without the right, the bytes with it.
    expect((await call(t.app, null, { method: 'GET', url: item.thumbUrl })).statusCode).toBe(401);
    expect((await call(t.app, office, { method: 'GET', url: item.thumbUrl })).statusCode).toBe(403);
    const thumb = await call(t.app, reader, { method: 'GET', url: item.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=86400');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 400, height: 267 });
    const original = await call(t.app, reader, { method: 'GET', url: item.originalUrl });
    expect(original.headers['content-type']).toBe('image/png');
    const again = await call(t.app, reader, {
      method: 'GET',
      url: item.thumbUrl,
      headers: { 'if-none-match': String(thumb.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(
      (await call(t.app, reader, { method: 'GET', url: `/img/library-item/${item.id}/file/huge` })).statusCode,
    ).toBe(400);
    // Not public: the generic file route does not deliver a library image.
    expect((await call(t.app, null, { method: 'GET', url: `/files/${item.id_stored_file}/thumb` })).statusCode).toBe(
      404,
    );

    // Items of a personal library are invisible to others, their files too.
    const personal = await createLibrary(editor, 'Privat', 'personal');
    const hidden = await uploaded(editor, personal.id, 3);
    expect((await call(t.app, sharer, { method: 'GET', url: `/img/library-item/${hidden.id}` })).statusCode).toBe(404);
    expect((await call(t.app, sharer, { method: 'GET', url: hidden.thumbUrl })).statusCode).toBe(404);
    const listed = await call(t.app, sharer, { method: 'GET', url: `/img/library-item?id_img_library=${personal.id}` });
    expect(listed.json()).toMatchObject({ total: 0 });
    expect((await upload(sharer, personal.id, await pngOf(4))).json()).toMatchObject({
      statusCode: 400,
      errors: [{ field: 'id_img_library', key: 'error.notFound' }],
    });
  });

  it('uploads with dimensions and ratio, lists, searches, edits', async () => {
    const library = await createLibrary(editor, `Upload ${nextSequence()}`, 'library');
    const response = await upload(editor, library.id, await pngOf(10, 900, 600), 'Rügen Strand.png', {
      description: 'Kreidefelsen im Abendlicht',
      copyright: 'Tourdesk',
    });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<LibraryItem>();
    expect(item).toMatchObject({
      id_img_library: library.id,
      name: 'Rügen Strand',
      original_name: 'Rügen Strand.png',
      description: 'Kreidefelsen im Abendlicht',
      copyright: 'Tourdesk',
      width: 900,
      height: 600,
      ratio: '3:2',
      licence_state: 'none',
      deleted_at: null,
      created_by: editorId,
      thumbUrl: `/api/v1/img/library-item/${item.id}/file/thumb`,
      url: `/api/v1/img/library-item/${item.id}/file/web`,
    });
    expect((await uploaded(editor, library.id, 11, 'Hafen.png')).ratio).toBe('3:2');
    const odd = await upload(editor, library.id, await pngOf(12, 1001, 500), 'Panorama.png');
    expect(odd.json<LibraryItem>().ratio).toBe('2.00:1');

    const list = async (query: string) =>
      (
        await call(t.app, reader, { method: 'GET', url: `/img/library-item?id_img_library=${library.id}&${query}` })
      ).json<{ total: number; data: LibraryItem[] }>();
    expect((await list('')).total).toBe(3);
    expect((await list('lit-search=kreidefelsen')).data.map((row) => row.id)).toEqual([item.id]);
    expect((await list('q=hafen')).data.map((row) => row.name)).toEqual(['Hafen']);
    expect((await list('lit-search=panorama.png')).total).toBe(1);
    expect((await list('lit-search=100%25')).total).toBe(0);
    expect((await list('$sort[name]=1&$limit=2')).data.map((row) => row.name)).toEqual(['Hafen', 'Panorama']);
    expect((await call(t.app, reader, { method: 'GET', url: '/img/library-item?nonsense=1' })).json()).toMatchObject({
      statusCode: 400,
      errors: [{ field: 'nonsense', key: 'error.invalidFilter' }],
    });

    const edited = await call(t.app, editor, {
      method: 'PATCH',
      url: `/img/library-item/${item.id}`,
      payload: { name: 'Rügen', description: '', copyright: 'Foto: A. Fischer' },
    });
    expect(edited.json<LibraryItem>()).toMatchObject({
      name: 'Rügen',
      description: null,
      copyright: 'Foto: A. Fischer',
    });
    expect(
      (await call(t.app, editor, { method: 'PUT', url: `/img/library-item/${item.id}`, payload: { name: '' } })).json(),
    ).toMatchObject({ statusCode: 400, errors: [{ field: 'name', key: 'error.empty' }] });
    expect((await call(t.app, editor, { method: 'GET', url: '/img/library-item/999999' })).statusCode).toBe(404);

    const rows = (await history()).data.filter((row) => row.id_img_library_item === item.id);
    expect(rows.map((row) => row.action)).toEqual(['updated', 'uploaded']);
    expect(rows[0]).toMatchObject({ user_id: editorId, item_name: 'Rügen', user_name: expect.any(String) });
    // Capital umlauts are found in lower case on both engines (SQLite's lower() folds only A–Z).
    const described = await call(t.app, editor, {
      method: 'PATCH',
      url: `/img/library-item/${item.id}`,
      payload: { description: 'ÜBERFAHRT nach Hiddensee' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await list(`lit-search=${encodeURIComponent('Überfahrt')}`)).data.map((row) => row.id)).toEqual([item.id]);
  });

  it('refuses the same bytes twice in one library (also in the trash), allows them in another', async () => {
    const first = await createLibrary(editor, `Dubletten ${nextSequence()}`, 'library');
    const second = await createLibrary(editor, `Andere ${nextSequence()}`, 'library');
    const bytes = await pngOf(20);
    expect((await upload(editor, first.id, bytes, 'a.png')).statusCode).toBe(201);
    const again = await upload(editor, first.id, bytes, 'b.png');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      key: 'error.imageExists',
      errors: [{ field: 'file', key: 'error.imageExists' }],
    });
    const elsewhere = await upload(editor, second.id, bytes, 'a.png');
    expect(elsewhere.statusCode).toBe(201);
    await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${elsewhere.json<LibraryItem>().id}` });
    expect((await upload(editor, second.id, bytes, 'c.png')).json()).toMatchObject({ key: 'error.imageExists' });

    // The upload messages of spec §5.
    expect((await upload(editor, first.id, Buffer.from('not an image'), 'x.png')).json()).toMatchObject({
      errors: [{ field: 'file', key: 'error.uploadType' }],
    });
    expect(
      (
        await call(t.app, editor, {
          method: 'POST',
          url: '/img/library-item',
          payload: uploadForm(null, { id_img_library: first.id }),
        })
      ).json(),
    ).toMatchObject({ statusCode: 400, errors: [{ field: 'file', key: 'error.empty' }] });
    expect(
      (
        await call(t.app, editor, {
          method: 'POST',
          url: '/img/library-item',
          payload: uploadForm({ bytes, name: 'd.png' }, { id_img_library: 'x' }),
        })
      ).json(),
    ).toMatchObject({ statusCode: 400, errors: [{ field: 'id_img_library' }] });
  });

  it('trashes, restores, deletes for good (row and file gone) and empties the trash', async () => {
    const library = await createLibrary(editor, `Papierkorb ${nextSequence()}`, 'library');
    const item = await uploaded(editor, library.id, 30);
    const filesBefore = (await filesIn(root)).length;

    const trashed = await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${item.id}` });
    expect(trashed.json<LibraryItem>().deleted_at).toEqual(expect.any(String));
    const listed = async (trash: boolean) =>
      (
        await call(t.app, editor, {
          method: 'GET',
          url: `/img/library-item?id_img_library=${library.id}${trash ? '&trash=true' : ''}`,
        })
      )
        .json<{ data: LibraryItem[] }>()
        .data.map((row) => row.id);
    expect(await listed(false)).toEqual([]);
    expect(await listed(true)).toEqual([item.id]);
    expect((await call(t.app, editor, { method: 'GET', url: `/img/library/${library.id}` })).json()).toMatchObject({
      item_count: 0,
      trash_count: 1,
    });

    const restored = await call(t.app, editor, { method: 'POST', url: `/img/library-item/${item.id}/restore` });
    expect(restored.json<LibraryItem>().deleted_at).toBeNull();
    expect(await listed(false)).toEqual([item.id]);

    const gone = await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${item.id}?permanent=true` });
    expect(gone.statusCode).toBe(200);
    expect((await call(t.app, editor, { method: 'GET', url: `/img/library-item/${item.id}` })).statusCode).toBe(404);
    expect(await storedFileExists(item.id_stored_file)).toBe(false);
    expect((await filesIn(root)).length).toBe(filesBefore - 3);
    const actions = (await history()).data.filter((row) => row.item_name === item.name).map((row) => row.action);
    expect(actions).toEqual(['deleted', 'restored', 'trashed', 'uploaded']);
    // Deleted for good: the history keeps the name, without the item.
    expect((await history('&action=deleted')).data.find((row) => row.item_name === item.name)).toMatchObject({
      id_img_library_item: null,
    });

    const a = await uploaded(editor, library.id, 31);
    const b = await uploaded(editor, library.id, 32);
    await uploaded(editor, library.id, 33);
    for (const entry of [a, b]) await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${entry.id}` });
    const emptied = await call(t.app, editor, { method: 'DELETE', url: `/img/library/${library.id}/trash` });
    expect(emptied.json()).toEqual({ deleted: 2, kept: 0 });
    expect(await listed(true)).toEqual([]);
    expect(await listed(false)).toHaveLength(1);
    // A library with images cannot be deleted.
    expect((await call(t.app, editor, { method: 'DELETE', url: `/img/library/${library.id}` })).statusCode).toBe(409);
  });

  it('picks library images for a journey and a destination: same stored file, used history, usage blocks', async () => {
    const library = await createLibrary(editor, `Reise ${nextSequence()}`, 'library');
    const item = await uploaded(editor, library.id, 40);
    const other = await uploaded(editor, library.id, 41);
    const journey = (
      await createJourneyFixture(t.ctx, nextSequence(), { title: 'Gardasee Bildtest', accommodations: [] })
    ).id;

    // Without imagedb-read the journey right is not enough.
    const officeTry = await call(t.app, office, {
      method: 'POST',
      url: '/journey/files/from-library',
      payload: { journey, items: [item.id] },
    });
    expect(officeTry.statusCode).toBe(403);
    expect(
      (
        await call(t.app, editor, {
          method: 'POST',
          url: '/journey/files/from-library',
          payload: { journey, items: [999999] },
        })
      ).json(),
    ).toMatchObject({ statusCode: 400, errors: [{ field: 'items', key: 'error.notFound' }] });

    const picked = await call(t.app, editor, {
      method: 'POST',
      url: '/journey/files/from-library',
      payload: { journey, items: [item.id] },
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const [image] = picked.json<JourneyImage[]>();
    expect(image!.url).toBe(`/api/v1/files/${item.id_stored_file}/web`);
    // Now public, as a journey image.
    expect((await call(t.app, null, { method: 'GET', url: image!.thumbUrl })).statusCode).toBe(200);

    const destination = await call(t.app, editor, {
      method: 'POST',
      url: '/journey/destination',
      payload: { name: 'Gardasee Bildziel', picture_library_item: other.id },
    });
    expect(destination.statusCode, destination.body).toBe(201);
    expect(destination.json()).toMatchObject({ picture: other.id_stored_file });
    // A trashed image cannot be picked; an update picks too.
    const spare = await uploaded(editor, library.id, 42);
    await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${spare.id}` });
    const destinationId = destination.json<{ id: number }>().id;
    expect(
      (
        await call(t.app, editor, {
          method: 'PATCH',
          url: `/journey/destination/${destinationId}`,
          payload: { picture_library_item: spare.id },
        })
      ).json(),
    ).toMatchObject({ statusCode: 400, errors: [{ field: 'picture_library_item', key: 'error.notFound' }] });
    await call(t.app, editor, { method: 'POST', url: `/img/library-item/${spare.id}/restore` });
    const repicked = await call(t.app, editor, {
      method: 'PATCH',
      url: `/journey/destination/${destinationId}`,
      payload: { picture_library_item: spare.id },
    });
    expect(repicked.json()).toMatchObject({ picture: spare.id_stored_file });
    await call(t.app, editor, {
      method: 'PATCH',
      url: `/journey/destination/${destinationId}`,
      payload: { picture_library_item: other.id },
    });

    const used = (await history('&action=used')).data.filter((row) =>
      [item.id, other.id].includes(row.id_img_library_item ?? 0),
    );
    expect([...new Set(used.map((row) => row.detail))].sort()).toEqual([
      `destination ${destination.json<{ id: number }>().id}`,
      `journey ${journey}`,
    ]);

    // Trashing or deleting a used image answers 409 with where it is used.
    const refused = await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${item.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'error.imageInUse',
      usage: { journey: [{ id: journey, title: 'Gardasee Bildtest' }] },
    });
    expect(refused.json<{ message: string }>().message).toContain('Gardasee Bildtest');
    const usage = await call(t.app, editor, { method: 'GET', url: `/img/library-item/${item.id}/usage` });
    expect(usage.json()).toEqual([{ kind: 'journey', id: journey, label: 'Gardasee Bildtest', holds_file: true }]);
    expect(
      (await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${other.id}?permanent=true` })).json(),
    ).toMatchObject({ statusCode: 409, usage: { destination: [{ title: 'Gardasee Bildziel' }] } });

    // Anyway: the journey keeps its image (the stored file stays while it is used).
    expect(
      (await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${item.id}?force=true` })).statusCode,
    ).toBe(200);
    const deleted = await call(t.app, editor, {
      method: 'DELETE',
      url: `/img/library-item/${item.id}?permanent=true&force=true`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, editor, { method: 'GET', url: `/img/library-item/${item.id}` })).statusCode).toBe(404);
    expect(await storedFileExists(item.id_stored_file)).toBe(true);
    expect((await call(t.app, null, { method: 'GET', url: image!.url })).statusCode).toBe(200);
  });

  it('the sweeper keeps image database files', async () => {
    const library = await createLibrary(editor, `Sweeper ${nextSequence()}`, 'library');
    const item = await uploaded(editor, library.id, 50);
    await call(t.app, editor, { method: 'DELETE', url: `/img/library-item/${item.id}` });
    await sweepUnusedFiles(t.ctx, t.app.fileStore, new Date(Date.now() + 60_000).toISOString());
    expect(await storedFileExists(item.id_stored_file)).toBe(true);
    expect((await call(t.app, editor, { method: 'GET', url: item.originalUrl })).statusCode).toBe(200);
  });

  it('pages and filters the history by action, user and day', async () => {
    const all = await history();
    expect(all.total).toBeGreaterThan(5);
    const uploads = await history('&action=uploaded');
    expect(uploads.data.every((row) => row.action === 'uploaded')).toBe(true);
    const byEditor = await history(`&user_id=${editorId}`);
    expect(byEditor.data.every((row) => row.user_id === editorId)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(`&from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await history('&to=2000-01-01')).total).toBe(0);
    const paged = await call(t.app, admin, { method: 'GET', url: '/img/history?$limit=2&$skip=1' });
    expect(paged.json()).toMatchObject({ limit: 2, skip: 1, total: all.total });
    expect(paged.json<{ data: unknown[] }>().data).toHaveLength(2);
    for (const query of ['action=eaten', 'from=yesterday', 'user_id=abc', '$limit=0']) {
      expect((await call(t.app, admin, { method: 'GET', url: `/img/history?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('seeds the demo library "Reisebilder" with six generated images once', async () => {
    expect(await seedDemoImages(t.ctx, t.app.fileStore)).toBe(true);
    expect(await seedDemoImages(t.ctx, t.app.fileStore)).toBe(false);
    const library = (await call(t.app, reader, { method: 'GET', url: '/img/library/all' }))
      .json<ImageLibrary[]>()
      .find((entry) => entry.name === DEMO_IMAGE_LIBRARY);
    expect(library).toMatchObject({ type: 'library', item_count: 6 });
    const items = (
      await call(t.app, reader, { method: 'GET', url: `/img/library-item?id_img_library=${library!.id}` })
    ).json<{ data: LibraryItem[] }>().data;
    expect(new Set(items.map((item) => item.ratio))).toEqual(new Set(['3:2', '16:9', '1:1', '2:3', '12:5', '4:3']));
  });
});
