import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '@tourdesk/contracts';
import type { FileStoreConfig } from '../src/config.ts';
import { fileKey, newFileBase, s3FileStore } from '../src/features/files/file-store.ts';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';
import { plainPng, uploadForm } from './fixtures/images.ts';

/** The S3 file store against s3rver, an S3 server started by the test (no cloud account, no network). */
describe('S3 file store', () => {
  let server: S3rver;
  let directory: string;
  let config: Extract<FileStoreConfig, { kind: 's3' }>;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'tourdesk-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'tourdesk' }],
    });
    const { port } = await server.run();
    config = {
      kind: 's3',
      bucket: 'tourdesk',
      prefix: 'uploads',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-central-1',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('puts, reads, checks and deletes objects', async () => {
    const store = s3FileStore(config);
    const key = fileKey(newFileBase(), 'thumb', 'webp');
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('Rügen, Kap Arkona'), 'text/plain');
    expect(await store.exists(key)).toBe(true);
    expect(await text((await store.get(key))!)).toBe('Rügen, Kap Arkona');
    await store.delete([key, fileKey(newFileBase(), null, 'jpg')]);
    expect(await store.exists(key)).toBe(false);
  });

  it('refuses keys it did not make', async () => {
    const store = s3FileStore(config);
    for (const key of ['../secret.jpg', 'a/b.jpg', 'photo.jpg', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a file store key/);
    }
  });

  describe('as the app’s store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ seed: 'defaults', config: { fileStore: config } });
    });
    afterAll(() => t.close());

    it('uploads an image into the bucket and delivers its sizes from there', async () => {
      expect(t.app.fileStore.kind).toBe('s3');
      const office = await createLogin(t.ctx, 'office');
      const response = await call(t.app, office, {
        method: 'POST',
        url: '/files/images',
        payload: uploadForm({ bytes: await plainPng(1000, 500), name: 'Elbe.png', type: 'image/png' }),
      });
      expect(response.statusCode).toBe(201);
      const image = response.json<StoredImage>();
      const row = await t.ctx.db
        .selectFrom('stored_file')
        .select(['storage_key'])
        .where('id', '=', image.id)
        .executeTakeFirstOrThrow();
      expect(await t.app.fileStore.exists(row.storage_key)).toBe(true);

      await t.ctx.db.insertInto('jrn_destination').values({ name: 'Dresden', id_picture: image.id }).execute();
      const thumb = await call(t.app, null, { method: 'GET', url: image.thumbUrl });
      expect(thumb.statusCode).toBe(200);
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });
    });
  });
});
