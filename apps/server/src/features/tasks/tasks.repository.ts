import { sql, type Insertable, type Updateable } from 'kysely';
import { ZTask, type Task, type TaskStatus } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { TaskTable } from './tasks.table.ts';

/** The SQL of the task board (docs/adr/0028). */

const taskQuery = (db: Database) =>
  db
    .selectFrom('task')
    .leftJoin('user_account as assignee', 'assignee.id', 'task.id_assignee')
    .select([
      'task.id',
      'task.title',
      'task.description',
      'task.status',
      'task.position',
      'task.id_assignee',
      'task.id_booking',
      'task.created_by',
      'task.created_at',
      'task.updated_at',
      'assignee.firstname as assignee_firstname',
      'assignee.lastname as assignee_lastname',
    ]);
export type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

/** GET /tasks */
export const TASK_LIST_SPEC: ListSpec<Task> = {
  table: 'task',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [
    ['status', 1],
    ['position', 1],
  ],
  fields: {
    id: { column: 'task.id', type: 'number' },
    title: { column: 'task.title', type: 'string' },
    status: { column: 'task.status', type: 'string' },
    position: { column: 'task.position', type: 'number' },
    assigneeId: { column: 'task.id_assignee', type: 'number', nullable: true },
    id_booking: { column: 'task.id_booking', type: 'number', nullable: true },
    createdAt: { column: 'task.created_at', type: 'date' },
    updatedAt: { column: 'task.updated_at', type: 'date' },
  },
  selectable: contractFields(ZTask),
};

export function taskListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = taskQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'task.search_text', words));
}

export const findTask = (db: Database, id: number) => taskQuery(db).where('task.id', '=', id).executeTakeFirst();

/** Every card, column by column, top first. */
export const findBoardTasks = (db: Database) =>
  taskQuery(db).orderBy('task.status').orderBy('task.position').orderBy('task.id').execute();

/**
 * Holds the board for the rest of the transaction, so moves, new cards and deletions renumber the columns one
 * after another: an advisory lock on PostgreSQL (across instances); SQLite's write transactions (BEGIN
 * IMMEDIATE) already run one at a time.
 */
export async function lockBoard(db: Database, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('tourdesk task board'))`.execute(db);
}

/** The ids of a column's cards, top first. */
export async function columnTaskIds(db: Database, status: TaskStatus): Promise<number[]> {
  const rows = await db
    .selectFrom('task')
    .select(['id', 'position'])
    .where('status', '=', status)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Writes `ids` as the column `status`, top first (only the rows whose place changes). */
export async function writeColumn(
  db: Database,
  status: TaskStatus,
  ids: readonly number[],
  now: string,
  moved: number | null,
): Promise<void> {
  const current = await db
    .selectFrom('task')
    .select(['id', 'status', 'position'])
    .where('id', 'in', ids.length > 0 ? [...ids] : [0])
    .execute();
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const [position, id] of ids.entries()) {
    const row = byId.get(id);
    if (row && row.status === status && row.position === position && id !== moved) continue;
    await db
      .updateTable('task')
      .set({ status, position, ...(id === moved ? { updated_at: now } : {}) })
      .where('id', '=', id)
      .execute();
  }
}

export async function insertTask(db: Database, values: Insertable<TaskTable>): Promise<number> {
  const row = await db.insertInto('task').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTaskRow(db: Database, id: number, values: Updateable<TaskTable>): Promise<void> {
  await db.updateTable('task').set(values).where('id', '=', id).execute();
}

export async function deleteTaskRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('task').where('id', '=', id).execute();
}

export const bookingExists = async (db: Database, id: number) =>
  (await db.selectFrom('booking').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
