import fc from 'fast-check';
import type { Page, StaffNotificationList, Task, TaskBoard, TaskStatus } from '@tourdesk/contracts';
import { TASK_STATUSES } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from '../../../test/helpers.ts';
import { openStream } from '../../../test/sse.ts';
import { createAgencyFixture, nextSequence } from '../../seed/factories.ts';

/** The task board (issue #17, docs/adr/0028). */
describe('task board', () => {
  let t: TestApp & { location: { url: string; schema?: string } };
  let second: TestApp | null = null;
  let base = '';
  let office = '';
  let colleague = '';
  let admin = '';
  let colleagueId = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const create = async (title: string, status?: TaskStatus, as = office) => {
    const response = await call(t.app, as, { method: 'POST', url: '/tasks', payload: { title, status } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Task>();
  };
  const board = async (): Promise<TaskBoard> =>
    (await call(t.app, office, { method: 'GET', url: '/tasks/board' })).json();
  const column = async (status: TaskStatus) => (await board()).columns[status];
  const move = (id: number, status: TaskStatus, afterId: number | null = null) =>
    call(t.app, office, { method: 'POST', url: `/tasks/${id}/move`, payload: { status, afterId } });
  const clear = async () => {
    await t.ctx.db.deleteFrom('task').execute();
  };
  /** Every column numbered 0, 1, 2 … and every card in exactly one place. */
  const expectConsistent = async (ids: readonly number[]) => {
    const { columns } = await board();
    const seen: number[] = [];
    for (const status of TASK_STATUSES) {
      expect(columns[status].map((task) => task.position)).toEqual(columns[status].map((_, index) => index));
      expect(columns[status].every((task) => task.status === status)).toBe(true);
      seen.push(...columns[status].map((task) => task.id));
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', keepDatabase: TEST_DIALECT === 'postgres' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    office = await createLogin(t.ctx, 'office');
    colleague = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
    colleagueId = await userId(colleague);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('creates, reads, lists, changes and deletes tasks; a new card goes to the bottom of its column', async () => {
    await clear();
    const a = await create('Prospekt Herbstreisen setzen');
    const b = await create('Busvermietung Angebot');
    const c = await create('Website-Texte Adventsmärkte', 'TESTING');
    expect([a.status, a.position, b.position, c.status, c.position]).toEqual(['TODO', 0, 1, 'TESTING', 0]);
    expect((await call(t.app, office, { method: 'GET', url: `/tasks/${a.id}` })).json()).toMatchObject({
      title: 'Prospekt Herbstreisen setzen',
    });
    const page = (await call(t.app, office, { method: 'GET', url: '/tasks?$sort[title]=1' })).json<Page<Task>>();
    expect(page.data.map((task) => task.title)).toEqual([
      'Busvermietung Angebot',
      'Prospekt Herbstreisen setzen',
      'Website-Texte Adventsmärkte',
    ]);
    const found = (await call(t.app, office, { method: 'GET', url: '/tasks?lit-search=advent' })).json<Page<Task>>();
    expect(found.data.map((task) => task.id)).toEqual([c.id]);
    const byStatus = (await call(t.app, office, { method: 'GET', url: '/tasks?status=TODO' })).json<Page<Task>>();
    expect(byStatus.data.map((task) => task.id)).toEqual([a.id, b.id]);

    // A change of status by PATCH puts the card at the bottom of its new column and closes the old one's gap.
    const patched = await call(t.app, office, {
      method: 'PATCH',
      url: `/tasks/${a.id}`,
      payload: { description: 'Druckerei bis Freitag', status: 'TESTING' },
    });
    expect(patched.json()).toMatchObject({ status: 'TESTING', position: 1, description: 'Druckerei bis Freitag' });
    expect((await column('TODO')).map((task) => [task.id, task.position])).toEqual([[b.id, 0]]);

    expect((await call(t.app, office, { method: 'DELETE', url: `/tasks/${c.id}` })).statusCode).toBe(403);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/tasks/${c.id}` })).statusCode).toBe(200);
    expect((await column('TESTING')).map((task) => [task.id, task.position])).toEqual([[a.id, 0]]);
    expect((await call(t.app, office, { method: 'GET', url: `/tasks/${c.id}` })).statusCode).toBe(404);
  });

  it('moves a card between its new neighbours, within a column and across columns', async () => {
    await clear();
    const [a, b, c] = [await create('A'), await create('B'), await create('C')];
    const d = await create('D', 'INPROGRESS');
    expect((await move(c.id, 'TODO', null)).json()).toMatchObject({ status: 'TODO', position: 0 });
    expect((await column('TODO')).map((task) => task.title)).toEqual(['C', 'A', 'B']);
    await move(c.id, 'TODO', a.id);
    expect((await column('TODO')).map((task) => task.title)).toEqual(['A', 'C', 'B']);
    await move(a.id, 'INPROGRESS', d.id);
    expect((await column('INPROGRESS')).map((task) => task.title)).toEqual(['D', 'A']);
    expect((await column('TODO')).map((task) => [task.title, task.position])).toEqual([
      ['C', 0],
      ['B', 1],
    ]);
    // A neighbour that is not in the target column: the card goes to the bottom.
    await move(b.id, 'DONE', c.id);
    expect((await column('DONE')).map((task) => task.title)).toEqual(['B']);
    await expectConsistent([a.id, b.id, c.id, d.id]);
    expect((await move(a.id, 'DONE', a.id)).statusCode).toBe(400);
    expect((await move(a.id, 'WAITING' as TaskStatus)).statusCode).toBe(400);
    expect((await move(999999, 'DONE')).statusCode).toBe(404);
    await expectConsistent([a.id, b.id, c.id, d.id]);
  });

  it('keeps every column in order however moves interleave (concurrent moves)', async () => {
    await clear();
    const ids: number[] = [];
    for (const title of ['Eins', 'Zwei', 'Drei', 'Vier', 'Fünf', 'Sechs']) ids.push((await create(title)).id);
    const moveArb = fc.record({
      card: fc.integer({ min: 0, max: ids.length - 1 }),
      status: fc.constantFrom(...TASK_STATUSES),
      after: fc.option(fc.integer({ min: 0, max: ids.length - 1 }), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(moveArb, { minLength: 2, maxLength: 8 }), async (moves) => {
        const answers = await Promise.all(
          moves
            .filter((step) => step.after === null || ids[step.after] !== ids[step.card])
            .map((step) => move(ids[step.card]!, step.status, step.after === null ? null : ids[step.after]!)),
        );
        expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
        await expectConsistent(ids);
      }),
      { numRuns: 15 },
    );
  });

  it('rings the assignee of a task someone else gave them', async () => {
    const bell = async (): Promise<StaffNotificationList> =>
      (await call(t.app, colleague, { method: 'GET', url: '/notifications' })).json();
    const before = (await bell()).data.filter((entry) => entry.kind === 'taskAssigned').length;
    const response = await call(t.app, office, {
      method: 'POST',
      url: '/tasks',
      payload: { title: 'Reiseleiter für Wien einteilen', assigneeId: colleagueId },
    });
    expect(response.json()).toMatchObject({ assigneeId: colleagueId });
    const entries = (await bell()).data.filter((entry) => entry.kind === 'taskAssigned');
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ text: 'Reiseleiter für Wien einteilen', link: '/board' });
    const own = await create('Selbst erledigen', 'TODO', colleague);
    await call(t.app, colleague, { method: 'PATCH', url: `/tasks/${own.id}`, payload: { assigneeId: colleagueId } });
    expect((await bell()).data.filter((entry) => entry.kind === 'taskAssigned')).toHaveLength(before + 1);
  });

  it('answers 400 for bad input and 403 to users without todo-read and to agency users', async () => {
    for (const payload of [{ title: '' }, { title: 'x', status: 'LATER' }, { title: 'x', assigneeId: 999999 }]) {
      expect((await call(t.app, office, { method: 'POST', url: '/tasks', payload })).statusCode).toBe(400);
    }
    expect((await call(t.app, office, { method: 'POST', url: '/tasks/abc/move', payload: {} })).statusCode).toBe(400);
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    const agencyUser = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    const traveller = await createLogin(t.ctx, 'traveller');
    for (const as of [agencyUser, traveller]) {
      expect((await call(t.app, as, { method: 'GET', url: '/tasks/board' })).statusCode).toBe(403);
      expect((await call(t.app, as, { method: 'GET', url: '/tasks' })).statusCode).toBe(403);
      expect((await call(t.app, as, { method: 'POST', url: '/tasks', payload: { title: 'x' } })).statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/tasks/board' })).statusCode).toBe(401);
  });

  it('tells a second board that a card moved', async () => {
    const card = await create('Kofferanhänger bestellen');
    const stream = await openStream(t.app, base, '/tasks/stream', colleague);
    expect(await stream.next()).toEqual({ event: 'board', data: { taskId: null } });
    await move(card.id, 'DONE');
    expect(await stream.next()).toEqual({ event: 'board', data: { taskId: card.id } });
    await stream.close();
    expect((await call(t.app, colleague, { method: 'GET', url: '/tasks/stream' })).statusCode).toBe(406);
  });

  // Several instances run on PostgreSQL only (SQLite is the one-instance database).
  if (TEST_DIALECT === 'postgres')
    it('tells a board on another instance that a card moved', async () => {
      const card = await create('Reisepreise 2027 kalkulieren');
      second = await buildTestApp({ seed: false, location: t.location, keepDatabase: true });
      const otherBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(second.app, otherBase, '/tasks/stream', colleague);
      await stream.next();
      await move(card.id, 'INPROGRESS');
      expect(await stream.next()).toEqual({ event: 'board', data: { taskId: card.id } });
      await stream.close();
    });
});
