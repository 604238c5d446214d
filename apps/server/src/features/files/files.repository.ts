import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isTrue } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import type { StoredFileTable } from './files.table.ts';

const storedFileColumns = [
  'stored_file.id',
  'stored_file.storage_key',
  'stored_file.original_name',
  'stored_file.mime_type',
  'stored_file.size',
  'stored_file.width',
  'stored_file.height',
  'stored_file.variants',
  'stored_file.created_at',
] as const;

/**
 * "Something uses this file": every place a stored file can be attached. A file that none of these names is
 * unused (deleted with its last use, or swept when it was uploaded but never attached). Every attachment listed
 * here is website material, so the same condition decides which files are delivered without a login.
 * A new module that attaches files adds its reference here.
 */
const isReferenced = (eb: ExpressionBuilder<DB, 'stored_file'>) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('jrn_journey_image')
        .select('jrn_journey_image.id')
        .whereRef('jrn_journey_image.id_stored_file', '=', 'stored_file.id'),
    ),
    eb.exists(
      eb
        .selectFrom('jrn_destination')
        .select('jrn_destination.id_jrn_destination')
        .whereRef('jrn_destination.id_picture', '=', 'stored_file.id'),
    ),
    // Images of newsletter templates: mail programs load them without a login.
    eb.exists(
      eb
        .selectFrom('newsletter_template_image')
        .select('newsletter_template_image.id')
        .whereRef('newsletter_template_image.id_stored_file', '=', 'stored_file.id'),
    ),
    // Images of published (active) blog posts, through the image database; not while the image is in the trash.
    eb.exists(
      eb
        .selectFrom('web_blog_image')
        .innerJoin('img_library_item', 'img_library_item.id_img_library_item', 'web_blog_image.id_img_library_item')
        .innerJoin('web_blog', 'web_blog.id_web_blog', 'web_blog_image.id_web_blog')
        .select('web_blog_image.id_web_blog')
        .whereRef('img_library_item.id_stored_file', '=', 'stored_file.id')
        .where('img_library_item.deleted_at', 'is', null)
        .where(isTrue('web_blog.status')),
    ),
  ]);

/**
 * "The file must stay": used publicly (above), or an image of the image database, which staff see through
 * their own authenticated route (features/images) until it is deleted for good.
 */
const isKept = (eb: ExpressionBuilder<DB, 'stored_file'>) =>
  eb.or([
    isReferenced(eb),
    eb.exists(
      eb
        .selectFrom('img_library_item')
        .select('img_library_item.id_img_library_item')
        .whereRef('img_library_item.id_stored_file', '=', 'stored_file.id'),
    ),
    // a mail attachment filed to a customer or booking (docs/adr/0024, 0025)
    eb.exists(
      eb
        .selectFrom('received_document')
        .select('received_document.id')
        .whereRef('received_document.id_stored_file', '=', 'stored_file.id'),
    ),
  ]);

export const insertStoredFile = async (db: Database, row: Insertable<StoredFileTable>) =>
  (await db.insertInto('stored_file').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const findStoredFile = (db: Database, id: number) =>
  db.selectFrom('stored_file').select(storedFileColumns).where('stored_file.id', '=', id).executeTakeFirst();

/** The file, if something public uses it (see `isReferenced`). */
export const findAttachedStoredFile = (db: Database, id: number) =>
  db
    .selectFrom('stored_file')
    .select(storedFileColumns)
    .where('stored_file.id', '=', id)
    .where(isReferenced)
    .executeTakeFirst();

/** Deletes the files among `ids` that nothing uses any more and answers their keys. */
export const deleteUnreferencedStoredFiles = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .deleteFrom('stored_file')
        .where('stored_file.id', 'in', ids)
        .where((eb) => eb.not(isKept(eb)))
        .returning(['stored_file.storage_key', 'stored_file.variants'])
        .execute();

/** Ids of files created before `before` that nothing uses (uploads never attached, left by deleted records). */
export const findUnreferencedStoredFileIds = async (db: Database, before: string, limit: number) =>
  (
    await db
      .selectFrom('stored_file')
      .select('stored_file.id')
      .where('stored_file.created_at', '<', before)
      .where((eb) => eb.not(isKept(eb)))
      .orderBy('stored_file.id')
      .limit(limit)
      .execute()
  ).map((row) => row.id);
