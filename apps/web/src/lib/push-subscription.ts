import { api } from './api-client.ts';

/**
 * The phone's Web Push subscription (docs/adr/0023): asking for permission, subscribing with the server's VAPID key
 * (`GET /push/public-key`) and registering the subscription (`POST /fcm`); at every start the current subscription
 * is sent again (the browser may have renewed it); at logout it is forgotten (`DELETE /fcm`) and ended.
 */

export type PushState = 'unsupported' | 'denied' | 'default' | 'granted';

/** Whether this browser can receive pushes at all (a service worker, the Push API and notifications). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export const pushState = (): PushState => (pushSupported() ? Notification.permission : 'unsupported');

/** The subscription of this phone, if the service worker is running and subscribed. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const register = (subscription: PushSubscription) => api('/fcm', { method: 'POST', body: subscription.toJSON() });
const forget = (subscription: PushSubscription) =>
  api('/fcm', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);

/** Whether a subscription's key (its `options.applicationServerKey`) is `key`. */
export function sameKey(subscribed: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!subscribed || subscribed.byteLength !== key.length) return false;
  const bytes = new Uint8Array(subscribed);
  return bytes.every((byte, i) => byte === key[i]);
}

/**
 * The phone's subscription made with the server's key now. One made with another key (the operator saved new
 * keys at /basedata/thirdparty) would never get a push again: the server forgets it, and it is made anew.
 */
async function subscribedWithServerKey(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await api<{ publicKey: string }>('/push/public-key');
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) {
    await forget(existing);
    await existing.unsubscribe().catch(() => false);
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Asks for permission and subscribes; resolves to the resulting state. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await register(await subscribedWithServerKey(await navigator.serviceWorker.ready));
  return 'granted';
}

/**
 * At the app's start: with permission granted, the current subscription is registered again — made anew first
 * when the server's key changed.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (pushState() !== 'granted' || !(await currentSubscription())) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration) await register(await subscribedWithServerKey(registration));
}

/** At logout (while the session still holds): the server forgets this phone and the subscription ends. */
export async function forgetPushSubscription(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await forget(subscription);
  await subscription.unsubscribe().catch(() => false);
}
