import { sql } from 'kysely';
import { isPostgres, types, type MigrationDb } from './helpers.ts';

/**
 * Website content (issue #15, spec §3 "Blog and content"): blog types (the system subtypes seeded with fixed
 * ids, 5 being the employee list of spec §9), posts with their images from the image database, content
 * categories and pages. Rich text columns hold sanitised HTML only (lib/rich-text.ts).
 */
const SYSTEM_TYPES = [
  { id: 1, title: 'Neuigkeiten', system: 'news' },
  { id: 2, title: 'Zeitleiste', system: 'timeline' },
  { id: 3, title: 'Hilfe', system: 'help' },
  { id: 4, title: 'Galerie', system: 'gallery' },
  { id: 5, title: 'Mitarbeiter', system: 'staff' },
  { id: 6, title: 'FAQ', system: 'faq' },
];

export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('web_blog_type')
    .addColumn('id_web_blog_type', t.id, t.idColumn)
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    /** the subtype of a system type (news, timeline, help, gallery, staff, faq); null for the operator's own */
    .addColumn('system', 'varchar(16)')
    /** DIN 5007 key of `title` */
    .addColumn('sort_title', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db
    .insertInto('web_blog_type')
    .values(
      SYSTEM_TYPES.map((type) => ({
        id_web_blog_type: type.id,
        title: type.title,
        system: type.system,
        sort_title: type.title.toLowerCase(),
      })),
    )
    .execute();
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('web_blog_type', 'id_web_blog_type'), (select max(id_web_blog_type) from web_blog_type))`.execute(
      db,
    );
  }

  await db.schema
    .createTable('web_blog')
    .addColumn('id_web_blog', t.id, t.idColumn)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** DIN 5007 key of `title` */
    .addColumn('sort_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('subtitle', 'varchar(255)')
    /** true = active (published on the website) */
    .addColumn('status', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('id_web_blog_type', 'integer', (c) => c.notNull().references('web_blog_type.id_web_blog_type'))
    .addColumn('display_date', t.date)
    /** sanitised rich text */
    .addColumn('body', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('web_blog_published')
    .on('web_blog')
    .columns(['status', 'id_web_blog_type', 'display_date'])
    .execute();
  await db.schema.createIndex('web_blog_type_ref').on('web_blog').column('id_web_blog_type').execute();

  await db.schema
    .createTable('web_blog_image')
    .addColumn('id_web_blog', 'integer', (c) => c.notNull().references('web_blog.id_web_blog').onDelete('cascade'))
    .addColumn('id_img_library_item', 'integer', (c) =>
      c.notNull().references('img_library_item.id_img_library_item').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('web_blog_image_pk', ['id_web_blog', 'id_img_library_item'])
    .execute();
  await db.schema.createIndex('web_blog_image_item').on('web_blog_image').column('id_img_library_item').execute();

  await db.schema
    .createTable('web_content_category')
    .addColumn('id_web_content_category', t.id, t.idColumn)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    /** DIN 5007 key of `name` */
    .addColumn('sort_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('web_content')
    .addColumn('id_web_content', t.id, t.idColumn)
    .addColumn('id_web_content_category', 'integer', (c) =>
      c.notNull().references('web_content_category.id_web_content_category'),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** DIN 5007 key of `title` */
    .addColumn('sort_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** sanitised rich text */
    .addColumn('body', 'text')
    /** true = published on the website */
    .addColumn('status', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('web_content_category_ref')
    .on('web_content')
    .columns(['id_web_content_category', 'status'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('web_content').ifExists().execute();
  await db.schema.dropTable('web_content_category').ifExists().execute();
  await db.schema.dropTable('web_blog_image').ifExists().execute();
  await db.schema.dropTable('web_blog').ifExists().execute();
  await db.schema.dropTable('web_blog_type').ifExists().execute();
}
