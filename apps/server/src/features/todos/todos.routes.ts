import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAssignee,
  ZCreateTodoBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZTodo,
  ZTodoFilters,
  ZUpdateTodoBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  TODO_DUE_JOB_EVERY_MS,
  assertOfficeUser,
  createTodo,
  deleteTodo,
  getTodo,
  listAssignees,
  listTodos,
  ringDueTodos,
  updateTodo,
} from './todos.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['todos'];

/** The office's to-dos (issue #17, docs/adr/0028): `/time/todo` in the web app, todo-read and its writing rights. */
export async function todosRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const publish = app.realtime.publish.bind(app.realtime);

  api.get('/todos', {
    config: { permission: 'todo-read' },
    schema: {
      tags,
      querystring: ZListQuery.extend(ZTodoFilters.shape),
      response: { 200: ZListResponse(ZTodo), ...errors },
    },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return listTodos(app.ctx, request.query, request.auth!.id);
    },
  });
  api.get('/todos/assignees', {
    config: { permission: 'todo-read' },
    schema: { tags, response: { 200: z.array(ZAssignee), ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return listAssignees(app.ctx.db);
    },
  });
  api.get('/todos/:id', {
    config: { permission: 'todo-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZTodo, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return getTodo(app.ctx, request.params.id);
    },
  });
  api.post('/todos', {
    config: { permission: 'todo-create' },
    schema: { tags, body: ZCreateTodoBody, response: { 201: ZTodo, ...errors } },
    handler: async (request, reply) => {
      assertOfficeUser(request.auth!);
      return reply.status(201).send(await createTodo(app.ctx, publish, request.body, request.auth!.id));
    },
  });
  api.patch('/todos/:id', {
    config: { permission: 'todo-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateTodoBody, response: { 200: ZTodo, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return updateTodo(app.ctx, publish, request.params.id, request.body, request.auth!.id);
    },
  });
  api.delete('/todos/:id', {
    config: { permission: 'todo-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZTodo, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return deleteTodo(app.ctx, request.params.id);
    },
  });

  app.scheduler.register({
    name: 'todos-due',
    everyMs: TODO_DUE_JOB_EVERY_MS,
    run: (ctx, now) => ringDueTodos(ctx, publish, now),
  });
}
