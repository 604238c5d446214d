import type { Page, StaffNotificationList, Todo } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import {
  createAgencyFixture,
  createCustomerFixture,
  createRoleFixture,
  createUserFixture,
  nextSequence,
} from '../../seed/factories.ts';
import { ringDueTodos } from './todos.service.ts';

/** The office's to-dos (issue #17, docs/adr/0028). */
describe('to-dos', () => {
  let t: TestApp;
  let office = '';
  let colleague = '';
  let admin = '';
  let officeId = 0;
  let colleagueId = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const create = async (as: string, payload: object) => {
    const response = await call(t.app, as, { method: 'POST', url: '/todos', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Todo>();
  };
  const list = async (as: string, query: string) => {
    const response = await call(t.app, as, { method: 'GET', url: `/todos?$limit=100&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<Todo>>();
  };
  const bell = async (as: string): Promise<StaffNotificationList> =>
    (await call(t.app, as, { method: 'GET', url: '/notifications?$limit=50' })).json();
  const publish = () => t.app.realtime.publish.bind(t.app.realtime);

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    colleague = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
    officeId = await userId(office);
    colleagueId = await userId(colleague);
  });
  afterAll(() => t.close());

  it('creates, reads, changes and deletes a to-do with due date, time, assignee and a customer', async () => {
    const customer = await createCustomerFixture(t.ctx, nextSequence());
    const todo = await create(office, {
      title: 'Rückruf Frau Müller wegen Zimmerwunsch',
      notes: 'Doppelzimmer mit Seeblick gewünscht',
      dueDate: '2030-07-01',
      dueTime: '09:30',
      id_vc_card: customer.id,
    });
    expect(todo).toMatchObject({
      title: 'Rückruf Frau Müller wegen Zimmerwunsch',
      dueDate: '2030-07-01',
      dueTime: '09:30',
      // 09:30 in Berlin in summer is 07:30 UTC
      dueAt: '2030-07-01T07:30:00.000Z',
      assigneeId: officeId,
      createdBy: officeId,
      done: false,
      overdue: false,
      id_vc_card: customer.id,
      customerName: customer.name,
    });
    const read = await call(t.app, office, { method: 'GET', url: `/todos/${todo.id}` });
    expect(read.json()).toMatchObject({ id: todo.id, notes: 'Doppelzimmer mit Seeblick gewünscht' });

    const patched = await call(t.app, office, {
      method: 'PATCH',
      url: `/todos/${todo.id}`,
      payload: { dueDate: '2030-01-15', dueTime: null, done: true },
    });
    expect(patched.json()).toMatchObject({ dueDate: '2030-01-15', dueTime: null, dueAt: '2030-01-14T23:00:00.000Z' });
    expect(patched.json<Todo>().done).toBe(true);
    expect(patched.json<Todo>().doneAt).not.toBeNull();
    const reopened = await call(t.app, office, { method: 'PATCH', url: `/todos/${todo.id}`, payload: { done: false } });
    expect(reopened.json()).toMatchObject({ done: false, doneAt: null });

    // The office role may not delete; an admin may.
    expect((await call(t.app, office, { method: 'DELETE', url: `/todos/${todo.id}` })).statusCode).toBe(403);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/todos/${todo.id}` })).statusCode).toBe(200);
    expect((await call(t.app, office, { method: 'GET', url: `/todos/${todo.id}` })).statusCode).toBe(404);
    expect((await call(t.app, office, { method: 'PATCH', url: `/todos/999999`, payload: {} })).statusCode).toBe(404);
  });

  it('filters mine, assigned by me and all, open and done, overdue; sorts and searches', async () => {
    const own = await create(colleague, { title: 'Busreinigung Kempten bestellen', dueDate: '2020-03-02' });
    const given = await create(colleague, { title: 'Hotelliste Gardasee prüfen', assigneeId: officeId });
    const done = await create(colleague, { title: 'Visum Türkei beantragen', done: true, dueDate: '2020-01-01' });
    const mine = (await list(colleague, 'scope=mine')).data.map((todo) => todo.id);
    expect(mine).toEqual(expect.arrayContaining([own.id, done.id]));
    expect(mine).not.toContain(given.id);
    const byMe = (await list(colleague, 'scope=assignedByMe')).data.map((todo) => todo.id);
    expect(byMe).toEqual([given.id]);
    expect((await list(office, 'scope=mine')).data.map((todo) => todo.id)).toContain(given.id);
    const all = (await list(office, 'scope=all')).data.map((todo) => todo.id);
    expect(all).toEqual(expect.arrayContaining([own.id, given.id, done.id]));
    expect((await list(colleague, 'scope=mine&state=open')).data.map((todo) => todo.id)).not.toContain(done.id);
    expect((await list(colleague, 'scope=mine&state=done')).data.map((todo) => todo.id)).toEqual([done.id]);
    const overdue = await list(colleague, 'scope=mine&overdue=true');
    expect(overdue.data.map((todo) => todo.id)).toEqual([own.id]);
    expect(overdue.data[0]!.overdue).toBe(true);
    const sorted = (await list(office, 'scope=all&$sort[title]=1')).data.map((todo) => todo.title);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'de')));
    expect((await list(office, 'scope=all&lit-search=gardasee')).data.map((todo) => todo.id)).toEqual([given.id]);
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const before = (await list(office, 'scope=all')).total;
    const bad = [
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'Termin', dueDate: '2026-02-30' },
      { title: 'Termin', dueDate: '2026-02-03', dueTime: '25:00' },
      { title: 'Termin', assigneeId: 999999 },
      { title: 'Termin', id_vc_card: 999999 },
      { title: 'Termin', id_booking: 999999 },
      { title: 'Termin', done: 'ja' },
    ];
    for (const payload of bad) {
      const response = await call(t.app, office, { method: 'POST', url: '/todos', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ key: string }>().key).toMatch(/^error\./);
    }
    expect((await call(t.app, office, { method: 'GET', url: '/todos?scope=everyone' })).statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'GET', url: '/todos?$sort[notes]=1' })).statusCode).toBe(400);
    expect((await list(office, 'scope=all')).total).toBe(before);
  });

  it('refuses users without todo-read, agency users whatever their role, and visitors', async () => {
    const noTodo = await createRoleFixture(t.ctx, `kasse-${nextSequence()}`, { access: { customers: { read: true } } });
    const cashier = `kasse-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: cashier, role: noTodo.id_roles });
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    const agencyUser = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    // An agency user whose role (wrongly) grants the to-do rights still sees nothing.
    const todoRole = await createRoleFixture(t.ctx, `agentur-todo-${nextSequence()}`, {
      access: { todo: { read: true, create: true } },
    });
    const agencyWithRights = `agentur-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: agencyWithRights, role: todoRole.id_roles, agencyId: agency.id });
    for (const as of [cashier, agencyUser, agencyWithRights]) {
      expect((await call(t.app, as, { method: 'GET', url: '/todos' })).statusCode).toBe(403);
      expect((await call(t.app, as, { method: 'GET', url: '/todos/assignees' })).statusCode).toBe(403);
      const posted = await call(t.app, as, { method: 'POST', url: '/todos', payload: { title: 'Heimlich' } });
      expect(posted.statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/todos' })).statusCode).toBe(401);
    // Nor can an agency user be given a to-do.
    const agencyUserId = await userId(agencyWithRights);
    const refused = await call(t.app, office, {
      method: 'POST',
      url: '/todos',
      payload: { title: 'Für die Agentur', assigneeId: agencyUserId },
    });
    expect(refused.statusCode).toBe(400);
    const assignees = (await call(t.app, office, { method: 'GET', url: '/todos/assignees' })).json<
      Array<{ id: number }>
    >();
    expect(assignees.map((assignee) => assignee.id)).toEqual(expect.arrayContaining([officeId, colleagueId]));
    expect(assignees.map((assignee) => assignee.id)).not.toContain(agencyUserId);
  });

  it('rings the assignee when someone else gives them a to-do, not when it is one’s own', async () => {
    const before = (await bell(colleague)).data.filter((entry) => entry.kind === 'todoAssigned').length;
    await create(colleague, { title: 'Eigene Notiz' });
    const given = await create(office, { title: 'Angebot Chorreise schreiben', assigneeId: colleagueId });
    const entries = (await bell(colleague)).data.filter((entry) => entry.kind === 'todoAssigned');
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ text: 'Angebot Chorreise schreiben', link: `/time/todo/${given.id}` });
    // Handing an existing one over rings too.
    const mine = await create(office, { title: 'Sitzplan Ostseereise' });
    await call(t.app, office, { method: 'PATCH', url: `/todos/${mine.id}`, payload: { assigneeId: colleagueId } });
    expect((await bell(colleague)).data.filter((entry) => entry.kind === 'todoAssigned')).toHaveLength(before + 2);
  });

  it('rings the assignee once when a to-do falls due, and again for a new due date', async () => {
    const todo = await create(office, {
      title: 'Anzahlung Familie Weber anmahnen',
      assigneeId: colleagueId,
      dueDate: '2031-05-04',
      dueTime: '10:00',
    });
    const dueEntries = async () =>
      (await bell(colleague)).data.filter((entry) => entry.kind === 'todoDue' && entry.text === todo.title);
    await ringDueTodos(t.ctx, publish(), new Date('2031-05-04T07:59:00Z'));
    expect(await dueEntries()).toHaveLength(0);
    await ringDueTodos(t.ctx, publish(), new Date('2031-05-04T08:00:00Z'));
    await ringDueTodos(t.ctx, publish(), new Date('2031-05-04T09:00:00Z'));
    expect(await dueEntries()).toHaveLength(1);
    // Through the scheduler, as the app runs it: still once.
    await t.app.scheduler.runDue(new Date('2031-05-05T09:00:00Z'));
    expect(await dueEntries()).toHaveLength(1);
    // Done ones never ring; a new due date rings again.
    await call(t.app, office, { method: 'PATCH', url: `/todos/${todo.id}`, payload: { dueDate: '2031-05-06' } });
    await ringDueTodos(t.ctx, publish(), new Date('2031-05-07T00:00:00Z'));
    expect(await dueEntries()).toHaveLength(2);
    const finished = await create(office, { title: 'Erledigt', assigneeId: colleagueId, dueDate: '2031-05-01' });
    await call(t.app, office, { method: 'PATCH', url: `/todos/${finished.id}`, payload: { done: true } });
    await ringDueTodos(t.ctx, publish(), new Date('2031-05-08T00:00:00Z'));
    expect((await bell(colleague)).data.some((entry) => entry.kind === 'todoDue' && entry.text === 'Erledigt')).toBe(
      false,
    );
  });
});
