import type { MigrationDb } from './helpers.ts';

/**
 * Who uses a stored file is asked on every public delivery (only files attached to something public are served)
 * and on every delete (a file shared by copied journeys stays while one row still uses it): index both references.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('jrn_journey_image_file_idx').on('jrn_journey_image').column('id_stored_file').execute();
  await db.schema.createIndex('jrn_destination_picture_idx').on('jrn_destination').column('id_picture').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('jrn_destination_picture_idx').ifExists().execute();
  await db.schema.dropIndex('jrn_journey_image_file_idx').ifExists().execute();
}
