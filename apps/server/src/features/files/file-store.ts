import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../../config.ts';

/**
 * Where the bytes of stored files live. Keys are made by the server (`newFileKey`), never taken from a user,
 * and every implementation refuses any other shape, so no key can reach outside its folder or prefix.
 */
export type FileStore = {
  readonly kind: FileStoreConfig['kind'];
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The bytes as a stream, or null when there is no such file. */
  get: (key: string) => Promise<Readable | null>;
  exists: (key: string) => Promise<boolean>;
  /** Removes the files; keys that do not exist are ignored. */
  delete: (keys: readonly string[]) => Promise<void>;
};

/** A generated key: a random UUID, an optional variant name and an extension, e.g. `3f…9a-thumb.webp`. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-[a-z]+)?\.[a-z0-9]{2,5}$/;

export const newFileBase = () => randomUUID();
export const fileKey = (base: string, variant: string | null, extension: string) =>
  `${base}${variant ? `-${variant}` : ''}.${extension}`;

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder, spread over 256 sub-folders by the key's first two characters. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, checkedKey(key).slice(0, 2), key);
  return {
    kind: 'local',
    put: async (key, body) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written next to its place and renamed, so a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    get: async (key) => {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    exists: async (key) =>
      stat(pathOf(key)).then(
        () => true,
        () => false,
      ),
    delete: async (keys) => {
      for (const key of keys) await rm(pathOf(key), { force: true });
    },
  };
}

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** Objects in an S3-compatible bucket (AWS, MinIO, Ceph, Hetzner, …), below an optional prefix. */
export function s3FileStore(config: S3Config, client = s3Client(config)): FileStore {
  const { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand } = s3Sdk();
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${checkedKey(key)}` : checkedKey(key));
  const missing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound;
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      );
    },
    get: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    delete: async (keys) => {
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: objectKey(key) })), Quiet: true },
        }),
      );
    },
  };
}

const require = createRequire(import.meta.url);
/** The S3 client library (about 30 MB), loaded only when the configuration names a bucket. */
const s3Sdk = () => require('@aws-sdk/client-s3') as typeof S3Sdk;

function s3Client(config: S3Config): S3Client {
  return new (s3Sdk().S3Client)({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}

/** The store the configuration names. */
export const openFileStore = (config: FileStoreConfig): FileStore =>
  config.kind === 's3' ? s3FileStore(config) : localFileStore(config.root);
