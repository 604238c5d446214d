import { isPostgres, types, type MigrationDb } from './helpers.ts';

/**
 * The coach's live position (issue #13): the latest reading of its driver's phone per coach, with a short
 * recent track (JSON, trimmed) for the map and the number of its stops it has passed (only ever grows).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  const float = isPostgres(db) ? 'double precision' : 'real';
  await db.schema
    .createTable('transport_position')
    .addColumn('id_transport', 'integer', (c) => c.primaryKey().references('transport.id').onDelete('cascade'))
    .addColumn('lat', float, (c) => c.notNull())
    .addColumn('lon', float, (c) => c.notNull())
    .addColumn('accuracy', float, (c) => c.notNull())
    .addColumn('speed', float)
    .addColumn('heading', float)
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('track', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('transport_position').ifExists().execute();
}
