import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';
import type { PushNotification } from '@tourdesk/contracts';

/** The demo's push notifications (issue #16): topics, a sent message to all and a draft to a coach. */
describe('demo push notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has three topics, a message sent to every traveller and a draft to a coach', async () => {
    const topics = await call(t.app, 'admin', { method: 'GET', url: '/app/topics/all' });
    expect(topics.json().map((topic: { title: string }) => topic.title)).toEqual([
      'Gruppenreisen',
      'Neuigkeiten aus dem Reisebüro',
      'Wanderreisen',
    ]);
    const list = await call(t.app, 'admin', { method: 'GET', url: '/app/pushnotifications?$sort[id]=1' });
    const [sent, draft] = list.json<{ data: PushNotification[] }>().data;
    expect(sent).toMatchObject({ receiver_group: 'all', status: 'sent' });
    expect(sent!.receivers).toBeGreaterThan(0);
    expect(draft).toMatchObject({ receiver_group: 'bus', status: 'draft' });
    const count = await call(t.app, 'admin', {
      method: 'POST',
      url: '/app/pushnotifications/receivers',
      payload: { receiver_group: 'bus', receiver_ids: draft!.receiver_ids },
    });
    expect(count.json().receivers).toBeGreaterThan(0);
  });
});
