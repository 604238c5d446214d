import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The website's menus with their items as a tree (issue #15 point 3), and the shop's product groups (extras sold
 * with trips) and article groups (on-board articles) of point 4.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('web_menu')
    .addColumn('id_web_menu', t.id, t.idColumn)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('web_menu_item')
    .addColumn('id_web_menu_item', t.id, t.idColumn)
    .addColumn('id_web_menu', 'integer', (c) => c.notNull().references('web_menu.id_web_menu').onDelete('cascade'))
    .addColumn('id_parent', 'integer', (c) => c.references('web_menu_item.id_web_menu_item').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(255)')
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_type', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(
          sql`link_type in ('none', 'page', 'external', 'email', 'phone', 'journey', 'category', 'blog', 'content')`,
        ),
    )
    .addColumn('link', 'varchar(500)')
    .addColumn('icon', 'varchar(60)')
    .addColumn('icon_set', 'varchar(30)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('web_menu_item_menu')
    .on('web_menu_item')
    .columns(['id_web_menu', 'id_parent', 'position'])
    .execute();
  await db.schema.createIndex('web_menu_item_parent').on('web_menu_item').columns(['id_parent']).execute();

  await db.schema
    .createTable('shop_product_group')
    .addColumn('id_shop_product_group', t.id, t.idColumn)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text')
    .addColumn('vat_rate', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(19)
        .check(sql`vat_rate in (0, 7, 19)`),
    )
    .addColumn('account_code', 'varchar(20)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('shop_article_group')
    .addColumn('id_shop_article_group', t.id, t.idColumn)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['shop_article_group', 'shop_product_group', 'web_menu_item', 'web_menu'])
    await db.schema.dropTable(table).ifExists().execute();
}
