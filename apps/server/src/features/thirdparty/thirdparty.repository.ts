import type { Database } from '../../db/database.ts';

export const findThirdPartyRow = (db: Database, provider: string) =>
  db
    .selectFrom('third_party_setting')
    .select(['provider', 'settings', 'secrets', 'updated_at'])
    .where('provider', '=', provider)
    .executeTakeFirst();

export const findThirdPartyRows = (db: Database) =>
  db.selectFrom('third_party_setting').select(['provider', 'settings', 'secrets', 'updated_at']).execute();

export type ThirdPartyRow = NonNullable<Awaited<ReturnType<typeof findThirdPartyRow>>>;

export async function saveThirdPartyRow(
  db: Database,
  row: { provider: string; settings: string; secrets: string | null; updated_by: number | null; updated_at: string },
): Promise<void> {
  await db
    .insertInto('third_party_setting')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('provider').doUpdateSet({
        settings: row.settings,
        secrets: row.secrets,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
