import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { ZTodo, type Todo } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, isTrue, type DialectName } from '../../db/dialect.ts';
import { contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { TodoTable } from './todos.table.ts';

/** The SQL of the office's to-dos (docs/adr/0028). */

const todoQuery = (db: Database) =>
  db
    .selectFrom('todo')
    .leftJoin('user_account as assignee', 'assignee.id', 'todo.id_assignee')
    .leftJoin('user_account as author', 'author.id', 'todo.created_by')
    .leftJoin('vc_card as customer', 'customer.id_vc_card', 'todo.id_vc_card')
    .select([
      'todo.id',
      'todo.title',
      'todo.notes',
      'todo.due_date',
      'todo.due_time',
      'todo.due_at',
      'todo.id_assignee',
      'todo.created_by',
      'todo.done',
      'todo.done_at',
      'todo.id_vc_card',
      'todo.id_booking',
      'todo.created_at',
      'todo.updated_at',
      'assignee.firstname as assignee_firstname',
      'assignee.lastname as assignee_lastname',
      'author.firstname as author_firstname',
      'author.lastname as author_lastname',
      'customer.name as customer_name',
    ]);
export type TodoRow = Awaited<ReturnType<ReturnType<typeof todoQuery>['executeTakeFirstOrThrow']>>;

/** GET /todos */
export const TODO_LIST_SPEC: ListSpec<Todo> = {
  table: 'todo',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  // Open ones by due moment (none last), then the newest.
  defaultSort: [
    ['done', 1],
    ['dueAt', 1],
  ],
  ownParams: ['scope', 'state', 'overdue'],
  fields: {
    id: { column: 'todo.id', type: 'number' },
    title: { column: 'todo.title', type: 'string' },
    dueDate: { column: 'todo.due_date', type: 'string', nullable: true },
    dueAt: { column: 'todo.due_at', type: 'date', nullable: true },
    assigneeId: { column: 'todo.id_assignee', type: 'number', nullable: true },
    createdBy: { column: 'todo.created_by', type: 'number', nullable: true },
    done: { column: 'todo.done', type: 'boolean' },
    id_vc_card: { column: 'todo.id_vc_card', type: 'number', nullable: true },
    id_booking: { column: 'todo.id_booking', type: 'number', nullable: true },
    createdAt: { column: 'todo.created_at', type: 'date' },
    updatedAt: { column: 'todo.updated_at', type: 'date' },
  },
  selectable: contractFields(ZTodo),
};

export type TodoListFilter = {
  userId: number;
  scope: 'mine' | 'assignedByMe' | 'all';
  state?: 'open' | 'done';
  /** open and due before this instant */
  overdueBefore?: string;
  words: readonly string[];
};

export function todoListBase(db: Database, dialect: DialectName, filter: TodoListFilter) {
  let query = todoQuery(db);
  if (filter.scope === 'mine') query = query.where('todo.id_assignee', '=', filter.userId);
  if (filter.scope === 'assignedByMe')
    query = query
      .where('todo.created_by', '=', filter.userId)
      .where((eb) => eb.or([eb('todo.id_assignee', 'is', null), eb('todo.id_assignee', '<>', filter.userId)]));
  if (filter.state === 'open') query = query.where(sql<SqlBool>`not ${sql.ref('todo.done')}`);
  if (filter.state === 'done') query = query.where(isTrue('todo.done'));
  if (filter.overdueBefore)
    query = query.where(sql<SqlBool>`not ${sql.ref('todo.done')}`).where('todo.due_at', '<', filter.overdueBefore);
  if (filter.words.length > 0) query = query.where(containsAllWords(dialect, 'todo.search_text', filter.words));
  return query;
}

export const findTodo = (db: Database, id: number) => todoQuery(db).where('todo.id', '=', id).executeTakeFirst();

export async function insertTodo(db: Database, values: Insertable<TodoTable>): Promise<number> {
  const row = await db.insertInto('todo').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTodoRow(db: Database, id: number, values: Updateable<TodoTable>): Promise<void> {
  await db.updateTable('todo').set(values).where('id', '=', id).execute();
}

export async function deleteTodoRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('todo').where('id', '=', id).execute();
}

/** Open to-dos with an assignee whose due moment has come and whose bell has not rung for that moment. */
export const findDueTodos = (db: Database, now: string) =>
  db
    .selectFrom('todo')
    .select(['id', 'title', 'id_assignee', 'due_date', 'due_at'])
    .where(sql<SqlBool>`not ${sql.ref('done')}`)
    .where('id_assignee', 'is not', null)
    .where('due_at', '<=', now)
    .where((eb) => eb.or([eb('due_rung_at', 'is', null), eb('due_rung_at', '<>', eb.ref('due_at'))]))
    .orderBy('due_at')
    .limit(500)
    .execute();

export async function markTodoRung(db: Database, id: number, dueAt: string | Date): Promise<void> {
  await db.updateTable('todo').set({ due_rung_at: dueAt }).where('id', '=', id).execute();
}

/** The active back-office users (staff without an agency) with their role, for the assignee choice. */
export const findOfficeStaff = (db: Database) =>
  db
    .selectFrom('user_account as u')
    .innerJoin('role as r', 'r.id_roles', 'u.id_roles')
    .leftJoin('vc_card as c', 'c.id_vc_card', 'u.id_vc_card')
    .select(['u.id', 'u.firstname', 'u.lastname', 'r.role', 'r.admin', 'r.access'])
    .where('u.kind', '=', 'staff')
    .where(isTrue('u.is_active'))
    .where('c.id_organization', 'is', null)
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .execute();

export const cardExists = async (db: Database, id: number) =>
  (await db.selectFrom('vc_card').select('id_vc_card').where('id_vc_card', '=', id).executeTakeFirst()) !== undefined;

export const bookingExists = async (db: Database, id: number) =>
  (await db.selectFrom('booking').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
