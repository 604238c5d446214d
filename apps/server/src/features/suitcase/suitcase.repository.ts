import type { Insertable, Updateable } from 'kysely';
import { ZTravelbagTemplate, type TravelbagTemplate } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { SuitcaseTable, TravelbagTemplateTable } from './suitcase.table.ts';

/** SQL of travel-bag templates and suitcase lists. */

export const templateBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('travelbag_template')
    .select([
      'travelbag_template.id_travelbagtemplates',
      'travelbag_template.short',
      'travelbag_template.items',
      'travelbag_template.created_at',
      'travelbag_template.updated_at',
    ]),
);

export type TemplateRow = Awaited<ReturnType<ReturnType<typeof templateBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /app/travelbagtemplates: which API field reads which column. */
export const TEMPLATE_LIST_SPEC: ListSpec<TravelbagTemplate> = {
  table: 'travelbag_template',
  idColumn: 'id_travelbagtemplates',
  idField: 'id',
  searchable: false,
  defaultSort: [['short', 1]],
  fields: {
    id: { column: 'travelbag_template.id_travelbagtemplates', type: 'number' },
    id_travelbagtemplates: { column: 'travelbag_template.id_travelbagtemplates', type: 'number' },
    short: { column: 'travelbag_template.short', sortColumn: 'travelbag_template.sort_short', type: 'string' },
    createdAt: { column: 'travelbag_template.created_at', type: 'date' },
    updatedAt: { column: 'travelbag_template.updated_at', type: 'date' },
  },
  selectable: contractFields(ZTravelbagTemplate),
};

/** The list's base query, narrowed to names containing every search word. */
export function templateListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = templateBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'travelbag_template.sort_short', words));
}

export const findTemplateById = (db: Database, id: number) =>
  templateBaseQuery(db).where('travelbag_template.id_travelbagtemplates', '=', id).executeTakeFirst();

export const findAllTemplates = (db: Database) =>
  templateBaseQuery(db).orderBy('travelbag_template.sort_short').orderBy('id_travelbagtemplates').execute();

export async function insertTemplate(db: Database, values: Insertable<TravelbagTemplateTable>): Promise<number> {
  const row = await db
    .insertInto('travelbag_template')
    .values(values)
    .returning('id_travelbagtemplates')
    .executeTakeFirstOrThrow();
  return row.id_travelbagtemplates;
}

export async function updateTemplateRow(db: Database, id: number, values: Updateable<TravelbagTemplateTable>) {
  await db.updateTable('travelbag_template').set(values).where('id_travelbagtemplates', '=', id).execute();
}

export async function deleteTemplateRow(db: Database, id: number) {
  await db.deleteFrom('travelbag_template').where('id_travelbagtemplates', '=', id).execute();
}

/** The user's list for the booking, if one was ever synced. */
export const findSuitcase = (db: Database, userId: number, bookingId: number) =>
  db
    .selectFrom('suitcase')
    .select(['version', 'items'])
    .where('id_user', '=', userId)
    .where('id_booking', '=', bookingId)
    .executeTakeFirst();

/** The first list of a user and booking; false when another sync created it first. */
export async function insertSuitcase(db: Database, values: Insertable<SuitcaseTable>): Promise<boolean> {
  const result = await db
    .insertInto('suitcase')
    .values(values)
    .onConflict((conflict) => conflict.columns(['id_user', 'id_booking']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Writes the list if it is still at `version` (the phone's); false when it moved on in between. */
export async function updateSuitcaseAt(
  db: Database,
  key: { userId: number; bookingId: number; version: number },
  values: { items: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('suitcase')
    .set({ ...values, version: key.version + 1 })
    .where('id_user', '=', key.userId)
    .where('id_booking', '=', key.bookingId)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
