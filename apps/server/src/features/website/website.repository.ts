import type { Database } from '../../db/database.ts';
import { isTrue } from '../../db/dialect.ts';

/** Active destinations by name, with what the website shows of them (features/destinations owns the table). */
export const findActiveDestinations = (db: Database) =>
  db
    .selectFrom('jrn_destination')
    .select([
      'jrn_destination.id_jrn_destination',
      'jrn_destination.name',
      'jrn_destination.seo_title',
      'jrn_destination.seo_description',
      'jrn_destination.seo_text',
      'jrn_destination.id_picture',
      'jrn_destination.countries',
    ])
    .where(isTrue('jrn_destination.active'))
    .orderBy('jrn_destination.sort_name')
    .orderBy('jrn_destination.id_jrn_destination')
    .limit(1000)
    .execute();
