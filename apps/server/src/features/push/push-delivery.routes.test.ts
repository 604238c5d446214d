import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { startFakePushService, type FakePushService } from '../../../test/fake-push-service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deliverDuePushes, type PushDeliveryOptions } from './push-delivery.ts';
import { countReceivers, sendNotification, vapidKeys } from './push.service.ts';

/**
 * Devices (`POST/DELETE /fcm`) and the push outbox's delivery (docs/adr/0023) against a local Web Push service
 * that checks VAPID and decrypts what it receives (test/fake-push-service.ts).
 */
describe('push delivery', () => {
  let t: TestApp;
  let push: FakePushService;
  let options: PushDeliveryOptions;
  let office: string;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** A new traveller with one subscribed phone. */
  const travellerWithPhone = async () => {
    const email = await createLogin(t.ctx, 'traveller');
    const subscription = push.subscribe();
    const response = await call(t.app, email, { method: 'POST', url: '/fcm', payload: subscription });
    expect(response.statusCode, response.body).toBe(201);
    return { email, id: await userId(email), subscription };
  };

  /** Sends a message to exactly these travellers (as customers of their own cards would be too indirect). */
  const send = async (userIds: number[], values: { title: string; short?: string; channel?: 'bus' | null }) => {
    const message = await t.ctx.db
      .insertInto('push_notification')
      .values({ title: values.title, short: values.short ?? null, message: 'Text', link: null, channel: null })
      .returning('id_pushnotifications')
      .executeTakeFirstOrThrow();
    const topic = await t.ctx.db
      .insertInto('app_topic')
      .values({ title: `Topic ${message.id_pushnotifications}` })
      .returning('id_topics')
      .executeTakeFirstOrThrow();
    if (userIds.length > 0)
      await t.ctx.db
        .insertInto('app_topic_follower')
        .values(userIds.map((id_user) => ({ id_topics: topic.id_topics, id_user })))
        .execute();
    const now = new Date().toISOString();
    const result = await inTransaction(t.ctx, (trx) =>
      sendNotification(
        trx.db,
        message.id_pushnotifications,
        { group: 'topic', ids: [], topicId: topic.id_topics },
        now,
      ),
    );
    return { id: message.id_pushnotifications, ...result };
  };

  const deliveries = (notificationId: number) =>
    t.ctx.db
      .selectFrom('push_delivery')
      .select(['status', 'attempts', 'http_status', 'id_push_subscription', 'id_user', 'next_attempt_at'])
      .where('id_pushnotifications', '=', notificationId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    push = await startFakePushService();
    options = {
      vapid: await vapidKeys({ ctx: t.ctx, config: t.config }),
      retryBaseMs: 1,
      maxAttempts: 3,
      agent: push.agent,
    };
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('registers a phone for the traveller, moves it to whoever subscribes on it next, and forgets it', async () => {
    const first = await travellerWithPhone();
    const rows = await t.ctx.db
      .selectFrom('push_subscription')
      .selectAll()
      .where('endpoint', '=', first.subscription.endpoint)
      .execute();
    expect(rows).toMatchObject([{ id_user: first.id, kind: 'webpush', p256dh: first.subscription.keys.p256dh }]);

    const second = await createLogin(t.ctx, 'traveller');
    expect((await call(t.app, second, { method: 'POST', url: '/fcm', payload: first.subscription })).statusCode).toBe(
      201,
    );
    const moved = await t.ctx.db
      .selectFrom('push_subscription')
      .select('id_user')
      .where('endpoint', '=', first.subscription.endpoint)
      .execute();
    expect(moved).toEqual([{ id_user: await userId(second) }]);

    // The former owner cannot remove it any more; the new one can, twice without harm.
    const payload = { endpoint: first.subscription.endpoint };
    await call(t.app, first.email, { method: 'DELETE', url: '/fcm', payload });
    expect(
      await t.ctx.db.selectFrom('push_subscription').select('id').where('endpoint', '=', payload.endpoint).execute(),
    ).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      expect((await call(t.app, second, { method: 'DELETE', url: '/fcm', payload })).json()).toEqual({ ok: true });
    expect(
      await t.ctx.db.selectFrom('push_subscription').select('id').where('endpoint', '=', payload.endpoint).execute(),
    ).toEqual([]);
  });

  it('keeps the FCM token of a native wrapper, without counting it as a device pushes reach', async () => {
    const email = await createLogin(t.ctx, 'traveller');
    const response = await call(t.app, email, {
      method: 'POST',
      url: '/fcm',
      payload: { token: 'fcm-token-123:APA91b' },
    });
    expect(response.json()).toMatchObject({ kind: 'fcm' });
    // Kept, but not counted as a device a message reaches: pushes go out through Web Push only.
    const topic = await t.ctx.db
      .insertInto('app_topic')
      .values({ title: 'FCM only' })
      .returning('id_topics')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('app_topic_follower')
      .values({ id_topics: topic.id_topics, id_user: await userId(email) })
      .execute();
    expect(await countReceivers(t.ctx, { group: 'topic', ids: [], topicId: topic.id_topics })).toEqual({
      receivers: 1,
      devices: 0,
    });
  });

  it('refuses what is not a subscription, and callers without the push right', async () => {
    const email = await createLogin(t.ctx, 'traveller');
    const good = push.subscribe();
    for (const [payload, field] of [
      [{ ...good, endpoint: 'http://127.0.0.1/push/x' }, 'endpoint'],
      [{ ...good, endpoint: 'javascript:alert(1)' }, 'endpoint'],
      [{ ...good, keys: { p256dh: 'not base64!', auth: good.keys.auth } }, 'keys.p256dh'],
      [{ endpoint: good.endpoint }, 'keys'],
    ] as const) {
      const response = await call(t.app, email, { method: 'POST', url: '/fcm', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(field);
    }
    expect((await call(t.app, null, { method: 'POST', url: '/fcm', payload: good })).statusCode).toBe(401);
    expect((await call(t.app, office, { method: 'POST', url: '/fcm', payload: good })).statusCode).toBe(403);
    expect((await call(t.app, office, { method: 'GET', url: '/push/public-key' })).statusCode).toBe(403);
  });

  it('delivers an encrypted, VAPID-signed push that the phone decrypts to the inbox entry', async () => {
    const traveller = await travellerWithPhone();
    const before = push.received.length;
    const sent = await send([traveller.id], { title: 'Pause in Würzburg', short: '30 Minuten, Abfahrt 14:30' });
    expect(sent).toEqual({ id: sent.id, receivers: 1, deliveries: 1 });

    expect(await deliverDuePushes(t.ctx, options)).toBe(1);
    const got = push.received.slice(before);
    expect(got).toHaveLength(1);
    const inbox = await t.ctx.db
      .selectFrom('user_notification')
      .select('id')
      .where('id_pushnotifications', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(got[0]!.endpoint).toBe(traveller.subscription.endpoint);
    expect(got[0]!.payload).toEqual({
      id: inbox.id,
      title: 'Pause in Würzburg',
      body: '30 Minuten, Abfahrt 14:30',
      url: `/appuser/notifications/${inbox.id}`,
    } satisfies PushPayload);
    expect(got[0]!.ttl).toBe(24 * 60 * 60);
    // Signed with the key the app subscribes with.
    const key = await call(t.app, traveller.email, { method: 'GET', url: '/push/public-key' });
    expect(got[0]!.vapidKey).toBe(key.json<{ publicKey: string }>().publicKey);
    expect(got[0]!.subject).toMatch(/^mailto:/);
    expect(await deliveries(sent.id)).toMatchObject([{ status: 'sent', attempts: 1, http_status: 201 }]);

    // Nothing is due any more: a second pass sends nothing twice.
    expect(await deliverDuePushes(t.ctx, options)).toBe(0);
    expect(push.received.length - before).toBe(1);
  });

  it('forgets a phone the push service says is gone (410, 404), and keeps the figure', async () => {
    const gone = await travellerWithPhone();
    const missing = await travellerWithPhone();
    push.respondWith(gone.subscription.endpoint, 410);
    push.respondWith(missing.subscription.endpoint, 404);
    const sent = await send([gone.id, missing.id], { title: 'Gone' });
    await deliverDuePushes(t.ctx, options);
    expect(await deliveries(sent.id)).toMatchObject([
      { status: 'gone', id_push_subscription: null },
      { status: 'gone', id_push_subscription: null },
    ]);
    const left = await t.ctx.db
      .selectFrom('push_subscription')
      .select('id')
      .where('endpoint', 'in', [gone.subscription.endpoint, missing.subscription.endpoint])
      .execute();
    expect(left).toEqual([]);
    // The inbox still has the message.
    const inbox = await t.ctx.db
      .selectFrom('user_notification')
      .select('id_user')
      .where('id_pushnotifications', '=', sent.id)
      .execute();
    expect(inbox).toHaveLength(2);
  });

  it('retries a push service that is down or busy with back-off, and gives up after the last attempt', async () => {
    const flaky = await travellerWithPhone();
    const down = await travellerWithPhone();
    const refused = await travellerWithPhone();
    push.respondWith(flaky.subscription.endpoint, 503, 429);
    push.respondWith(down.subscription.endpoint, 500, 500, 500);
    push.respondWith(refused.subscription.endpoint, 400);
    const sent = await send([flaky.id, down.id, refused.id], { title: 'Retry' });
    const byUser = async () => Object.fromEntries((await deliveries(sent.id)).map((row) => [row.id_user, row]));

    await deliverDuePushes(t.ctx, options);
    let rows = await byUser();
    expect(rows[flaky.id]).toMatchObject({ status: 'queued', attempts: 1, http_status: 503 });
    expect(rows[down.id]).toMatchObject({ status: 'queued', attempts: 1, http_status: 500 });
    // Any other 4xx is not worth repeating.
    expect(rows[refused.id]).toMatchObject({ status: 'failed', attempts: 1, http_status: 400 });

    for (let pass = 0; pass < 3; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await deliverDuePushes(t.ctx, options);
    }
    rows = await byUser();
    expect(rows[flaky.id]).toMatchObject({ status: 'sent', attempts: 3, http_status: 201 });
    expect(rows[down.id]).toMatchObject({ status: 'failed', attempts: 3, http_status: 500 });
    const failures = await t.ctx.db
      .selectFrom('push_subscription')
      .select(['endpoint', 'failures'])
      .where('endpoint', 'in', [flaky.subscription.endpoint, down.subscription.endpoint])
      .execute();
    expect(Object.fromEntries(failures.map((row) => [row.endpoint, row.failures]))).toEqual({
      [flaky.subscription.endpoint]: 0,
      [down.subscription.endpoint]: 3,
    });
  });

  it('waits for the back-off before trying again', async () => {
    const phone = await travellerWithPhone();
    push.respondWith(phone.subscription.endpoint, 503);
    const sent = await send([phone.id], { title: 'Later' });
    await deliverDuePushes(t.ctx, { ...options, retryBaseMs: 60_000 });
    await deliverDuePushes(t.ctx, { ...options, retryBaseMs: 60_000 });
    const [row] = await deliveries(sent.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('leaves a delivery another worker holds until its lease ends, then takes it over', async () => {
    const phone = await travellerWithPhone();
    const sent = await send([phone.id], { title: 'Lease' });
    const lease = (until: number) =>
      t.ctx.db
        .updateTable('push_delivery')
        .set({ locked_until: new Date(until).toISOString() })
        .where('id_pushnotifications', '=', sent.id)
        .execute();
    await lease(Date.now() + 60_000);
    expect(await deliverDuePushes(t.ctx, options)).toBe(0);
    await lease(Date.now() - 1);
    expect(await deliverDuePushes(t.ctx, options)).toBe(1);
    expect(await deliveries(sent.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('sends quick channel messages urgently with a shorter lifetime', async () => {
    const phone = await travellerWithPhone();
    const before = push.received.length;
    const sent = await send([phone.id], { title: 'Bus' });
    await t.ctx.db
      .updateTable('push_notification')
      .set({ channel: 'bus' })
      .where('id_pushnotifications', '=', sent.id)
      .execute();
    await deliverDuePushes(t.ctx, options);
    expect(push.received.slice(before)).toMatchObject([
      { urgency: 'high', ttl: 4 * 60 * 60, payload: { title: 'Bus', channel: 'bus' } },
    ]);
  });

  it("reaches only the devices of the message's brand, and never FCM tokens it cannot deliver to", async () => {
    const phone = await travellerWithPhone();
    await call(t.app, phone.email, { method: 'POST', url: '/fcm', payload: { token: `fcm-${phone.id}` } });
    const brand = await t.ctx.db
      .insertInto('brand')
      .values({ host: `brand-${phone.id}.example`, name: 'Küstenwind Reisen' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await t.ctx.db
      .insertInto('brand')
      .values({ host: `other-${phone.id}.example`, name: 'Bergblick Touristik' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('push_subscription')
      .set({ id_brand: brand.id })
      .where('endpoint', '=', phone.subscription.endpoint)
      .execute();
    const ofBrand = async (brandId: number) => {
      const message = await t.ctx.db
        .insertInto('push_notification')
        .values({ title: 'Brand', short: null, link: null, channel: null, id_brand: brandId })
        .returning('id_pushnotifications')
        .executeTakeFirstOrThrow();
      const topic = await t.ctx.db
        .insertInto('app_topic')
        .values({ title: `Brand topic ${message.id_pushnotifications}` })
        .returning('id_topics')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('app_topic_follower')
        .values({ id_topics: topic.id_topics, id_user: phone.id })
        .execute();
      return inTransaction(t.ctx, (trx) =>
        sendNotification(
          trx.db,
          message.id_pushnotifications,
          { group: 'topic', ids: [], topicId: topic.id_topics },
          new Date().toISOString(),
        ),
      );
    };
    expect(await ofBrand(brand.id)).toEqual({ receivers: 1, deliveries: 1 });
    expect(await ofBrand(other.id)).toEqual({ receivers: 1, deliveries: 0 });
  });

  it('signs with the keys saved at /basedata/thirdparty, which the app then subscribes with', async () => {
    const superadmin = await createLogin(t.ctx, 'superadmin');
    const keys = webpush.generateVAPIDKeys();
    const save = (values: object, secrets: object) =>
      call(t.app, superadmin, { method: 'PUT', url: '/thirdparty/push', payload: { values, secrets } });
    expect(
      (await save({ publicKey: keys.publicKey, subject: 'mailto:push@test.example' }, { privateKey: keys.privateKey }))
        .statusCode,
    ).toBe(200);
    try {
      const traveller = await travellerWithPhone();
      const key = await call(t.app, traveller.email, { method: 'GET', url: '/push/public-key' });
      expect(key.json()).toEqual({ publicKey: keys.publicKey });

      const before = push.received.length;
      await send([traveller.id], { title: 'Neue Schlüssel' });
      // What the app's worker does on each pass: the keys as configured now.
      await deliverDuePushes(t.ctx, { ...options, vapid: await vapidKeys({ ctx: t.ctx, config: t.config }) });
      const mine = push.received.slice(before).filter((got) => got.endpoint === traveller.subscription.endpoint);
      expect(mine).toEqual([
        expect.objectContaining({ vapidKey: keys.publicKey, subject: 'mailto:push@test.example' }),
      ]);
    } finally {
      expect((await save({ publicKey: null, subject: null }, { privateKey: null })).statusCode).toBe(200);
    }
    // Without saved keys, the installation's own pair again.
    expect((await vapidKeys({ ctx: t.ctx, config: t.config })).publicKey).toBe(options.vapid.publicKey);
  });
});
