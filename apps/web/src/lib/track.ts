import type { TrackEvent } from '@chapar/shared/contracts';
import { getSessionId } from './session-id.ts';

/** Where a share went (spec 02 §7): the `value` of a 'share' event. */
export type ShareChannel = 'twitter' | 'whatsapp' | 'telegram' | 'copy' | 'native';

/**
 * POST /api/analytics/track, fire and forget: counting must never get in the reader's way,
 * and `keepalive` lets an event sent while leaving the page arrive.
 */
export function trackEvent(articleId: number, event: TrackEvent, value?: ShareChannel): void {
  if (typeof fetch === 'undefined') return;
  const body = { articleId, event, value: value ?? null, sessionId: getSessionId(), userAgent: navigator.userAgent.slice(0, 1000) };
  fetch('/api/analytics/track', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {
    // Offline or blocked: the event is lost, the page goes on.
  });
}
