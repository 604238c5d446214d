import { sql, type Insertable, type Updateable } from 'kysely';
import { ZDestination, type Destination } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { JrnDestinationTable } from './destinations.table.ts';

/** A destination with the number of journeys going there. */
export const destinationBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('jrn_destination')
    .select([
      'jrn_destination.id_jrn_destination',
      'jrn_destination.name',
      'jrn_destination.active',
      'jrn_destination.seo_title',
      'jrn_destination.seo_description',
      'jrn_destination.seo_text',
      'jrn_destination.id_picture',
      'jrn_destination.countries',
      'jrn_destination.created_at',
      'jrn_destination.updated_at',
      sql<
        number | string
      >`(select count(*) from jrn_journey where jrn_journey.id_jrn_destination = jrn_destination.id_jrn_destination)`.as(
        'journey_count',
      ),
    ]),
);

export type DestinationRow = Awaited<ReturnType<ReturnType<typeof destinationBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /journey/destination: which API field reads which column. */
export const DESTINATION_LIST_SPEC: ListSpec<Destination, 'journey_count'> = {
  table: 'jrn_destination',
  idColumn: 'id_jrn_destination',
  idField: 'id',
  // A few dozen rows: the name is searched with a plain substring test (see destinationListBase).
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'jrn_destination.id_jrn_destination', type: 'number' },
    id_jrn_destination: { column: 'jrn_destination.id_jrn_destination', type: 'number' },
    name: { column: 'jrn_destination.name', sortColumn: 'jrn_destination.sort_name', type: 'string' },
    active: { column: 'jrn_destination.active', type: 'boolean' },
    seo_title: { column: 'jrn_destination.seo_title', type: 'string', nullable: true },
    journey_count: { column: 'journey_count', type: 'number', filterable: false },
    createdAt: { column: 'jrn_destination.created_at', type: 'date' },
    updatedAt: { column: 'jrn_destination.updated_at', type: 'date' },
  },
  selectable: contractFields(ZDestination),
};

/**
 * The list's base query, narrowed to names containing every search word (normalised, see `searchWords`). The
 * list is counted on it too: it is short, and its journey count can be sorted on.
 */
export function destinationListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = destinationBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'jrn_destination.sort_name', words));
}

export const findDestinationById = (db: Database, id: number) =>
  destinationBaseQuery(db).where('jrn_destination.id_jrn_destination', '=', id).executeTakeFirst();

export async function insertDestination(db: Database, values: Insertable<JrnDestinationTable>): Promise<number> {
  const row = await db
    .insertInto('jrn_destination')
    .values(values)
    .returning('id_jrn_destination')
    .executeTakeFirstOrThrow();
  return row.id_jrn_destination;
}

export async function updateDestinationRow(db: Database, id: number, values: Updateable<JrnDestinationTable>) {
  await db.updateTable('jrn_destination').set(values).where('id_jrn_destination', '=', id).execute();
}

export async function deleteDestinationRow(db: Database, id: number) {
  await db.deleteFrom('jrn_destination').where('id_jrn_destination', '=', id).execute();
}

export async function destinationRowExists(db: Database, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('jrn_destination')
    .select('id_jrn_destination')
    .where('id_jrn_destination', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Up to `limit` journeys going to the destination (for the refusal to delete it). */
export const findJourneysOfDestination = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('jrn_journey')
    .select(['id_jrn_journey as id', 'title'])
    .where('id_jrn_destination', '=', id)
    .orderBy('sort_title')
    .orderBy('id_jrn_journey')
    .limit(limit)
    .execute();

/** Whether a stored file with this id exists (a destination's picture must). */
export async function storedFileExists(db: Database, id: number): Promise<boolean> {
  const row = await db.selectFrom('stored_file').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
