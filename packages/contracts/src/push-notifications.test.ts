import { describe, expect, it } from 'vitest';
import { isPushLink, ZChannelMessageBody, ZCreatePushNotificationBody } from './push-notifications.schema.ts';

describe('push notification contract', () => {
  it('takes https addresses and app paths as links, nothing else', () => {
    expect(isPushLink('https://example.com/angebote?x=1')).toBe(true);
    expect(isPushLink('/appuser/myJourneys')).toBe(true);
    expect(isPushLink('http://example.com')).toBe(false);
    expect(isPushLink('//evil.example/x')).toBe(false);
    expect(isPushLink('javascript:alert(1)')).toBe(false);
    expect(isPushLink('/a b')).toBe(false);
  });

  it('makes empty optional texts null and keeps the message plain', () => {
    const body = ZCreatePushNotificationBody.parse({ title: ' Hallo ', short: ' ', link: '' });
    expect(body).toMatchObject({ title: 'Hallo', short: null, link: null });
  });

  it('wants a coach for a quick message to the bus', () => {
    const missing = ZChannelMessageBody.safeParse({ channel: 'bus', message: 'Pause' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['id_transport'], message: 'error.empty' });
    expect(ZChannelMessageBody.safeParse({ channel: 'all', message: 'Hallo' }).success).toBe(true);
    expect(ZChannelMessageBody.safeParse({ channel: 'all', message: '' }).success).toBe(false);
  });
});
