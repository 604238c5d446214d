import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { VcAddressTable, VcCardTable, VcFieldTable, VcPersonTable } from '../cards/cards.table.ts';
import type { DataImportItemTable, DataImportTable } from './data-import.table.ts';

// ——— sources ———

export const findSources = (db: Database) => db.selectFrom('data_import_source').selectAll().orderBy('name').execute();

export const findSourceById = (db: Database, id: number) =>
  db.selectFrom('data_import_source').selectAll().where('id', '=', id).executeTakeFirst();

export const findSourceByName = (db: Database, name: string) =>
  db.selectFrom('data_import_source').selectAll().where('name', '=', name).executeTakeFirst();

export async function saveSource(db: Database, name: string, mapping: string, existing: string, now: string) {
  const found = await findSourceByName(db, name);
  if (found) {
    await db
      .updateTable('data_import_source')
      .set({ mapping, existing, updated_at: now })
      .where('id', '=', found.id)
      .execute();
    return found.id;
  }
  const row = await db
    .insertInto('data_import_source')
    .values({ name, mapping, existing, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const deleteSourceRow = (db: Database, id: number) =>
  db.deleteFrom('data_import_source').where('id', '=', id).executeTakeFirst();

// ——— jobs ———

const jobColumns = [
  'data_import.id',
  'data_import.file_name',
  'data_import.id_source',
  'data_import.created_by',
  'data_import.columns',
  'data_import.total',
  'data_import.mapping',
  'data_import.existing',
  'data_import.status',
  'data_import.processed',
  'data_import.created',
  'data_import.updated',
  'data_import.skipped',
  'data_import.undo_kept',
  'data_import.error',
  'data_import.locked_until',
  'data_import.finished_at',
  'data_import.undone_at',
  'data_import.created_at',
  'data_import.updated_at',
  'data_import_source.name as source_name',
  'user_account.email as created_by_email',
] as const;

const jobQuery = (db: Database) =>
  db
    .selectFrom('data_import')
    .leftJoin('data_import_source', 'data_import_source.id', 'data_import.id_source')
    .leftJoin('user_account', 'user_account.id', 'data_import.created_by')
    .select(jobColumns);

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

export const findJob = (db: Database, id: number) => jobQuery(db).where('data_import.id', '=', id).executeTakeFirst();

export const findJobs = (db: Database, skip: number, limit: number) =>
  jobQuery(db).orderBy('data_import.id', 'desc').offset(skip).limit(limit).execute();

export async function countJobs(db: Database): Promise<number> {
  const row = await db
    .selectFrom('data_import')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertJob(db: Database, values: Insertable<DataImportTable>): Promise<number> {
  const row = await db.insertInto('data_import').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const updateJob = (db: Database, id: number, values: Updateable<DataImportTable>) =>
  db.updateTable('data_import').set(values).where('id', '=', id).executeTakeFirst();

/** Starts an uploaded job (once: a second start finds it running). */
export async function startJobRow(db: Database, id: number, values: Updateable<DataImportTable>): Promise<boolean> {
  const result = await db
    .updateTable('data_import')
    .set({ ...values, status: 'running' })
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims a running job for this worker until `until` — when nobody holds it or the holder's lease has run out. */
export async function claimJob(db: Database, id: number, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('data_import')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Running jobs whose worker has stopped holding them (crashed or the app restarted). */
export const findAbandonedJobs = (db: Database, now: string) =>
  db
    .selectFrom('data_import')
    .select('id')
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();

/** Moves a job on by one chunk — only from the position this worker read (a second worker's chunk is not counted twice). */
export async function advanceJob(db: Database, id: number, from: number, values: Updateable<DataImportTable>) {
  const result = await db
    .updateTable('data_import')
    .set(values)
    .where('id', '=', id)
    .where('processed', '=', from)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ——— the parsed file ———

export async function insertChunks(
  db: Database,
  id: number,
  chunks: ReadonlyArray<{ position: number; rows: string }>,
) {
  for (const chunk of chunks)
    await db
      .insertInto('data_import_chunk')
      .values({ id_import: id, ...chunk })
      .execute();
}

export const findChunk = (db: Database, id: number, position: number) =>
  db
    .selectFrom('data_import_chunk')
    .select('rows')
    .where('id_import', '=', id)
    .where('position', '=', position)
    .executeTakeFirst();

export const findChunksBefore = (db: Database, id: number, before: number) =>
  db
    .selectFrom('data_import_chunk')
    .select(['position', 'rows'])
    .where('id_import', '=', id)
    .where('position', '<', before)
    .orderBy('position')
    .execute();

export const deleteChunks = (db: Database, id: number) =>
  db.deleteFrom('data_import_chunk').where('id_import', '=', id).execute();

// ——— report items ———

export async function insertItems(db: Database, items: ReadonlyArray<Insertable<DataImportItemTable>>) {
  for (let start = 0; start < items.length; start += 1000)
    await db
      .insertInto('data_import_item')
      .values(items.slice(start, start + 1000))
      .execute();
}

export const findItems = (db: Database, id: number, outcome: string | undefined, skip: number, limit: number) => {
  let query = db
    .selectFrom('data_import_item')
    .select(['row', 'outcome', 'reason', 'id_vc_card'])
    .where('id_import', '=', id);
  if (outcome) query = query.where('outcome', '=', outcome as DataImportItemTable['outcome']);
  return query.orderBy('row').orderBy('id').offset(skip).limit(limit).execute();
};

export async function countItems(db: Database, id: number, outcome: string | undefined): Promise<number> {
  let query = db
    .selectFrom('data_import_item')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id_import', '=', id);
  if (outcome) query = query.where('outcome', '=', outcome as DataImportItemTable['outcome']);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The created and updated cards of an import, in pages by item id. */
export const findWrittenItems = (db: Database, id: number, afterId: number, limit: number) =>
  db
    .selectFrom('data_import_item')
    .select(['id', 'row', 'outcome', 'id_vc_card', 'before'])
    .where('id_import', '=', id)
    .where('outcome', 'in', ['created', 'updated'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

export const markItemsKept = (db: Database, ids: readonly number[], reason: string) =>
  ids.length === 0
    ? Promise.resolve()
    : db.updateTable('data_import_item').set({ outcome: 'kept', reason }).where('id', 'in', ids).execute();

// ——— customers: duplicate lookups, batch writes, undo guards ———

/** Customer cards by e-mail address (stored lower-cased). */
export const findCustomersByEmails = (db: Database, emails: readonly string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('vc_field')
        .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_field.id_vc_person')
        .innerJoin('vc_card', 'vc_card.id_vc_card', 'vc_person.id_vc_card')
        .select(['vc_field.value', 'vc_card.id_vc_card'])
        .where('vc_field.id_vc_field_type', '=', 1)
        .where('vc_field.value', 'in', emails)
        .where('vc_card.kind', '=', 'customer')
        .execute();

/** Customers by the sort key of their card name ("surname, first name" after DIN 5007), with their person key's parts. */
export const findCustomersBySortNames = (db: Database, sortNames: readonly string[]) =>
  sortNames.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('vc_card')
        .innerJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
        .leftJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
        .select([
          'vc_card.id_vc_card',
          'vc_person.first_name',
          'vc_person.surname',
          'vc_person.birthday',
          'vc_address.zip',
        ])
        .where('vc_card.kind', '=', 'customer')
        .where('vc_card.sort_name', 'in', sortNames)
        .where('vc_person.birthday', 'is not', null)
        .execute();

/** Inserts cards in one statement; answers their ids in the order of `cards` (ids grow within one insert). */
export async function insertCards(db: Database, cards: ReadonlyArray<Insertable<VcCardTable>>): Promise<number[]> {
  const rows = await db.insertInto('vc_card').values(cards).returning('id_vc_card').execute();
  return rows.map((row) => row.id_vc_card).sort((a, b) => a - b);
}

/** Inserts persons in one statement; answers person id by card id. */
export async function insertPersons(db: Database, persons: ReadonlyArray<Insertable<VcPersonTable>>) {
  const rows = await db.insertInto('vc_person').values(persons).returning(['id_vc_person', 'id_vc_card']).execute();
  return new Map(rows.map((row) => [row.id_vc_card, row.id_vc_person]));
}

export const insertAddresses = (db: Database, addresses: ReadonlyArray<Insertable<VcAddressTable>>) =>
  db.insertInto('vc_address').values(addresses).execute();

export const insertFieldRows = (db: Database, fields: ReadonlyArray<Insertable<VcFieldTable>>) =>
  db.insertInto('vc_field').values(fields).execute();

/**
 * Writes the list keys (search text, sort phone and e-mail) of many cards in one statement: an update from a VALUES
 * list (its columns are `column1…` on both engines).
 */
export async function updateListKeys(
  db: Database,
  keys: ReadonlyArray<{ id: number; search_text: string; sort_phone: string | null; sort_email: string | null }>,
) {
  if (keys.length === 0) return;
  const values = sql.join(
    keys.map(
      (entry) =>
        sql`(cast(${entry.id} as integer), cast(${entry.search_text} as text), cast(${entry.sort_phone} as text), cast(${entry.sort_email} as text))`,
    ),
  );
  await sql`update vc_card set search_text = v.column2, sort_phone = v.column3, sort_email = v.column4
    from (values ${values}) as v where vc_card.id_vc_card = v.column1`.execute(db);
}

/** Of the cards, those that book a booking made after `since` (or at all), and those that are somebody's login. */
export async function findUndoBlockers(db: Database, cardIds: readonly number[], since: string | null) {
  if (cardIds.length === 0) return { booked: new Set<number>(), login: new Set<number>() };
  let bookings = db.selectFrom('booking').select('id_booker_card').distinct().where('id_booker_card', 'in', cardIds);
  if (since) bookings = bookings.where('created_at', '>=', since);
  const logins = db.selectFrom('user_account').select('id_vc_card').distinct().where('id_vc_card', 'in', cardIds);
  const booked = await bookings.execute();
  const login = await logins.execute();
  return {
    booked: new Set(booked.map((row) => row.id_booker_card!)),
    login: new Set(login.map((row) => row.id_vc_card!)),
  };
}

/** Removes customer cards (person, address and contact rows go with them). */
export const deleteCustomerCards = (db: Database, cardIds: readonly number[]) =>
  cardIds.length === 0
    ? Promise.resolve()
    : db.deleteFrom('vc_card').where('id_vc_card', 'in', cardIds).where('kind', '=', 'customer').execute();

export const existingCards = async (db: Database, cardIds: readonly number[]) =>
  new Set(
    cardIds.length === 0
      ? []
      : (await db.selectFrom('vc_card').select('id_vc_card').where('id_vc_card', 'in', cardIds).execute()).map(
          (row) => row.id_vc_card,
        ),
  );
