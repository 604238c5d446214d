import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { filesIn, noisyPng, plainPng, sidewaysJpegWithGps, uploadForm } from '../../../test/fixtures/images.ts';
import { sweepUnusedFiles } from './files.service.ts';

const LIMIT = 300_000;

describe('stored images: upload, delivery, refusals', () => {
  let t: TestApp;
  let office: string;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', config: { uploadLimitBytes: LIMIT } });
    office = await createLogin(t.ctx, 'office');
    root = t.config.fileStore.kind === 'local' ? t.config.fileStore.root : '';
  });
  afterAll(() => t.close());

  const upload = (form: FormData, as: string | null = office) =>
    call(t.app, as, { method: 'POST', url: '/files/images', payload: form });
  const storedCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('stored_file')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A destination whose picture the file is: that makes it public. */
  const attachAsPicture = (id: number) =>
    t.ctx.db
      .insertInto('jrn_destination')
      .values({ name: `Ziel ${id}`, id_picture: id })
      .execute();

  it('stores a PNG with a 400 px thumbnail and a 1600 px web size, delivered once attached', async () => {
    const response = await upload(
      uploadForm({ bytes: await plainPng(2000, 1000), name: 'Rügen Strand.png', type: 'image/png' }),
    );
    expect(response.statusCode).toBe(201);
    const image = response.json<StoredImage>();
    expect(image).toMatchObject({
      original_name: 'Rügen Strand.png',
      mime_type: 'image/png',
      width: 2000,
      height: 1000,
    });
    expect(await filesIn(root)).toHaveLength(3);

    // Not attached to anything yet: not public.
    expect((await call(t.app, null, { method: 'GET', url: image.thumbUrl })).statusCode).toBe(404);
    await attachAsPicture(image.id);

    const thumb = await call(t.app, null, {
      method: 'GET',
      url: image.thumbUrl,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(thumb.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Images are compressed already: sent as they are, with their length.
    expect(thumb.headers['content-encoding']).toBeUndefined();
    expect(Number(thumb.headers['content-length'])).toBe(thumb.rawPayload.length);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });

    const web = await call(t.app, null, { method: 'GET', url: image.url });
    expect(await sharp(web.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const original = await call(t.app, null, { method: 'GET', url: image.originalUrl });
    expect(original.headers['content-type']).toBe('image/png');
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ format: 'png', width: 2000, height: 1000 });

    const again = await call(t.app, null, {
      method: 'GET',
      url: image.thumbUrl,
      headers: { 'if-none-match': String(thumb.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('turns a JPEG upright by its EXIF orientation and removes its metadata (GPS, copyright)', async () => {
    const bytes = await sidewaysJpegWithGps(1200, 800);
    expect(await sharp(bytes).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const image = (await upload(uploadForm({ bytes, name: 'gardasee.jpg' }))).json<StoredImage>();
    expect(image).toMatchObject({ width: 800, height: 1200, mime_type: 'image/jpeg' });
    await attachAsPicture(image.id);
    for (const url of [image.originalUrl, image.url, image.thumbUrl]) {
      const metadata = await sharp((await call(t.app, null, { method: 'GET', url })).rawPayload).metadata();
      expect(metadata.exif, url).toBeUndefined();
      expect(metadata.orientation ?? 1, url).toBe(1);
      expect(metadata.height, url).toBeGreaterThan(metadata.width!);
    }
    const thumb = await sharp((await call(t.app, null, { method: 'GET', url: image.thumbUrl })).rawPayload).metadata();
    expect(thumb).toMatchObject({ width: 267, height: 400 });
    // Smaller than 1600 px: the web size is not enlarged.
    const web = await sharp((await call(t.app, null, { method: 'GET', url: image.url })).rawPayload).metadata();
    expect(web).toMatchObject({ width: 800, height: 1200 });
  });

  it('refuses what is not an image, whatever its name and declared type, and stores nothing', async () => {
    const before = { rows: await storedCount(), files: (await filesIn(root)).length };
    for (const bytes of ['just some text, not a picture', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const response = await upload(uploadForm({ bytes, name: 'urlaub.jpg', type: 'image/jpeg' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field: 'file', key: 'error.uploadType' }] });
    }
    // The start of a real JPEG, cut off: looks like one, does not decode.
    const cut = (await sidewaysJpegWithGps()).subarray(0, 400);
    const truncated = await upload(uploadForm({ bytes: cut, name: 'kaputt.jpg' }));
    expect(truncated.json()).toMatchObject({ errors: [{ field: 'file', key: 'error.uploadType' }] });
    expect({ rows: await storedCount(), files: (await filesIn(root)).length }).toEqual(before);
  });

  it('refuses a file over the size limit with error.uploadSize and stores nothing', async () => {
    const before = { rows: await storedCount(), files: (await filesIn(root)).length };
    const bytes = await noisyPng(600);
    expect(bytes.length).toBeGreaterThan(LIMIT);
    const response = await upload(uploadForm({ bytes, name: 'gross.png', type: 'image/png' }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      key: 'error.uploadSize',
      errors: [{ field: 'file', key: 'error.uploadSize' }],
    });
    expect({ rows: await storedCount(), files: (await filesIn(root)).length }).toEqual(before);
  });

  it('refuses file names with a path or control characters and stores nothing', async () => {
    const before = { rows: await storedCount(), files: (await filesIn(root)).length };
    const bytes = await plainPng(40, 40);
    for (const name of ['../x.png', 'a/b.png', 'C:\\x.png', 'x\u0001y.png', '..']) {
      const response = await upload(uploadForm({ bytes, name, type: 'image/png' }));
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ errors: [{ field: 'file', key: 'error.uploadName' }] });
    }
    expect({ rows: await storedCount(), files: (await filesIn(root)).length }).toEqual(before);
  });

  it('asks for a file, and for the internet rights', async () => {
    const empty = await upload(uploadForm(null, { note: 'no file' }));
    expect(empty.json()).toMatchObject({ errors: [{ field: 'file', key: 'error.empty' }] });
    const form = uploadForm({ bytes: await plainPng(40, 40), name: 'a.png', type: 'image/png' });
    expect((await upload(form, null)).statusCode).toBe(401);
    const traveller = await createLogin(t.ctx, 'traveller');
    expect((await upload(uploadForm({ bytes: await plainPng(40, 40), name: 'a.png' }), traveller)).statusCode).toBe(
      403,
    );
  });

  it('parses a form only on the routes that take an upload; the other routes refuse it with 415', async () => {
    const form = () => uploadForm({ bytes: Buffer.from('x'), name: 'a.txt', type: 'text/plain' });
    const refused = await call(t.app, office, { method: 'POST', url: '/customers', payload: form() });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ key: 'error.badRequest' });
    // The upload route itself still reads the form (and refuses a text file as no image).
    expect((await upload(form())).statusCode).toBe(400);
  });

  it('answers 404 for unknown files and 400 for unknown sizes', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/files/999999/thumb' })).statusCode).toBe(404);
    const response = await call(t.app, null, { method: 'GET', url: '/files/1/huge' });
    expect(response.statusCode).toBe(400);
  });

  it('sweeps files that nothing uses, and keeps attached ones', async () => {
    const loose = (await upload(uploadForm({ bytes: await plainPng(50, 50), name: 'lose.png' }))).json<StoredImage>();
    const kept = (await upload(uploadForm({ bytes: await plainPng(60, 60), name: 'fest.png' }))).json<StoredImage>();
    await attachAsPicture(kept.id);
    const filesBefore = (await filesIn(root)).length;
    // Only files older than the cut-off go: an earlier one removes nothing.
    expect(await sweepUnusedFiles(t.ctx, t.app.fileStore, '2000-01-01T00:00:00.000Z')).toBe(0);
    const removed = await sweepUnusedFiles(t.ctx, t.app.fileStore, new Date(Date.now() + 60_000).toISOString());
    expect(removed).toBeGreaterThanOrEqual(1);
    const ids = (await t.ctx.db.selectFrom('stored_file').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(loose.id);
    expect(ids).toContain(kept.id);
    expect((await filesIn(root)).length).toBe(filesBefore - 3 * removed);
    expect((await call(t.app, null, { method: 'GET', url: kept.thumbUrl })).statusCode).toBe(200);
  });
});
