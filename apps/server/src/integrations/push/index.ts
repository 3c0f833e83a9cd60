// Web Push (RFC 8030) with VAPID (RFC 8292): web-push encrypts the message for the browser
// (RFC 8291, aes128gcm) and signs the VAPID header; the request itself goes out through fetch,
// under a deadline, never following a redirect, to an endpoint isPushEndpoint() allowed.
import { setTimeout as sleep } from 'node:timers/promises';
import webPush from 'web-push';
import { withDeadline } from '../deadline.ts';
import { isPushEndpoint } from './endpoints.ts';

export { isPushEndpoint } from './endpoints.ts';

export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
}

export interface PushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
  /** Messages leaving one process a minute, at an even pace. */
  maxPerMinute: number;
  extraOrigins: readonly string[];
}

export interface PushSender {
  readonly publicKey: string;
  /** Encrypts and delivers one message; resolves with the push service's status, throws PushSendError. */
  send(target: PushTarget, payload: string, signal?: AbortSignal): Promise<{ status: number }>;
}

export class PushSendError extends Error {
  override readonly name = 'PushSendError';
  constructor(message: string, readonly status: number | null) {
    super(message);
  }

  /** The push service no longer knows the subscription (RFC 8030 §7.3): it is to be removed. */
  get expired(): boolean {
    return this.status === 404 || this.status === 410;
  }
}

/** Messages wait at the push service this long for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;

export function createPushSender(settings: PushSettings): PushSender {
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  const spacingMs = 60_000 / settings.maxPerMinute;
  let nextSlot = 0;
  return {
    publicKey: settings.publicKey,
    async send(target, payload, signal) {
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + spacingMs;
      if (slot > now) await sleep(slot - now, undefined, { signal });
      if (!isPushEndpoint(target.endpoint, settings.extraOrigins)) throw new PushSendError('not a push service endpoint', null);
      let details: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails, TTL: TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // A subscription whose keys cannot be used can never receive anything.
        throw new PushSendError(`unusable subscription keys: ${(error as Error).message}`, 410);
      }
      const headers = Object.fromEntries(Object.entries(details.headers as Record<string, string | number>)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]));
      const response = await withDeadline(settings.timeoutMs, 'push service', (abort) => fetch(details.endpoint, {
        method: 'POST', headers, body: new Uint8Array(details.body as Buffer), redirect: 'manual', signal: abort,
      }), signal).catch((error: unknown) => {
        throw new PushSendError((error as Error).message, null);
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status > 299) throw new PushSendError(`push service answered ${response.status}`, response.status);
      return { status: response.status };
    },
  };
}
