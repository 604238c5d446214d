import { types, type MigrationDb } from './helpers.ts';

/**
 * The default component's one table (issue #18 item 6, docs/adr/0034): the living template of the feature-module
 * pattern that `npm run gen:feature` copies (this migration too, under a new name and time stamp).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('default_component')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    /** DIN 5007 key of `name`: list sorting and `lit-search` */
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text')
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('default_component').ifExists().execute();
}
