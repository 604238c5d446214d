import { z } from 'zod';
import { MAX_ID, optionalText, requiredText } from './fields.ts';

/**
 * The office's to-do list (issue #17, docs/adr/0028): `/time/todo` (and the quick app `/todo`), permission
 * todo-read to read, todo-create, todo-update and todo-delete to write. A to-do has a due date (and optionally a
 * time, Europe/Berlin), an assignee among the office's staff, and may point at a customer (vc_card) or a booking.
 */

/** `HH:mm`, 00:00–23:59. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

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

const optionalDay = () =>
  z.preprocess((value) => (value === '' ? null : value), z.iso.date('error.invalid').nullable().optional());

const optionalTime = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.string({ error: 'error.invalid' }).regex(TIME_OF_DAY_PATTERN, 'error.invalid').nullable().optional(),
  );

export const ZTodo = z.object({
  id: z.number().int(),
  title: z.string(),
  notes: z.string().nullable(),
  /** `YYYY-MM-DD` */
  dueDate: z.string().nullable(),
  /** `HH:mm` in Europe/Berlin; without it the to-do is due at the start of its day */
  dueTime: z.string().nullable(),
  /** the moment it falls due (ISO 8601 UTC) */
  dueAt: z.string().nullable(),
  /** open and past its due moment */
  overdue: z.boolean(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  /** a customer it is about */
  id_vc_card: z.number().int().nullable(),
  customerName: z.string().nullable(),
  /** a booking (Vorgang) it is about; its id is the booking number */
  id_booking: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof ZTodo>;

export const ZCreateTodoBody = z.object({
  title: requiredText({ max: 200 }),
  notes: optionalText({ max: 4000 }),
  dueDate: optionalDay(),
  dueTime: optionalTime(),
  /** without one, the to-do is the author's own */
  assigneeId: optionalId(),
  id_vc_card: optionalId(),
  id_booking: optionalId(),
  done: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateTodoBody = z.infer<typeof ZCreateTodoBody>;

export const ZUpdateTodoBody = ZCreateTodoBody.partial();
export type UpdateTodoBody = z.infer<typeof ZUpdateTodoBody>;

/** Whose to-dos the list shows: the user's own, those they gave to others, or all. */
export const TODO_SCOPES = ['mine', 'assignedByMe', 'all'] as const;
export type TodoScope = (typeof TODO_SCOPES)[number];
export const TODO_STATES = ['open', 'done'] as const;
export type TodoState = (typeof TODO_STATES)[number];

/** GET /todos: the list query plus `scope`, `state` and `overdue`. */
export const ZTodoFilters = z.object({
  scope: z.enum(TODO_SCOPES, { error: 'error.invalidFilter' }).optional(),
  state: z.enum(TODO_STATES, { error: 'error.invalidFilter' }).optional(),
  overdue: z.enum(['true', 'false'], { error: 'error.invalidFilter' }).optional(),
});
export type TodoFilters = z.infer<typeof ZTodoFilters>;

/** A member of the office a to-do or task can be given to. */
export const ZAssignee = z.object({ id: z.number().int(), name: z.string() });
export type Assignee = z.infer<typeof ZAssignee>;
