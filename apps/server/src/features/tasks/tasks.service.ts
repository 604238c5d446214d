import {
  buildSearchText,
  searchWords,
  type CreateTaskBody,
  type ListQuery,
  type MoveTaskBody,
  type Task,
  type TaskBoard,
  type TaskStatus,
  type UpdateTaskBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { DbContext } from '../../types.ts';
import { addStaffNotices, ringBells } from '../staff-notifications/staff-notifications.service.ts';
import { assertAssignee } from '../todos/todos.service.ts';
import {
  TASK_LIST_SPEC,
  bookingExists,
  columnTaskIds,
  deleteTaskRow,
  findBoardTasks,
  findTask,
  insertTask,
  lockBoard,
  taskListBase,
  updateTaskRow,
  writeColumn,
  type TaskRow,
} from './tasks.repository.ts';

/**
 * The task board (issue #17, docs/adr/0028). Every change that touches the order — a move, a new card, a card
 * leaving its column — holds the board lock and renumbers the columns it touches in its transaction, so the
 * cards of a column are always numbered 0, 1, 2 … however many people move cards at once. After the commit the
 * realtime topic `board` hears which card changed; open boards read again.
 */

type Publish = (event: RealtimeEvent) => Promise<void>;

/** The realtime topic of the board, and its one event. */
export const BOARD_TOPIC = 'board';
export const BOARD_EVENT = 'board';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

const toTask = (row: TaskRow): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  position: row.position,
  assigneeId: row.id_assignee,
  assigneeName: fullName(row.assignee_firstname, row.assignee_lastname),
  id_booking: row.id_booking,
  createdBy: row.created_by,
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

const announce = (publish: Publish, taskId: number) =>
  publish({ topic: BOARD_TOPIC, type: BOARD_EVENT, data: { taskId } });

const assignedNotice = (title: string) => ({ kind: 'taskAssigned' as const, text: title, link: '/board' });

export function listTasks(ctx: DbContext, query: ListQuery) {
  const base = taskListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, TASK_LIST_SPEC, query, base, (rows) => rows.map(toTask));
}

export async function getTask(ctx: DbContext, id: number): Promise<Task> {
  const row = await findTask(ctx.db, id);
  if (!row) throw notFound();
  return toTask(row);
}

export async function getBoard(ctx: DbContext): Promise<TaskBoard> {
  const columns: Record<TaskStatus, Task[]> = { TODO: [], INPROGRESS: [], TESTING: [], DONE: [] };
  for (const row of await findBoardTasks(ctx.db)) columns[row.status].push(toTask(row));
  return { columns };
}

async function assertLinks(ctx: DbContext, body: UpdateTaskBody) {
  if (body.assigneeId) await assertAssignee(ctx.db, body.assigneeId);
  if (body.id_booking && !(await bookingExists(ctx.db, body.id_booking)))
    throw invalidField('id_booking', 'error.invalid');
}

export async function createTask(
  ctx: DbContext,
  publish: Publish,
  body: CreateTaskBody,
  actorId: number,
): Promise<Task> {
  const { id, rung } = await inTransaction(ctx, async (trx) => {
    await assertLinks(trx, body);
    await lockBoard(trx.db, trx.dialect);
    const status = body.status ?? 'TODO';
    const now = nowIso();
    const id = await insertTask(trx.db, {
      title: body.title,
      description: body.description ?? null,
      status,
      position: (await columnTaskIds(trx.db, status)).length,
      id_assignee: body.assigneeId ?? null,
      id_booking: body.id_booking ?? null,
      created_by: actorId,
      search_text: buildSearchText([body.title, body.description]),
      created_at: now,
      updated_at: now,
    });
    const rung =
      body.assigneeId && body.assigneeId !== actorId
        ? await addStaffNotices(trx.db, [body.assigneeId], assignedNotice(body.title))
        : [];
    return { id, rung };
  });
  await ringBells(publish, rung);
  await announce(publish, id);
  return getTask(ctx, id);
}

export async function updateTask(
  ctx: DbContext,
  publish: Publish,
  id: number,
  body: UpdateTaskBody,
  actorId: number,
): Promise<Task> {
  const rung = await inTransaction(ctx, async (trx) => {
    await assertLinks(trx, body);
    await lockBoard(trx.db, trx.dialect);
    const current = await findTask(trx.db, id);
    if (!current) throw notFound();
    const now = nowIso();
    await updateTaskRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.assigneeId !== undefined ? { id_assignee: body.assigneeId } : {}),
      ...(body.id_booking !== undefined ? { id_booking: body.id_booking } : {}),
      search_text: buildSearchText([
        body.title ?? current.title,
        body.description !== undefined ? body.description : current.description,
      ]),
      updated_at: now,
    });
    // Another column: the card goes to its bottom, and the old column closes the gap.
    if (body.status && body.status !== current.status) {
      const target = await columnTaskIds(trx.db, body.status);
      await writeColumn(trx.db, body.status, [...target, id], now, id);
      const source = (await columnTaskIds(trx.db, current.status)).filter((other) => other !== id);
      await writeColumn(trx.db, current.status, source, now, null);
    }
    const assignee = body.assigneeId;
    if (assignee && assignee !== current.id_assignee && assignee !== actorId)
      return addStaffNotices(trx.db, [assignee], assignedNotice(body.title ?? current.title));
    return [];
  });
  await ringBells(publish, rung);
  await announce(publish, id);
  return getTask(ctx, id);
}

/**
 * Puts a card into `status` right after `afterId` (at the top without one), in one transaction under the board
 * lock: the target column is renumbered with the card in its new place, the column it left closes its gap. A
 * neighbour that is not (or no longer) in the target column puts the card at the bottom.
 */
export async function moveTask(ctx: DbContext, publish: Publish, id: number, body: MoveTaskBody): Promise<Task> {
  if (body.afterId === id) throw invalidField('afterId', 'error.invalid');
  await inTransaction(ctx, async (trx) => {
    await lockBoard(trx.db, trx.dialect);
    const current = await findTask(trx.db, id);
    if (!current) throw notFound();
    const now = nowIso();
    const target = (await columnTaskIds(trx.db, body.status)).filter((other) => other !== id);
    const after = body.afterId ? target.indexOf(body.afterId) : -1;
    const index = !body.afterId ? 0 : after >= 0 ? after + 1 : target.length;
    target.splice(index, 0, id);
    await writeColumn(trx.db, body.status, target, now, id);
    if (current.status !== body.status) {
      const source = (await columnTaskIds(trx.db, current.status)).filter((other) => other !== id);
      await writeColumn(trx.db, current.status, source, now, null);
    }
  });
  await announce(publish, id);
  return getTask(ctx, id);
}

export async function deleteTask(ctx: DbContext, publish: Publish, id: number): Promise<Task> {
  const task = await inTransaction(ctx, async (trx) => {
    await lockBoard(trx.db, trx.dialect);
    const task = await getTask(trx, id);
    await deleteTaskRow(trx.db, id);
    await writeColumn(trx.db, task.status, await columnTaskIds(trx.db, task.status), nowIso(), null);
    return task;
  });
  await announce(publish, id);
  return task;
}
