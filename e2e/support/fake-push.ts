import { request as newRequest, type BrowserContext } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';

/**
 * The phone's side of Web Push in browser tests. Chromium cannot reach Google's push service here, so the app's
 * `pushManager.subscribe()` is given a subscription of the local push service that support/serve-with-smtp.ts
 * starts (apps/server/test/fake-push-service.ts); the server then really encrypts and sends to it, and the test
 * reads what the "phone" decrypted.
 */
export const PUSH_SERVICE_URL = `https://127.0.0.1:${Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 446)}`;

export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

async function pushService<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const api = await newRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    const response = await api.fetch(`${PUSH_SERVICE_URL}${path}`, { method });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()}`);
    return (await response.json()) as T;
  } finally {
    await api.dispose();
  }
}

/** The pushes the local push service received and decrypted, oldest first. */
export const receivedPushes = () =>
  pushService<Array<{ endpoint: string; payload: { id: number; title: string; body: string; url: string } }>>(
    'GET',
    '/received',
  );

/**
 * Lets the context's pages grant notifications and subscribe: `subscribe()` and `getSubscription()` answer a
 * subscription of the local push service, as a browser's PushSubscription would. Returns its JSON.
 */
export async function phoneWithPush(context: BrowserContext): Promise<PushSubscriptionJson> {
  const subscription = await pushService<PushSubscriptionJson>('POST', '/subscriptions');
  await context.grantPermissions(['notifications']);
  await context.addInitScript((json: PushSubscriptionJson) => {
    const key = (name: 'p256dh' | 'auth') =>
      Uint8Array.from(atob(json.keys[name].replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    let current: PushSubscription | null = null;
    const make = (): PushSubscription => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: 'p256dh' | 'auth') => key(name),
      toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => (current ??= make());
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.permissionState = async () => 'granted';
  }, subscription);
  return subscription;
}
