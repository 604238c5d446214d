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

/** Asks for permission and subscribes; resolves to the resulting state. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await api<{ publicKey: string }>('/push/public-key');
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  await register(subscription);
  return 'granted';
}

/** At the app's start: with permission granted, the current subscription is registered again. */
export async function refreshPushSubscription(): Promise<void> {
  if (pushState() !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await register(subscription);
}

/** At logout (while the session still holds): the server forgets this phone and the subscription ends. */
export async function forgetPushSubscription(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await api('/fcm', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
