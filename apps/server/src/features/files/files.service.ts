import { createRequire } from 'node:module';
import type { default as SharpFunction, Sharp, SharpOptions } from 'sharp';
import type { FileVariant, StoredImage } from '@tourdesk/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { nowIso, parseJson } from '../../db/dialect.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { uploadTooLarge, type UploadedFile } from '../../lib/upload.ts';
import type { DbContext } from '../../types.ts';
import { fileKey, newFileBase, type FileStore } from './file-store.ts';
import {
  deleteUnreferencedStoredFiles,
  findAttachedStoredFile,
  findStoredFile,
  findUnreferencedStoredFileIds,
  insertStoredFile,
} from './files.repository.ts';

export type { FileStore } from './file-store.ts';

const require = createRequire(import.meta.url);
let sharpModule: typeof SharpFunction | null = null;
/** sharp and libvips (about 25 MB), loaded with the first upload. */
const sharp = (input: Buffer, options: SharpOptions): Sharp =>
  (sharpModule ??= require('sharp') as typeof SharpFunction)(input, options);

/** Longest side of the generated sizes, in pixels. */
export const VARIANT_SIZES = { thumb: 400, web: 1600 } as const;
type GeneratedVariant = keyof typeof VARIANT_SIZES;

/** Larger images (decompression bombs included) are refused before they are decoded: 100 megapixels. */
const MAX_INPUT_PIXELS = 100_000_000;

/** The image formats accepted, by what sharp reads from the bytes (never by name or declared type). */
const ACCEPTED_FORMATS: Record<string, { mime: string; extension: string }> = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
  gif: { mime: 'image/gif', extension: 'gif' },
  avif: { mime: 'image/avif', extension: 'avif' },
};

type VariantInfo = { key: string; width: number; height: number; size: number };
type Variants = Partial<Record<GeneratedVariant, VariantInfo>>;

/** An upload checked and converted, ready to store: the cleaned original and its generated sizes. */
export type PreparedImage = {
  originalName: string;
  mime: string;
  width: number;
  height: number;
  files: Array<{ key: string; body: Buffer; contentType: string }>;
  storageKey: string;
  variants: Variants;
  size: number;
};

/**
 * A file name as a browser sends it: a plain name, no folders (`../x.jpg`, `a/b.jpg`, `C:\x.jpg`), no control
 * characters, not only dots, at most 255 characters. The name is only ever shown, never used as a path.
 */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  const refused = /[/\\\u0000-\u001f\u007f]/.test(name) || /^\.+$/.test(trimmed) || trimmed === '';
  if (refused || trimmed.length > 255) throw invalidField('file', 'error.uploadName');
  return trimmed;
}

/** The format the bytes really are, if it is one of the accepted image formats. */
async function detectFormat(buffer: Buffer): Promise<{ mime: string; extension: string } | null> {
  try {
    const metadata = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const format =
      metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : (metadata.format as string | undefined);
    return (format && ACCEPTED_FORMATS[format]) || null;
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw uploadTooLarge();
    return null;
  }
}

/** The original, turned upright by its EXIF orientation and written again without metadata (EXIF, GPS, XMP). */
function cleanOriginal(image: Sharp, extension: string): Sharp {
  if (extension === 'jpg') return image.jpeg({ quality: 90, mozjpeg: true });
  if (extension === 'png') return image.png();
  if (extension === 'webp') return image.webp({ quality: 90 });
  if (extension === 'gif') return image.gif();
  return image.avif({ quality: 60 });
}

/**
 * Checks an uploaded image and makes its sizes: the name must be plain (`error.uploadName`), the bytes a JPEG,
 * PNG, WebP, GIF or AVIF (`error.uploadType`); then a 400 px thumbnail and a 1600 px web size in WebP, and the
 * original without metadata, all upright. Nothing is stored yet.
 */
export async function prepareImage(file: UploadedFile): Promise<PreparedImage> {
  const originalName = checkFileName(file.filename);
  const format = await detectFormat(file.buffer);
  if (!format) throw invalidField('file', 'error.uploadType');
  const base = newFileBase();
  const input = () => sharp(file.buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const [original, ...sized] = await Promise.all([
      cleanOriginal(input(), format.extension).toBuffer({ resolveWithObject: true }),
      ...(Object.keys(VARIANT_SIZES) as GeneratedVariant[]).map(async (variant) => {
        const edge = VARIANT_SIZES[variant];
        const result = await input()
          .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { variant, key: fileKey(base, variant, 'webp'), ...result };
      }),
    ]);
    const storageKey = fileKey(base, null, format.extension);
    const variants: Variants = {};
    for (const { variant, key, info } of sized) {
      variants[variant] = { key, width: info.width, height: info.height, size: info.size };
    }
    return {
      originalName,
      mime: format.mime,
      width: original.info.width,
      height: original.info.height,
      storageKey,
      variants,
      size: original.info.size,
      files: [
        { key: storageKey, body: original.data, contentType: format.mime },
        ...sized.map(({ key, data }) => ({ key, body: data, contentType: 'image/webp' })),
      ],
    };
  } catch {
    // Bytes that start like an image but do not decode (truncated, corrupt).
    throw invalidField('file', 'error.uploadType');
  }
}

/**
 * Stores a prepared image: its files first, then — in one transaction — its `stored_file` row and whatever
 * `attach` writes with the new id (e.g. a journey image row). When the transaction fails the files are removed
 * again, so a refused or failed upload leaves neither a row nor a file.
 */
export async function saveImage<T>(
  ctx: DbContext,
  store: FileStore,
  image: PreparedImage,
  createdBy: number | null,
  attach: (trx: DbContext, fileId: number) => Promise<T>,
): Promise<T> {
  const keys = image.files.map((file) => file.key);
  try {
    await Promise.all(image.files.map((file) => store.put(file.key, file.body, file.contentType)));
    return await inTransaction(ctx, async (trx) => {
      const fileId = await insertStoredFileRow(trx, image, createdBy);
      return attach(trx, fileId);
    });
  } catch (error) {
    await store.delete(keys).catch(() => undefined);
    throw error;
  }
}

const insertStoredFileRow = (ctx: DbContext, image: PreparedImage, createdBy: number | null) =>
  insertStoredFile(ctx.db, {
    storage_key: image.storageKey,
    original_name: image.originalName,
    mime_type: image.mime,
    size: image.size,
    width: image.width,
    height: image.height,
    variants: JSON.stringify(image.variants),
    created_by: createdBy,
  });

/** A document's bytes to keep (a mail attachment filed by the inbox, docs/adr/0025): any type, stored as it is. */
export type DocumentFile = { filename: string; contentType: string; body: Buffer };

/**
 * Stores documents in the file store and their `stored_file` rows, then `attach` records what uses them in the same
 * transaction; if that fails, the bytes are removed again.
 */
export async function saveDocuments<T>(
  ctx: DbContext,
  store: FileStore,
  files: readonly DocumentFile[],
  createdBy: number | null,
  attach: (trx: DbContext, fileIds: number[]) => Promise<T>,
): Promise<T> {
  const keyed = files.map((file) => {
    const extension = /\.([a-z0-9]{2,5})$/.exec(file.filename.toLowerCase())?.[1] ?? 'bin';
    return { ...file, key: fileKey(newFileBase(), null, extension) };
  });
  try {
    await Promise.all(keyed.map((file) => store.put(file.key, file.body, file.contentType)));
    return await inTransaction(ctx, async (trx) => {
      const ids: number[] = [];
      for (const file of keyed) {
        ids.push(
          await insertStoredFile(trx.db, {
            storage_key: file.key,
            original_name: file.filename.slice(0, 255),
            mime_type: file.contentType.slice(0, 100),
            size: file.body.length,
            width: null,
            height: null,
            variants: '{}',
            created_by: createdBy,
          }),
        );
      }
      return attach(trx, ids);
    });
  } catch (error) {
    await store.delete(keyed.map((file) => file.key)).catch(() => undefined);
    throw error;
  }
}

/** The addresses of a stored image's sizes (relative to the API's host). */
export const fileUrls = (id: number) => ({
  url: `/api/v1/files/${id}/web`,
  thumbUrl: `/api/v1/files/${id}/thumb`,
  originalUrl: `/api/v1/files/${id}/original`,
});

/** POST /files/images: an image that a form attaches afterwards (a destination's picture, …). */
export async function storeImage(
  ctx: DbContext,
  store: FileStore,
  file: UploadedFile,
  createdBy: number | null,
): Promise<StoredImage> {
  const image = await prepareImage(file);
  const id = await saveImage(ctx, store, image, createdBy, async (_trx, fileId) => fileId);
  return {
    id,
    original_name: image.originalName,
    mime_type: image.mime,
    size: image.size,
    width: image.width,
    height: image.height,
    ...fileUrls(id),
  };
}

/** Whether a stored file exists (for forms that save a file id, e.g. a destination's picture). */
export const storedFileExists = async (ctx: DbContext, id: number) => (await findStoredFile(ctx.db, id)) !== undefined;

export type FileVariantAnswer = { key: string; contentType: string; etag: string; size: number | null };

/** The stored key, type, ETag and size of one size of a file row; an image stored before its sizes had none. */
function variantOf(
  row: { storage_key: string; mime_type: string; size: number; variants: string },
  variant: FileVariant,
): FileVariantAnswer {
  const original = { key: row.storage_key, contentType: row.mime_type, etag: `"${row.storage_key}"`, size: row.size };
  if (variant === 'original') return original;
  const generated = parseJson<Variants>(row.variants, {})[variant];
  if (!generated) return original;
  return { key: generated.key, contentType: 'image/webp', etag: `"${generated.key}"`, size: generated.size };
}

/**
 * GET /files/{id}/{variant}, without login: a size of a file that something public uses (a journey's image, a
 * destination's picture). Files nothing uses yet — just uploaded, not saved with a form — answer 404.
 * `etag` is known before the bytes are read, so a matching `If-None-Match` costs one indexed query.
 */
export async function findPublicFile(ctx: DbContext, id: number, variant: FileVariant): Promise<FileVariantAnswer> {
  const row = await findAttachedStoredFile(ctx.db, id);
  if (!row) throw notFound();
  return variantOf(row, variant);
}

/** A size of any stored file, for a route that has checked the user may see it (the image database's). */
export async function findFileVariant(ctx: DbContext, id: number, variant: FileVariant): Promise<FileVariantAnswer> {
  const row = await findStoredFile(ctx.db, id);
  if (!row) throw notFound();
  return variantOf(row, variant);
}

/**
 * Deletes the rows of those of `fileIds` that nothing uses any more (call it in the transaction that removed a
 * use) and answers the keys of their files, which `deleteFileBytes` removes once that transaction committed.
 */
export async function releaseUnusedFiles(ctx: DbContext, fileIds: readonly number[]): Promise<string[]> {
  const rows = await deleteUnreferencedStoredFiles(ctx.db, [...new Set(fileIds)]);
  return rows.flatMap(keysOf);
}

const keysOf = (row: { storage_key: string; variants: string }) => [
  row.storage_key,
  ...Object.values(parseJson<Variants>(row.variants, {})).map((variant) => variant.key),
];

/** Removes stored bytes whose rows are gone; a failure only leaves unreachable bytes, so it is logged, not thrown. */
export async function deleteFileBytes(
  store: FileStore,
  keys: readonly string[],
  log?: { warn: (object: object, message: string) => void },
): Promise<void> {
  if (keys.length === 0) return;
  await store.delete(keys).catch((error: unknown) => log?.warn({ err: error, keys }, 'stored files not deleted'));
}

/**
 * Removes files that nothing has used since `before` (ISO time): uploads whose form was never saved, images
 * of deleted journeys, replaced pictures. Answers how many files went. Run by the sweeper (files.plugin.ts).
 */
export async function sweepUnusedFiles(ctx: DbContext, store: FileStore, before: string = nowIso()): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await findUnreferencedStoredFileIds(ctx.db, before, 200);
    if (ids.length === 0) return removed;
    const rows = await deleteUnreferencedStoredFiles(ctx.db, ids);
    await store.delete(rows.flatMap(keysOf));
    removed += rows.length;
    // Found unused a moment ago but attached since: it stays, and is not looked at again.
    if (rows.length === 0) return removed;
  }
}
