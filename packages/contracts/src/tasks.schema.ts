import { z } from 'zod';
import { MAX_ID, optionalText, requiredText } from './fields.ts';

/**
 * The task board (issue #17, docs/adr/0028): `/board` shows the columns of spec §2, `/task` the same tasks as a
 * list. Cards keep their order within a column on the server; `POST /tasks/{id}/move` places one between its new
 * neighbours, and `GET /tasks/stream` tells every open board that something moved (a hint: the board reads again).
 */
export const TASK_STATUSES = ['TODO', 'INPROGRESS', 'TESTING', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const optionalId = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ error: 'error.invalid' })
      .int('error.invalid')
      .positive('error.invalid')
      .max(MAX_ID, 'error.invalid')
      .nullable()
      .optional(),
  );

export const ZTask = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  /** 0, 1, 2 … within the column, top first */
  position: z.number().int(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  id_booking: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof ZTask>;

export const ZCreateTaskBody = z.object({
  title: requiredText({ max: 200 }),
  description: optionalText({ max: 4000 }),
  /** a new task goes to the bottom of its column (TODO when not given) */
  status: z.enum(TASK_STATUSES, { error: 'error.invalid' }).optional(),
  assigneeId: optionalId(),
  id_booking: optionalId(),
});
export type CreateTaskBody = z.infer<typeof ZCreateTaskBody>;

/** PATCH /tasks/{id}: the card's content; a change of `status` puts the card at the bottom of the new column. */
export const ZUpdateTaskBody = ZCreateTaskBody.partial();
export type UpdateTaskBody = z.infer<typeof ZUpdateTaskBody>;

/**
 * POST /tasks/{id}/move: the card goes into `status`, right after `afterId` (null or absent: at the top). A
 * neighbour that is no longer in that column (someone moved it meanwhile) is ignored: the card goes to the bottom.
 */
export const ZMoveTaskBody = z.object({
  status: z.enum(TASK_STATUSES, { error: 'error.invalid' }),
  afterId: optionalId(),
});
export type MoveTaskBody = z.infer<typeof ZMoveTaskBody>;

/** GET /tasks/board: every card, column by column, each column top first. */
export const ZTaskBoard = z.object({
  columns: z.object({
    TODO: z.array(ZTask),
    INPROGRESS: z.array(ZTask),
    TESTING: z.array(ZTask),
    DONE: z.array(ZTask),
  }),
});
export type TaskBoard = z.infer<typeof ZTaskBoard>;

/** What the board's stream sends: something changed (a card's id, or null for the first event). Read again. */
export const ZTaskBoardEvent = z.object({ taskId: z.number().int().nullable() });
export type TaskBoardEvent = z.infer<typeof ZTaskBoardEvent>;
