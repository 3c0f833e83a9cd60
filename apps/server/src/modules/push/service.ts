// Readers subscribe a browser to breaking news (limited per client address); an admin marks a
// published article as breaking news once, and its message goes to every subscription through
// the push-breaking job (send-alert.ts).
import { createHmac } from 'node:crypto';
import { PUSH_CLIENT_BUDGETS, PUSH_MESSAGES, type BreakingNewsResponse, type PushPayload, type PushSubscriptionBody } from '@chapar/shared/contracts';
import { articlePath, formatNumberFa } from '@chapar/shared/text';
import { AppError, notFound } from '../../errors.ts';
import { isPushEndpoint } from '../../integrations/push/index.ts';
import { pushBreakingJob } from '../../jobs/specs.ts';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import type { Services } from '../../services.ts';
import { pushRepo } from './repo.ts';

/** The client's address is kept only as a keyed hash: enough to count, not to know who. */
const clientHash = (secret: string, clientKey: string) => createHmac('sha256', secret).update(`push-client:${clientKey}`).digest('hex').slice(0, 32);

export async function subscribe(s: Pick<Services, 'config' | 'db'>, body: PushSubscriptionBody, clientKey: string, now = Date.now()): Promise<void> {
  if (!isPushEndpoint(body.endpoint, s.config.push.extraOrigins)) throw new AppError('bad_request', PUSH_MESSAGES.notPushService);
  const hash = clientHash(s.config.sessionSecret, clientKey);
  await s.db.transaction(async (tx) => {
    await pushRepo.lock(tx, hash);
    // A browser renewing its own subscription is not a new one.
    if (!(await pushRepo.findByEndpoint(tx, body.endpoint))) {
      for (const budget of PUSH_CLIENT_BUDGETS) {
        if (await pushRepo.countByClientSince(tx, hash, new Date(now - budget.windowMs)) >= budget.max) {
          throw new AppError('rate_limited', PUSH_MESSAGES.flooded, { 'retry-after': String(Math.ceil(budget.windowMs / 1000)) });
        }
      }
    }
    await pushRepo.upsert(tx, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, clientHash: hash });
  });
}

/** Removes the browser's subscription; the same answer whether it was known or not. */
export async function unsubscribe(s: Pick<Services, 'db'>, endpoint: string): Promise<void> {
  await pushRepo.remove(s.db, endpoint);
}

/** The message a breaking-news alert shows: the site's "breaking news" and the article's title. */
export function breakingPayload(siteName: string, article: { id: number; title: string }): PushPayload {
  return { title: `${PUSH_MESSAGES.title} | ${siteName}`, body: article.title, url: articlePath(article), tag: `breaking-${article.id}` };
}

export async function markBreaking(s: Pick<Services, 'config' | 'db' | 'jobs'>, articleId: number, requestedBy: string | null): Promise<BreakingNewsResponse> {
  const article = await articleAdminRepo.byId(s.db, articleId);
  if (!article) throw notFound('مقاله یافت نشد');
  if (article.status !== 'published') throw new AppError('conflict', PUSH_MESSAGES.notPublished);
  const payload = breakingPayload(s.config.siteName, article);
  const alert = await pushRepo.createAlert(s.db, { articleId, title: payload.title, body: payload.body, url: payload.url, requestedBy });
  if (!alert) throw new AppError('conflict', PUSH_MESSAGES.alreadySent);
  const subscriptions = await pushRepo.subscriptionCount(s.db);
  await s.jobs.send(pushBreakingJob, { alertId: alert.id });
  return {
    alertId: alert.id,
    subscriptions,
    message: subscriptions > 0 ? PUSH_MESSAGES.queued(formatNumberFa(subscriptions)) : PUSH_MESSAGES.noSubscribers,
  };
}
