import type { Insertable, Updateable } from 'kysely';
import { ZDefaultComponent, type DefaultComponent } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { DefaultComponentTable } from './default-components.table.ts';

/** All SQL of the default component: plain functions taking the database (or a transaction) first. */
const defaultComponentQuery = builtOnce((db: Database) =>
  db.selectFrom('default_component').select(['id', 'name', 'description', 'active', 'created_at', 'updated_at']),
);
export type DefaultComponentRow = Awaited<
  ReturnType<ReturnType<typeof defaultComponentQuery>['executeTakeFirstOrThrow']>
>;

/** GET /defaultcomponent: the fields a list may sort and filter by. */
export const DEFAULT_COMPONENT_LIST_SPEC: ListSpec<DefaultComponent> = {
  table: 'default_component',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'default_component.id', type: 'number' },
    name: { column: 'default_component.name', sortColumn: 'default_component.sort_name', type: 'string' },
    description: { column: 'default_component.description', type: 'string', nullable: true },
    active: { column: 'default_component.active', type: 'boolean' },
    createdAt: { column: 'default_component.created_at', type: 'date' },
    updatedAt: { column: 'default_component.updated_at', type: 'date' },
  },
  selectable: contractFields(ZDefaultComponent),
};

export function defaultComponentListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = defaultComponentQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'default_component.sort_name', words));
}

export const findDefaultComponent = (db: Database, id: number) =>
  defaultComponentQuery(db).where('id', '=', id).executeTakeFirst();

export async function insertDefaultComponent(db: Database, values: Insertable<DefaultComponentTable>): Promise<number> {
  const row = await db.insertInto('default_component').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDefaultComponentRow(db: Database, id: number, values: Updateable<DefaultComponentTable>) {
  await db.updateTable('default_component').set(values).where('id', '=', id).execute();
}

export async function deleteDefaultComponentRow(db: Database, id: number) {
  await db.deleteFrom('default_component').where('id', '=', id).execute();
}
