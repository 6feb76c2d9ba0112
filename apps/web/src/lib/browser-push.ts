/**
 * This browser's side of Web Push (issue 38): whether it can be notified, its subscription, and
 * subscribing with the server's key. Push needs a secure page (https, or localhost), a service
 * worker (registered by lib/service-worker.ts in a built app) and the Push API; an iPhone has it
 * only in the app installed to the home screen.
 */
import { apiData } from './api-client';

export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export class PermissionDenied extends Error {}

export function pushSupport(env: { isSecureContext: boolean; hasServiceWorker: boolean; hasPushManager: boolean; hasNotification: boolean }): PushSupport {
  if (!env.isSecureContext) return 'insecure';
  return env.hasServiceWorker && env.hasPushManager && env.hasNotification ? 'supported' : 'unsupported';
}

export function browserPushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  return pushSupport({ isSecureContext: window.isSecureContext, hasServiceWorker: 'serviceWorker' in navigator, hasPushManager: 'PushManager' in window, hasNotification: 'Notification' in window });
}

/** The VAPID public key (base64url, as the server gives it) as the bytes pushManager.subscribe takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The app's service worker; none in a development build (it is registered only in a built app). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's subscription's endpoint, or null. */
export async function currentEndpoint(): Promise<string | null> {
  const sub = await (await registration())?.pushManager.getSubscription();
  return sub?.endpoint ?? null;
}

/** Asks permission and subscribes with the server's key; answers the subscription as the server takes it. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionDenied(permission);
  const reg = await registration();
  if (!reg) throw new Error('no service worker');
  const key = base64UrlToBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (a server whose keys were replaced) cannot be used: start again.
  const sameKey = sub?.options.applicationServerKey && new Uint8Array(sub.options.applicationServerKey).every((b, i) => b === key[i]);
  if (sub && !sameKey) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return sub.toJSON();
}

/** Unsubscribes this browser; answers the endpoint it had, or null. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}

/**
 * Signing out of a browser ends its notifications: the device was the person's, not the next
 * one's who signs in on it. Called while the session still stands (the server forgets the
 * endpoint as that user's); a browser without push, or without a subscription, has nothing to do.
 */
export async function forgetThisBrowserOnSignOut(): Promise<void> {
  if (browserPushSupport() !== 'supported') return;
  const endpoint = await unsubscribeThisBrowser();
  if (endpoint) await apiData<true>('/api/push/unsubscribe', { method: 'POST', body: { endpoint }, notify: false, overlay: false });
}
