import { sql, type Insertable, type Updateable } from 'kysely';
import { ZNewsletterTemplate, type NewsletterTemplate } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { NewsletterTemplateTable } from '../newsletter/newsletter.table.ts';
import type { NewsletterTemplateImageTable } from './newsletter-templates.table.ts';

/** A template with the number of campaigns that use it. */
export const templateBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('newsletter_template')
    .select([
      'newsletter_template.id',
      'newsletter_template.name',
      'newsletter_template.type',
      'newsletter_template.subject',
      'newsletter_template.mjml',
      'newsletter_template.id_brand',
      'newsletter_template.created_at',
      'newsletter_template.updated_at',
      sql<
        number | string
      >`(select count(*) from newsletter_campaign where newsletter_campaign.id_template = newsletter_template.id)`.as(
        'campaign_count',
      ),
    ]),
);

export type TemplateRow = Awaited<ReturnType<ReturnType<typeof templateBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /newsletter/templates: which API field reads which column. */
export const TEMPLATE_LIST_SPEC: ListSpec<NewsletterTemplate, 'campaign_count'> = {
  table: 'newsletter_template',
  idColumn: 'id',
  idField: 'id',
  // A few dozen templates: the name is searched with a plain substring test (see templateListBase).
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'newsletter_template.id', type: 'number' },
    name: { column: 'newsletter_template.name', sortColumn: 'newsletter_template.name_key', type: 'string' },
    type: { column: 'newsletter_template.type', type: 'string' },
    subject: { column: 'newsletter_template.subject', type: 'string' },
    id_brand: { column: 'newsletter_template.id_brand', type: 'number' },
    campaign_count: { column: 'campaign_count', type: 'number', filterable: false },
    createdAt: { column: 'newsletter_template.created_at', type: 'date' },
    updatedAt: { column: 'newsletter_template.updated_at', type: 'date' },
  },
  selectable: contractFields(ZNewsletterTemplate),
};

/** The list's base query, narrowed to names (or subjects) containing every search word. */
export function templateListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = templateBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'newsletter_template.name_key', words));
}

export const findTemplateById = (db: Database, id: number) =>
  templateBaseQuery(db).where('newsletter_template.id', '=', id).executeTakeFirst();

export const findTemplateIdByNameKey = async (db: Database, nameKey: string) =>
  (await db.selectFrom('newsletter_template').select('id').where('name_key', '=', nameKey).executeTakeFirst())?.id;

export const insertTemplate = async (db: Database, values: Insertable<NewsletterTemplateTable>) =>
  (await db.insertInto('newsletter_template').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateTemplateRow = (db: Database, id: number, values: Updateable<NewsletterTemplateTable>) =>
  db.updateTable('newsletter_template').set(values).where('id', '=', id).execute();

export const deleteTemplateRow = (db: Database, id: number) =>
  db.deleteFrom('newsletter_template').where('id', '=', id).execute();

/** Up to `limit` campaigns that use the template (for the refusal to delete it). */
export const findCampaignsOfTemplate = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('newsletter_campaign')
    .select(['id', 'title'])
    .where('id_template', '=', id)
    .orderBy('id')
    .limit(limit)
    .execute();

// The images of the templates' folder

const imageColumns = [
  'newsletter_template_image.id',
  'newsletter_template_image.id_stored_file',
  'newsletter_template_image.name',
  'newsletter_template_image.created_at',
  'stored_file.mime_type',
  'stored_file.size',
  'stored_file.width',
  'stored_file.height',
] as const;

const imageQuery = (db: Database) =>
  db
    .selectFrom('newsletter_template_image')
    .innerJoin('stored_file', 'stored_file.id', 'newsletter_template_image.id_stored_file')
    .select(imageColumns);

export type TemplateImageRow = Awaited<ReturnType<ReturnType<typeof imageQuery>['executeTakeFirstOrThrow']>>;

/** The folder's images, newest first, optionally narrowed to names containing every search word. */
export function findTemplateImages(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = imageQuery(db);
  return (
    words.length === 0 ? base : base.where(containsAllWords(dialect, 'newsletter_template_image.name_key', words))
  )
    .orderBy('newsletter_template_image.id', 'desc')
    .limit(500)
    .execute();
}

export const findTemplateImage = (db: Database, id: number) =>
  imageQuery(db).where('newsletter_template_image.id', '=', id).executeTakeFirst();

export const templateImageNameTaken = async (db: Database, nameKey: string) =>
  (await db.selectFrom('newsletter_template_image').select('id').where('name_key', '=', nameKey).executeTakeFirst()) !==
  undefined;

export const insertTemplateImage = async (db: Database, values: Insertable<NewsletterTemplateImageTable>) =>
  (await db.insertInto('newsletter_template_image').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const deleteTemplateImageRow = (db: Database, id: number) =>
  db.deleteFrom('newsletter_template_image').where('id', '=', id).execute();
