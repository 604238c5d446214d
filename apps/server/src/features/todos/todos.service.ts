import {
  buildSearchText,
  hasPermission,
  parseAccessText,
  searchWords,
  type Assignee,
  type CreateTodoBody,
  type ListQuery,
  type Todo,
  type TodoFilters,
  type UpdateTodoBody,
} from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { berlinLocalToUtc } from '../newsletter-campaigns/newsletter-campaigns.service.ts';
import { addStaffNotices, notifyStaff, ringBells } from '../staff-notifications/staff-notifications.service.ts';
import {
  TODO_LIST_SPEC,
  bookingExists,
  cardExists,
  deleteTodoRow,
  findDueTodos,
  findOfficeStaff,
  findTodo,
  insertTodo,
  markTodoRung,
  todoListBase,
  updateTodoRow,
  type TodoRow,
} from './todos.repository.ts';

/**
 * The office's to-dos (issue #17, docs/adr/0028): who gets one, when it falls due, and the bells it rings — the
 * assignee's when someone else gives it to them (`todoAssigned`) and when it falls due (`todoDue`, by the job).
 */

type Publish = (event: RealtimeEvent) => Promise<void>;

/** How often the scheduler looks for to-dos that have fallen due. */
export const TODO_DUE_JOB_EVERY_MS = 60_000;

/**
 * The to-dos and the task board are the office's: a user whose card belongs to an agency, or an app user, gets
 * 403 whatever their role grants (spec §6: agency users never see office data).
 */
export function assertOfficeUser(auth: AuthUser): void {
  if (auth.kind !== 'staff' || auth.agencyId !== null) throw forbidden();
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ') || null;

/** The instant a to-do falls due: its date and time (or the start of the day) in Europe/Berlin. */
export function dueInstant(dueDate: string | null, dueTime: string | null): string | null {
  if (!dueDate) return null;
  return berlinLocalToUtc(`${dueDate}T${dueTime ?? '00:00'}`)?.toISOString() ?? null;
}

const toTodo = (row: TodoRow, now: string): Todo => {
  const dueAt = toIso(row.due_at);
  const done = toBool(row.done);
  return {
    id: row.id,
    title: row.title,
    notes: row.notes,
    dueDate: row.due_date === null ? null : String(row.due_date).slice(0, 10),
    dueTime: row.due_time,
    dueAt,
    overdue: !done && dueAt !== null && dueAt < now,
    assigneeId: row.id_assignee,
    assigneeName: fullName(row.assignee_firstname, row.assignee_lastname),
    createdBy: row.created_by,
    createdByName: fullName(row.author_firstname, row.author_lastname),
    done,
    doneAt: toIso(row.done_at),
    id_vc_card: row.id_vc_card,
    customerName: row.customer_name ?? null,
    id_booking: row.id_booking,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
};

/** The office's staff who may work with to-dos and tasks (todo-read), by name: whom one can be given to. */
export async function listAssignees(db: Database): Promise<Assignee[]> {
  const rows = await findOfficeStaff(db);
  return rows
    .filter((row) =>
      hasPermission({ admin: Boolean(row.admin), role: row.role, access: parseAccessText(row.access) }, 'todo-read'),
    )
    .map((row) => ({ id: row.id, name: fullName(row.firstname, row.lastname) ?? `#${row.id}` }));
}

/** 400 on `field` unless `userId` is a member of the office who may read to-dos. */
export async function assertAssignee(db: Database, userId: number, field = 'assigneeId'): Promise<void> {
  if (!(await listAssignees(db)).some((assignee) => assignee.id === userId)) throw invalidField(field, 'error.invalid');
}

async function assertLinks(db: Database, body: UpdateTodoBody): Promise<void> {
  if (body.assigneeId) await assertAssignee(db, body.assigneeId);
  if (body.id_vc_card && !(await cardExists(db, body.id_vc_card))) throw invalidField('id_vc_card', 'error.invalid');
  if (body.id_booking && !(await bookingExists(db, body.id_booking))) throw invalidField('id_booking', 'error.invalid');
}

export async function listTodos(ctx: DbContext, query: ListQuery & TodoFilters, userId: number, now = nowIso()) {
  const base = todoListBase(ctx.db, ctx.dialect, {
    userId,
    scope: query.scope ?? 'mine',
    state: query.state,
    overdueBefore: query.overdue === 'true' ? now : undefined,
    words: searchWords(query['lit-search']),
  });
  return runList(ctx, TODO_LIST_SPEC, query, base, (rows) => rows.map((row) => toTodo(row, now)));
}

export async function getTodo(ctx: DbContext, id: number, now = nowIso()): Promise<Todo> {
  const row = await findTodo(ctx.db, id);
  if (!row) throw notFound();
  return toTodo(row, now);
}

/** The assignee hears of a to-do someone else gave them. */
const assignedNotice = (id: number, title: string) => ({
  kind: 'todoAssigned' as const,
  text: title,
  link: `/time/todo/${id}`,
});

export async function createTodo(
  ctx: DbContext,
  publish: Publish,
  body: CreateTodoBody,
  authorId: number,
): Promise<Todo> {
  const assigneeId = body.assigneeId ?? authorId;
  const { id, rung } = await inTransaction(ctx, async (trx) => {
    await assertLinks(trx.db, { ...body, assigneeId });
    const now = nowIso();
    const dueDate = body.dueDate ?? null;
    const dueTime = dueDate ? (body.dueTime ?? null) : null;
    const id = await insertTodo(trx.db, {
      title: body.title,
      notes: body.notes ?? null,
      due_date: dueDate,
      due_time: dueTime,
      due_at: dueInstant(dueDate, dueTime),
      id_assignee: assigneeId,
      created_by: authorId,
      done: body.done ?? false,
      done_at: body.done ? now : null,
      id_vc_card: body.id_vc_card ?? null,
      id_booking: body.id_booking ?? null,
      search_text: buildSearchText([body.title, body.notes]),
      created_at: now,
      updated_at: now,
    });
    const rung =
      assigneeId !== authorId ? await addStaffNotices(trx.db, [assigneeId], assignedNotice(id, body.title)) : [];
    return { id, rung };
  });
  await ringBells(publish, rung);
  return getTodo(ctx, id);
}

export async function updateTodo(
  ctx: DbContext,
  publish: Publish,
  id: number,
  body: UpdateTodoBody,
  actorId: number,
): Promise<Todo> {
  const rung = await inTransaction(ctx, async (trx) => {
    const current = await findTodo(trx.db, id);
    if (!current) throw notFound();
    await assertLinks(trx.db, body);
    const now = nowIso();
    const dueDate =
      body.dueDate !== undefined
        ? body.dueDate
        : current.due_date === null
          ? null
          : String(current.due_date).slice(0, 10);
    const dueTime = dueDate ? (body.dueTime !== undefined ? body.dueTime : current.due_time) : null;
    const wasDone = toBool(current.done);
    const done = body.done ?? wasDone;
    await updateTodoRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      due_date: dueDate,
      due_time: dueTime ?? null,
      due_at: dueInstant(dueDate, dueTime ?? null),
      ...(body.assigneeId !== undefined ? { id_assignee: body.assigneeId } : {}),
      ...(body.id_vc_card !== undefined ? { id_vc_card: body.id_vc_card } : {}),
      ...(body.id_booking !== undefined ? { id_booking: body.id_booking } : {}),
      done,
      done_at: done ? (wasDone ? (current.done_at ?? now) : now) : null,
      search_text: buildSearchText([
        body.title ?? current.title,
        body.notes !== undefined ? body.notes : current.notes,
      ]),
      updated_at: now,
    });
    const newAssignee = body.assigneeId;
    if (newAssignee && newAssignee !== current.id_assignee && newAssignee !== actorId)
      return addStaffNotices(trx.db, [newAssignee], assignedNotice(id, body.title ?? current.title));
    return [];
  });
  await ringBells(publish, rung);
  return getTodo(ctx, id);
}

export async function deleteTodo(ctx: DbContext, id: number): Promise<Todo> {
  const todo = await getTodo(ctx, id);
  await deleteTodoRow(ctx.db, id);
  return todo;
}

/**
 * The due job: each open to-do whose due moment has come rings its assignee's bell once for that moment (the
 * dedupe key names the to-do and its due date, so a second instance, or a run after a crash, adds nothing). A
 * to-do moved to a later date rings again when that comes.
 */
export async function ringDueTodos(ctx: DbContext, publish: Publish, now: Date): Promise<number> {
  let rung = 0;
  for (const todo of await findDueTodos(ctx.db, now.toISOString())) {
    const dueAt = toIso(todo.due_at)!;
    const added = await notifyStaff(ctx, publish, [todo.id_assignee!], {
      kind: 'todoDue',
      text: todo.title,
      link: `/time/todo/${todo.id}`,
      dedupeKey: `todo-due:${todo.id}:${dueAt}`,
    });
    await markTodoRung(ctx.db, todo.id, dueAt);
    rung += added.length;
  }
  return rung;
}
