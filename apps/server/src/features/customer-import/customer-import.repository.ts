import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { ImportSystem } from './import-servers.ts';
import type { CustomerImportRunTable } from './customer-import.table.ts';

/**
 * Holds one record of `source` for the rest of the transaction, so imports of it run one after another: an
 * advisory lock on PostgreSQL (across instances); SQLite's write transactions (BEGIN IMMEDIATE) already do.
 */
export async function lockRecord(db: Database, dialect: DialectName, source: ImportSystem, remoteId: string) {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`tourdesk customer import ${source} ${remoteId}`}))`.execute(db);
}

/** The card a record of `source` became, with the record's fingerprint as last imported. */
export const findLink = (db: Database, source: ImportSystem, remoteId: string) =>
  db
    .selectFrom('customer_import_link')
    .select(['id_vc_card', 'fingerprint'])
    .where('source', '=', source)
    .where('remote_id', '=', remoteId)
    .executeTakeFirst();

/** The oldest customer card carrying this ratio or Kuschick number. */
export async function findCardByNumber(
  db: Database,
  source: ImportSystem,
  remoteId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('vc_card')
    .select('id_vc_card')
    .where('kind', '=', 'customer')
    .where(source === 'ratio' ? 'ratio_id' : 'kuschick_id', '=', remoteId)
    .orderBy('id_vc_card')
    .limit(1)
    .executeTakeFirst();
  return row?.id_vc_card;
}

/** The oldest customer card whose address has this external id. */
export async function findCardByExternalId(db: Database, externalId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('vc_card')
    .innerJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
    .innerJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
    .select('vc_card.id_vc_card')
    .where('vc_card.kind', '=', 'customer')
    .where('vc_address.external_id', '=', externalId)
    .orderBy('vc_card.id_vc_card')
    .limit(1)
    .executeTakeFirst();
  return row?.id_vc_card;
}

/** Writes the link of a record to its card (insert or replace). */
export async function saveLink(
  db: Database,
  values: { source: ImportSystem; remoteId: string; cardId: number; fingerprint: string; now: string },
): Promise<void> {
  const set = { id_vc_card: values.cardId, fingerprint: values.fingerprint, imported_at: values.now };
  await db
    .insertInto('customer_import_link')
    .values({ source: values.source, remote_id: values.remoteId, ...set })
    .onConflict((conflict) => conflict.columns(['source', 'remote_id']).doUpdateSet(set))
    .execute();
}

/** The start of the last run of `source` that read its whole list (no error). */
export async function lastCompleteRunStart(db: Database, source: ImportSystem): Promise<string | Date | undefined> {
  const row = await db
    .selectFrom('customer_import_run')
    .select('started_at')
    .where('source', '=', source)
    .where('error', 'is', null)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.started_at;
}

export async function insertRun(db: Database, values: Insertable<CustomerImportRunTable>): Promise<void> {
  await db.insertInto('customer_import_run').values(values).execute();
}

export const listRuns = (db: Database, limit: number) =>
  db.selectFrom('customer_import_run').selectAll().orderBy('id', 'desc').limit(limit).execute();
