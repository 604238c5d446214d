import { sql, type Insertable, type Updateable } from 'kysely';
import { ZJourneyCategory, type JourneyCategory } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { JrnCategoryTable } from './journey-categories.table.ts';

/** A category with the number of journeys filed under it. */
export const categoryBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('jrn_category')
    .select([
      'jrn_category.id_jrn_category',
      'jrn_category.name',
      'jrn_category.active',
      'jrn_category.created_at',
      'jrn_category.updated_at',
      sql<
        number | string
      >`(select count(*) from jrn_journey where jrn_journey.id_jrn_category = jrn_category.id_jrn_category)`.as(
        'journey_count',
      ),
    ]),
);

export type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /journey/category: which API field reads which column. */
export const CATEGORY_LIST_SPEC: ListSpec<JourneyCategory, 'journey_count'> = {
  table: 'jrn_category',
  idColumn: 'id_jrn_category',
  idField: 'id',
  // 31 rows and a few more: the name is searched with a plain substring test (see categoryListBase).
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'jrn_category.id_jrn_category', type: 'number' },
    id_jrn_category: { column: 'jrn_category.id_jrn_category', type: 'number' },
    name: { column: 'jrn_category.name', sortColumn: 'jrn_category.sort_name', type: 'string' },
    active: { column: 'jrn_category.active', type: 'boolean' },
    journey_count: { column: 'journey_count', type: 'number', filterable: false },
    createdAt: { column: 'jrn_category.created_at', type: 'date' },
    updatedAt: { column: 'jrn_category.updated_at', type: 'date' },
  },
  selectable: contractFields(ZJourneyCategory),
};

/**
 * The list's base query, narrowed to names containing every search word (normalised, see `searchWords`). The
 * list is counted on it too: it is short, and its journey count can be sorted on.
 */
export function categoryListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = categoryBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'jrn_category.sort_name', words));
}

export const findCategoryById = (db: Database, id: number) =>
  categoryBaseQuery(db).where('jrn_category.id_jrn_category', '=', id).executeTakeFirst();

/** Every category, by name (GET /journey/category-all). */
export const findAllCategories = (db: Database) => categoryBaseQuery(db).orderBy('jrn_category.sort_name').execute();

export async function findCategoryActive(db: Database, id: number): Promise<boolean | number | undefined> {
  const row = await db.selectFrom('jrn_category').select('active').where('id_jrn_category', '=', id).executeTakeFirst();
  return row?.active;
}

export async function insertCategory(db: Database, values: Insertable<JrnCategoryTable>): Promise<number> {
  const row = await db.insertInto('jrn_category').values(values).returning('id_jrn_category').executeTakeFirstOrThrow();
  return row.id_jrn_category;
}

export async function updateCategoryRow(db: Database, id: number, values: Updateable<JrnCategoryTable>) {
  await db.updateTable('jrn_category').set(values).where('id_jrn_category', '=', id).execute();
}

export async function deleteCategoryRow(db: Database, id: number) {
  await db.deleteFrom('jrn_category').where('id_jrn_category', '=', id).execute();
}

/** Up to `limit` journeys filed under the category (for the refusal to delete it). */
export const findJourneysOfCategory = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('jrn_journey')
    .select(['id_jrn_journey as id', 'title'])
    .where('id_jrn_category', '=', id)
    .orderBy('sort_title')
    .orderBy('id_jrn_journey')
    .limit(limit)
    .execute();
