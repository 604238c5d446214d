import type { Page, TaskBoard, Todo } from '@tourdesk/contracts';
import { TASK_STATUSES } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';

/** The demo's to-dos and task board (issue #17). */
describe('demo to-dos and task board', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives the office clerk open to-dos (one overdue, one from a colleague) and a board with every column filled', async () => {
    const mine = (await call(t.app, 'office', { method: 'GET', url: '/todos?scope=mine&state=open' })).json<
      Page<Todo>
    >();
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.data.some((todo) => todo.overdue)).toBe(true);
    expect(mine.data.some((todo) => todo.createdByName === 'Andrea Köhler')).toBe(true);
    const board = (await call(t.app, 'office', { method: 'GET', url: '/tasks/board' })).json<TaskBoard>();
    for (const status of TASK_STATUSES) expect(board.columns[status].length).toBeGreaterThan(0);
  });
});
