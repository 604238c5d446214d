import type { FastifyInstance } from 'fastify';
import {
  ZCreateTaskBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZMoveTaskBody,
  ZTask,
  ZTaskBoard,
  ZUpdateTaskBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { asksForStream } from '../../lib/sse.ts';
import { assertOfficeUser } from '../todos/todos.service.ts';
import {
  BOARD_EVENT,
  BOARD_TOPIC,
  createTask,
  deleteTask,
  getBoard,
  getTask,
  listTasks,
  moveTask,
  updateTask,
} from './tasks.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['tasks'];

/**
 * The task board (issue #17, docs/adr/0028): `/board` and `/task` in the web app. Reading needs todo-read; new
 * cards todo-create, changes and moves todo-update, deleting todo-delete. Agency users see nothing.
 */
export async function tasksRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const publish = app.realtime.publish.bind(app.realtime);

  api.get('/tasks', {
    config: { permission: 'todo-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZTask), ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return listTasks(app.ctx, request.query);
    },
  });
  api.get('/tasks/board', {
    config: { permission: 'todo-read' },
    schema: { tags, response: { 200: ZTaskBoard, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return getBoard(app.ctx);
    },
  });
  // Something on the board changed: `{ taskId }` (null first). A hint: the board reads GET /tasks/board again.
  api.get('/tasks/stream', {
    sse: 'only',
    config: { permission: 'todo-read' },
    schema: { tags },
    handler: async (request, reply) => {
      assertOfficeUser(request.auth!);
      if (!asksForStream(request, reply)) return reply;
      await app.streamEvents(reply, {
        topics: [BOARD_TOPIC],
        initial: async () => [{ type: BOARD_EVENT, data: { taskId: null } }],
        map: (event) => (event.type === BOARD_EVENT ? { type: BOARD_EVENT, data: event.data } : null),
      });
    },
  });
  api.get('/tasks/:id', {
    config: { permission: 'todo-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZTask, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return getTask(app.ctx, request.params.id);
    },
  });
  api.post('/tasks', {
    config: { permission: 'todo-create' },
    schema: { tags, body: ZCreateTaskBody, response: { 201: ZTask, ...errors } },
    handler: async (request, reply) => {
      assertOfficeUser(request.auth!);
      return reply.status(201).send(await createTask(app.ctx, publish, request.body, request.auth!.id));
    },
  });
  api.patch('/tasks/:id', {
    config: { permission: 'todo-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateTaskBody, response: { 200: ZTask, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return updateTask(app.ctx, publish, request.params.id, request.body, request.auth!.id);
    },
  });
  api.post('/tasks/:id/move', {
    config: { permission: 'todo-update' },
    schema: { tags, params: ZIdParams, body: ZMoveTaskBody, response: { 200: ZTask, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return moveTask(app.ctx, publish, request.params.id, request.body);
    },
  });
  api.delete('/tasks/:id', {
    config: { permission: 'todo-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZTask, ...errors } },
    handler: (request) => {
      assertOfficeUser(request.auth!);
      return deleteTask(app.ctx, publish, request.params.id);
    },
  });
}
