// The browser's side of breaking-news notifications: the Push API subscription made with the
// site's VAPID key, sent to the server, and taken back. Loaded only when a reader opens the
// prompt (push-panel.tsx), so pages carry none of it.
import { apiRequest } from '../../lib/api-client.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The site's service worker (sw.js shows the notifications); registered here if the page has not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = existing ? await existing.pushManager.getSubscription() : null;
  return subscription ? 'on' : 'off';
}

/** Asks for permission, subscribes with the site's key and stores the subscription on the server. */
export async function turnOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const [reg, { publicKey }] = await Promise.all([registration(), apiRequest<{ publicKey: string }>('GET', '/api/push/key')]);
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (the site's keys were replaced) cannot be used.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && btoa(String.fromCharCode(...new Uint8Array(current))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiRequest('POST', '/api/push/subscriptions', { body: subscription.toJSON() });
  return 'on';
}

export async function turnOff(): Promise<PushState> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = existing ? await existing.pushManager.getSubscription() : null;
  if (subscription) {
    await apiRequest('POST', '/api/push/unsubscribe', { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
