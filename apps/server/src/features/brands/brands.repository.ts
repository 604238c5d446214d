import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BrandTable } from './brands.table.ts';

export const brandBaseQuery = (db: Database) =>
  db
    .selectFrom('brand')
    .select([
      'brand.id',
      'brand.host',
      'brand.is_development',
      'brand.name',
      'brand.logo',
      'brand.company',
      'brand.street',
      'brand.zip',
      'brand.city',
      'brand.tel',
      'brand.fax',
      'brand.email',
      'brand.web',
      'brand.court',
      'brand.registration_number',
      'brand.company_id',
      'brand.push_channel',
      'brand.primary_color',
      'brand.legal_links',
    ]);

export type BrandRow = Awaited<ReturnType<ReturnType<typeof brandBaseQuery>['executeTakeFirstOrThrow']>>;

export const findBrandById = (db: Database, id: number) => brandBaseQuery(db).where('id', '=', id).executeTakeFirst();
export const findBrandByHost = (db: Database, host: string) =>
  brandBaseQuery(db).where('host', '=', host).executeTakeFirst();
export const findDevelopmentBrand = (db: Database) =>
  brandBaseQuery(db).where('is_development', '=', true).orderBy('id').executeTakeFirst();

export async function brandHostTaken(db: Database, host: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('brand').select('id').where('host', '=', host);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertBrand(db: Database, values: Insertable<BrandTable>): Promise<number> {
  const row = await db.insertInto('brand').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBrandRow(db: Database, id: number, values: Updateable<BrandTable>): Promise<void> {
  await db.updateTable('brand').set(values).where('id', '=', id).execute();
}

/** Only one brand is the development host (the fallback). */
export async function clearDevelopmentFlag(db: Database, exceptId: number): Promise<void> {
  await db.updateTable('brand').set({ is_development: false }).where('id', '!=', exceptId).execute();
}

export async function deleteBrandRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('brand').where('id', '=', id).execute();
}
