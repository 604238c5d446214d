import { createRequire } from 'node:module';
import type { default as SharpFunction, Sharp } from 'sharp';
import {
  dinSortKey,
  searchWords,
  type Brand,
  type CreateNewsletterTemplateBody,
  type ListQuery,
  type NewsletterPreview,
  type NewsletterPreviewBody,
  type NewsletterTemplate,
  type NewsletterTemplateCard,
  type NewsletterTemplateFile,
  type NewsletterTemplateType,
  type UpdateNewsletterTemplateBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, inUse, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { uploadTooLarge, type UploadedFile } from '../../lib/upload.ts';
import type { DbContext } from '../../types.ts';
import { brandForHost, getBrand } from '../brands/brands.service.ts';
import {
  checkFileName,
  deleteFileBytes,
  fileUrls,
  prepareImage,
  releaseUnusedFiles,
  saveImage,
  type FileStore,
} from '../files/files.service.ts';
import { compileNewsletter, personalise, UNSUBSCRIBE_PLACEHOLDER } from '../newsletter/newsletter.service.ts';
import { TEMPLATE_CARDS } from './newsletter-templates.cards.ts';
import {
  deleteTemplateImageRow,
  deleteTemplateRow,
  findCampaignsOfTemplate,
  findTemplateById,
  findTemplateIdByNameKey,
  findTemplateImage,
  findTemplateImages,
  insertTemplate,
  insertTemplateImage,
  templateImageNameTaken,
  TEMPLATE_LIST_SPEC,
  templateListBase,
  updateTemplateRow,
  type TemplateImageRow,
  type TemplateRow,
} from './newsletter-templates.repository.ts';

const toTemplate = (row: TemplateRow): NewsletterTemplate => ({
  id: row.id,
  name: row.name,
  type: row.type,
  subject: row.subject,
  mjml: row.mjml,
  id_brand: row.id_brand,
  campaign_count: Number(row.campaign_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

/** GET /newsletter/templates: search over the name, filter by type (and brand), sort. */
export function listTemplates(ctx: DbContext, query: ListQuery) {
  const base = templateListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, TEMPLATE_LIST_SPEC, query, base, (rows) => rows.map(toTemplate));
}

export async function getTemplate(ctx: DbContext, id: number): Promise<NewsletterTemplate> {
  const row = await findTemplateById(ctx.db, id);
  if (!row) throw notFound();
  return toTemplate(row);
}

/** The fixed starter templates (GET /newsletter/templates/cards). */
export const templateCards = (): NewsletterTemplateCard[] => [...TEMPLATE_CARDS];

const UNSUBSCRIBE = new RegExp(`\\{\\{\\s*${UNSUBSCRIBE_PLACEHOLDER}\\s*\\}\\}`);

/** Whether a template of this type lacks the unsubscribe link every marketing mail must carry (spec §5). */
export const lacksUnsubscribe = (type: NewsletterTemplateType, mjml: string) =>
  type === 'marketing' && !UNSUBSCRIBE.test(mjml);

/**
 * The rules a saved template keeps: its MJML compiles without problems (each a field error on `mjml` naming its
 * line) and a marketing template carries `{{unsubscribe_url}}`.
 */
async function checkTemplate(
  ctx: DbContext,
  values: { type: NewsletterTemplateType; mjml: string; id_brand: number | null },
) {
  const brand = await brandOrNull(ctx, values.id_brand);
  const { problems } = await compileNewsletter(values.mjml, brand);
  if (problems.length > 0) {
    throw new ApiError(
      400,
      'error.mjmlInvalid',
      problems.slice(0, 50).map((problem) => ({
        field: 'mjml',
        key: 'error.mjmlInvalid',
        message: problem.line > 0 ? `Line ${problem.line}: ${problem.message}` : problem.message,
      })),
    );
  }
  if (lacksUnsubscribe(values.type, values.mjml)) throw invalidField('mjml', 'error.unsubscribeMissing');
}

async function brandOrNull(ctx: DbContext, id: number | null | undefined): Promise<Brand | null> {
  if (id === null || id === undefined) return null;
  try {
    return await getBrand(ctx, id);
  } catch {
    throw invalidField('id_brand', 'error.invalid');
  }
}

const templateExists = () => invalidField('name', 'error.templateExists');

async function checkNameFree(ctx: DbContext, name: string, ownId?: number) {
  const taken = await findTemplateIdByNameKey(ctx.db, dinSortKey(name));
  if (taken !== undefined && taken !== ownId) throw templateExists();
}

/** A duplicate name that slipped past the check (two saves at once) is the same 400. */
const uniqueName = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw templateExists();
    throw error;
  }
};

export async function createTemplate(
  ctx: DbContext,
  body: CreateNewsletterTemplateBody,
  createdBy: number | null,
): Promise<NewsletterTemplate> {
  await checkNameFree(ctx, body.name);
  await checkTemplate(ctx, { type: body.type, mjml: body.mjml, id_brand: body.id_brand ?? null });
  const now = nowIso();
  const id = await uniqueName(() =>
    insertTemplate(ctx.db, {
      name: body.name,
      name_key: dinSortKey(body.name),
      type: body.type,
      subject: body.subject,
      mjml: body.mjml,
      id_brand: body.id_brand ?? null,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    }),
  );
  return getTemplate(ctx, id);
}

export async function updateTemplate(
  ctx: DbContext,
  id: number,
  body: UpdateNewsletterTemplateBody,
): Promise<NewsletterTemplate> {
  const current = await getTemplate(ctx, id);
  if (body.name !== undefined) await checkNameFree(ctx, body.name, id);
  const next = {
    type: body.type ?? current.type,
    mjml: body.mjml ?? current.mjml,
    id_brand: body.id_brand === undefined ? current.id_brand : body.id_brand,
  };
  await checkTemplate(ctx, next);
  await uniqueName(() =>
    updateTemplateRow(ctx.db, id, {
      ...(body.name !== undefined ? { name: body.name, name_key: dinSortKey(body.name) } : {}),
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      type: next.type,
      mjml: next.mjml,
      id_brand: next.id_brand,
      updated_at: nowIso(),
    }),
  );
  return getTemplate(ctx, id);
}

/** DELETE /newsletter/templates/{id}: refused (409, error.templateInUse) while campaigns use it. */
export async function deleteTemplate(ctx: DbContext, id: number): Promise<NewsletterTemplate> {
  return inTransaction(ctx, async (trx) => {
    const template = await getTemplate(trx, id);
    const campaigns = await findCampaignsOfTemplate(trx.db, id);
    if (campaigns.length > 0) throw inUse('error.templateInUse', { campaigns }, { campaigns: 'Campaigns' });
    await deleteTemplateRow(trx.db, id);
    return template;
  });
}

/** The contact a preview is filled with. */
export const SAMPLE_CONTACT = {
  salutation: 'Frau',
  title: 'Dr.',
  first_name: 'Anna',
  last_name: 'Beispiel',
  email: 'anna.beispiel@example.com',
} as const;

/**
 * POST /newsletter/templates/preview: the MJML compiled with the brand (the template's, else the one of the
 * host the editor runs on) and a sample contact; problems with their lines. Nothing is stored.
 */
export async function previewTemplate(
  ctx: DbContext,
  body: NewsletterPreviewBody,
  host: string,
): Promise<NewsletterPreview> {
  const brand = (await brandOrNull(ctx, body.id_brand)) ?? (await brandForHost(ctx, host));
  const compiled = await compileNewsletter(body.mjml, brand);
  const { html } = compiled.html
    ? await personalise(compiled.html, { contact: SAMPLE_CONTACT, unsubscribeUrl: '#abmelden' })
    : { html: '' };
  return {
    html,
    problems: compiled.problems,
    unsubscribeMissing: lacksUnsubscribe(body.type ?? 'marketing', body.mjml),
  };
}

// The templates' images

const require = createRequire(import.meta.url);
let sharpModule: typeof SharpFunction | null = null;
const sharp = (input: Buffer): Sharp =>
  (sharpModule ??= require('sharp') as typeof SharpFunction)(input, { limitInputPixels: 100_000_000 });

/** Twice the 600 px of a mail's width: sharp on high-density screens, small enough to download quickly. */
export const MAIL_IMAGE_WIDTH = 1200;

/**
 * An upload made fit for mail programs before it is stored as usual: at most 1200 px wide, and in a format every
 * mail program shows (Outlook shows neither WebP nor AVIF: those become JPEG, or PNG when they are transparent).
 * A GIF that is narrow enough stays as it is, so its animation survives.
 */
async function mailSized(file: UploadedFile): Promise<UploadedFile> {
  let metadata;
  try {
    metadata = await sharp(file.buffer).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw uploadTooLarge();
    throw invalidField('file', 'error.uploadType');
  }
  const format = metadata.format === 'heif' ? 'avif' : String(metadata.format);
  if (!['jpeg', 'png', 'webp', 'gif', 'avif'].includes(format)) throw invalidField('file', 'error.uploadType');
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  if (format === 'gif' && width <= MAIL_IMAGE_WIDTH) return file;
  if ((format === 'jpeg' || format === 'png') && width <= MAIL_IMAGE_WIDTH) return file;
  try {
    const image = sharp(file.buffer).rotate().resize({ width: MAIL_IMAGE_WIDTH, withoutEnlargement: true });
    const target =
      format === 'png' || format === 'gif' || ((format === 'webp' || format === 'avif') && metadata.hasAlpha)
        ? format === 'gif'
          ? image.gif()
          : image.png()
        : image.jpeg({ quality: 85, mozjpeg: true });
    return { ...file, buffer: await target.toBuffer() };
  } catch {
    throw invalidField('file', 'error.uploadType');
  }
}

const toTemplateFile = (row: TemplateImageRow): NewsletterTemplateFile => {
  const urls = fileUrls(row.id_stored_file);
  return {
    id: row.id,
    id_file: row.id_stored_file,
    name: row.name,
    mime_type: row.mime_type,
    size: row.size,
    width: row.width,
    height: row.height,
    url: urls.originalUrl,
    thumbUrl: urls.thumbUrl,
    createdAt: toIso(row.created_at)!,
  };
};

/** GET /newsletter/templates/files: the folder's images, newest first. */
export async function listTemplateFiles(ctx: DbContext, search: string | undefined): Promise<NewsletterTemplateFile[]> {
  return (await findTemplateImages(ctx.db, ctx.dialect, searchWords(search))).map(toTemplateFile);
}

const imageExists = () => invalidField('file', 'error.imageExists');

/**
 * POST /newsletter/templates/files: an image for templates, resized for mail and stored with the file storage
 * (docs/adr/0009). The `newsletter_template_image` row is what makes it public: mail programs fetch it by URL.
 * A second image of the same name is refused (spec §5 "image already exists in the folder").
 */
export async function uploadTemplateFile(
  ctx: DbContext,
  store: FileStore,
  file: UploadedFile,
  createdBy: number | null,
): Promise<NewsletterTemplateFile> {
  const name = checkFileName(file.filename);
  const nameKey = dinSortKey(name);
  if (await templateImageNameTaken(ctx.db, nameKey)) throw imageExists();
  const image = await prepareImage(await mailSized(file));
  try {
    const id = await saveImage(ctx, store, image, createdBy, (trx, fileId) =>
      insertTemplateImage(trx.db, { id_stored_file: fileId, name, name_key: nameKey, created_by: createdBy }),
    );
    const row = await findTemplateImage(ctx.db, id);
    return toTemplateFile(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw imageExists();
    throw error;
  }
}

/** DELETE /newsletter/templates/files/{id}: the image leaves the folder; its bytes go when nothing else uses them. */
export async function deleteTemplateFile(
  ctx: DbContext,
  store: FileStore,
  id: number,
): Promise<NewsletterTemplateFile> {
  const { file, keys } = await inTransaction(ctx, async (trx) => {
    const row = await findTemplateImage(trx.db, id);
    if (!row) throw notFound();
    await deleteTemplateImageRow(trx.db, id);
    return { file: toTemplateFile(row), keys: await releaseUnusedFiles(trx, [row.id_stored_file]) };
  });
  await deleteFileBytes(store, keys);
  return file;
}
