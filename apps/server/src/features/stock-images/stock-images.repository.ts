import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StockLicenceState, StockLicenceTable } from './stock-images.table.ts';

export const STOCK_LIBRARY_NAME = 'Adobe Stock';

export const findLicence = (db: Database, stockId: string) =>
  db.selectFrom('stock_licence').selectAll().where('stock_id', '=', stockId).executeTakeFirst();

export type LicenceRow = NonNullable<Awaited<ReturnType<typeof findLicence>>>;

export const findLicences = async (db: Database, stockIds: readonly string[]) =>
  stockIds.length === 0
    ? []
    : db
        .selectFrom('stock_licence')
        .select(['stock_id', 'state', 'id_img_library_item', 'licensed_at'])
        .where('stock_id', 'in', [...stockIds])
        .execute();

export const insertLicence = (db: Database, row: Insertable<StockLicenceTable>) =>
  db.insertInto('stock_licence').values(row).execute();

/** Claims a licence row in `from` state for a new request; false when another request has it. */
export const claimLicence = async (
  db: Database,
  stockId: string,
  from: StockLicenceState,
  changes: Updateable<StockLicenceTable>,
  /** only a row not touched since then (ISO time) */
  staleBefore?: string,
) => {
  let query = db
    .updateTable('stock_licence')
    .set({ ...changes, state: 'processing' })
    .where('stock_id', '=', stockId)
    .where('state', '=', from);
  if (staleBefore) query = query.where('updated_at', '<', staleBefore);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const updateLicence = (db: Database, stockId: string, changes: Updateable<StockLicenceTable>) =>
  db.updateTable('stock_licence').set(changes).where('stock_id', '=', stockId).execute();

/** Credits the operator's licences consumed through Tourdesk. */
export const creditsUsed = async (db: Database) =>
  Number(
    (
      await db
        .selectFrom('stock_licence')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits_used'), eb.lit(0)).as('used'))
        .executeTakeFirst()
    )?.used ?? 0,
  );

/** The last quota Adobe reported with a licence. */
export const lastReportedQuota = async (db: Database) =>
  (
    await db
      .selectFrom('stock_licence')
      .select('quota_after')
      .where('quota_after', 'is not', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()
  )?.quota_after ?? null;

/** The operator's "Adobe Stock" library of type library, made on first use. */
export async function stockLibraryId(db: Database): Promise<number> {
  const find = () =>
    db
      .selectFrom('img_library')
      .select('id_img_library')
      .where('type', '=', 'library')
      .where('name', '=', STOCK_LIBRARY_NAME)
      .orderBy('id_img_library')
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id_img_library;
  return (
    await db
      .insertInto('img_library')
      .values({ name: STOCK_LIBRARY_NAME, type: 'library', user_id: null })
      .returning('id_img_library')
      .executeTakeFirstOrThrow()
  ).id_img_library;
}

export const findItemByHash = (db: Database, libraryId: number, hash: string) =>
  db
    .selectFrom('img_library_item')
    .select(['id_img_library_item', 'name', 'stock_id'])
    .where('id_img_library', '=', libraryId)
    .where('content_hash', '=', hash)
    .executeTakeFirst();

export const markItemLicensed = (db: Database, id: number, stockId: string) =>
  db
    .updateTable('img_library_item')
    .set({ licence_state: 'standard', stock_id: stockId, updated_at: new Date().toISOString() })
    .where('id_img_library_item', '=', id)
    .execute();
