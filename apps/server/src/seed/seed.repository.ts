import type { Database } from '../db/database.ts';

/** True once any login exists: demo data and the initial admin are only written into an empty installation. */
export async function hasAnyAccount(db: Database): Promise<boolean> {
  const row = await db.selectFrom('user_account').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The departure date with this code, if the demo already wrote it. */
export const findDateByCode = (db: Database, termincode: string) =>
  db.selectFrom('jrn_date').select('nr').where('termincode', '=', termincode).executeTakeFirst();

/** Ids of the destinations with these names (those that exist). */
export async function findDestinationIdsByName(db: Database, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('jrn_destination')
    .select(['id_jrn_destination', 'name'])
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id_jrn_destination]));
}

/** Ids of the boarding points with these names (those that exist). */
export async function findBoardingPointIdsByName(db: Database, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('zus_zustiege')
    .select(['id_zus_zustiege', 'name'])
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id_zus_zustiege]));
}

/** Ids of the countries with these ISO 3166-1 alpha-2 codes. */
export async function findCountryIdsByIso(db: Database, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('loc_country').select(['id_loc_country', 'iso']).where('iso', 'in', codes).execute();
  return new Map(rows.map((row) => [row.iso, row.id_loc_country]));
}
