import type { ChatChannelList, ChatMessagePage, StaffNotificationList } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';

/**
 * The demo's chat (issue #17 item 2): a morning in the general channel and the demo driver's day trip — also on a
 * day another demo trip of the demo driver leaves (Weihnachtsmärkte im Elsass on 3.12.2026).
 */
describe.each([
  ['now', null],
  ['on the day another demo trip of the demo driver leaves', '2026-12-03T08:00:00Z'],
])('demo chat seeded %s', (_when, instant) => {
  let t: TestApp;
  beforeAll(async () => {
    if (instant) vi.setSystemTime(instant);
    t = await buildTestApp({ seed: 'fresh' });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('shows the office a conversation in general, a mention in the bell and the day trip’s channel', async () => {
    const channels: ChatChannelList = (await call(t.app, 'office', { method: 'GET', url: '/chat/channels' })).json();
    expect(channels.data[0]).toMatchObject({ kind: 'general' });
    expect(channels.data.some((channel) => channel.name.startsWith('Tagesfahrt in die Sächsische Schweiz'))).toBe(true);
    const general: ChatMessagePage = (
      await call(t.app, 'office', { method: 'GET', url: '/chat/channels/general/messages' })
    ).json();
    expect(general.data).toHaveLength(5);
    expect(general.data[0]!.author.name).toBe('Andrea Köhler');
    expect(general.data[3]!.mentions.map((member) => member.name)).toEqual(['Jürgen Weiß']);
    const bell: StaffNotificationList = (await call(t.app, 'office', { method: 'GET', url: '/notifications' })).json();
    expect(bell.data.some((entry) => entry.kind === 'chatMention' && entry.link === '/chat/channel/general')).toBe(
      true,
    );

    // the demo driver sees his day trip's channel, with his own messages
    const driver: ChatChannelList = (await call(t.app, 'driver', { method: 'GET', url: '/chat/channels' })).json();
    const trip = driver.data.find((channel) => channel.name.startsWith('Tagesfahrt in die Sächsische Schweiz'))!;
    const messages: ChatMessagePage = (
      await call(t.app, 'driver', { method: 'GET', url: `/chat/channels/${trip.id}/messages` })
    ).json();
    expect(messages.data.map((message) => message.author.name)).toEqual([
      'Jürgen Weiß',
      'Dieter Bäumer',
      'Dieter Bäumer',
    ]);
  });
});
