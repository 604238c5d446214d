import type { Insertable, Updateable } from 'kysely';
import { ZSeatPlan, type SeatPlan } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { SeatPlanTable } from './seat-plans.table.ts';

/** SQL of seat plans (seat_plan): reusable coach layouts. */

export const seatPlanBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('seat_plan')
    .select([
      'seat_plan.id',
      'seat_plan.name',
      'seat_plan.description',
      'seat_plan.layout',
      'seat_plan.seat_count',
      'seat_plan.active',
      'seat_plan.created_at',
      'seat_plan.updated_at',
    ]),
);
export type SeatPlanRow = Awaited<ReturnType<ReturnType<typeof seatPlanBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /seat-plans: search over the name (a few dozen plans: a plain substring test), sort by name (DIN 5007). */
export const SEAT_PLAN_LIST_SPEC: ListSpec<SeatPlan> = {
  table: 'seat_plan',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'seat_plan.id', type: 'number' },
    name: { column: 'seat_plan.name', sortColumn: 'seat_plan.sort_name', type: 'string' },
    seat_count: { column: 'seat_plan.seat_count', type: 'number' },
    active: { column: 'seat_plan.active', type: 'boolean' },
    createdAt: { column: 'seat_plan.created_at', type: 'date' },
    updatedAt: { column: 'seat_plan.updated_at', type: 'date' },
  },
  selectable: contractFields(ZSeatPlan),
};

/** The list's base query, narrowed to names containing every (normalised) search word. */
export function seatPlanListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = seatPlanBaseQuery(db);
  const countBase = db.selectFrom('seat_plan').select('seat_plan.id');
  if (words.length === 0) return { base, countBase };
  const condition = containsAllWords(dialect, 'seat_plan.sort_name', words);
  return { base: base.where(condition), countBase: countBase.where(condition) };
}

export const findSeatPlanById = (db: Database, id: number) =>
  seatPlanBaseQuery(db).where('seat_plan.id', '=', id).executeTakeFirst();

export async function insertSeatPlan(db: Database, values: Insertable<SeatPlanTable>): Promise<number> {
  const row = await db.insertInto('seat_plan').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Several plans at once (demo data); their ids in the order given. */
export async function insertSeatPlans(db: Database, values: Insertable<SeatPlanTable>[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insertInto('seat_plan').values(values).returning('id').execute();
  return rows.map((row) => row.id);
}

export async function updateSeatPlanRow(db: Database, id: number, values: Updateable<SeatPlanTable>) {
  await db.updateTable('seat_plan').set(values).where('id', '=', id).execute();
}

/** Deletes the plan; transports keep their copy (transport.id_seat_plan becomes null). */
export async function deleteSeatPlanRow(db: Database, id: number) {
  await db.deleteFrom('seat_plan').where('id', '=', id).execute();
}
