import type { Database } from '../../db/database.ts';

export const countryBaseQuery = (db: Database) =>
  db
    .selectFrom('loc_country')
    .select([
      'loc_country.id_loc_country',
      'loc_country.iso',
      'loc_country.iso3',
      'loc_country.name_de',
      'loc_country.name_en',
      'loc_country.booking_country',
    ]);

export type CountryRow = Awaited<ReturnType<ReturnType<typeof countryBaseQuery>['executeTakeFirstOrThrow']>>;
