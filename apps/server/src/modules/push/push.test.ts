// Breaking news by Web Push against a push service started here (testing/push-test-server.ts),
// which checks the VAPID signature and decrypts each message as a browser would (RFC 8291).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, pushAlerts, pushSends, pushSubscriptions } from '@chapar/db';
import { pushPayload } from '@chapar/shared/contracts';
import { articlePath } from '@chapar/shared/text';
import { testConfig } from '../../config.ts';
import { pushSends as pushSendsMetric } from '../../metrics/registry.ts';
import { createArticle } from '../../../testing/factories.ts';
import { until } from '../../../testing/newsletter-test-app.ts';
import { startPushTestServer, type PushTestServer } from '../../../testing/push-test-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let push: PushTestServer;
let admin: { cookie: string; 'x-csrf-token': string };
let clientNo = 1;
const subscribe = (payload: object, remoteAddress = `198.51.100.${clientNo++}`) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload, remoteAddress });
const breaking = (id: number) => t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/breaking`, headers: admin });
const subscriptionCount = async () => (await t.database.db.select().from(pushSubscriptions)).length;

beforeAll(async () => {
  push = await startPushTestServer();
  t = await buildTestApp({ config: { worker: true, jobRetryDelaySeconds: 1, push: { ...testConfig().push, extraOrigins: [push.origin], maxPerMinute: 60_000 } } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  admin = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('subscribing a browser', () => {
  it('gives the VAPID public key a browser subscribes with', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('refuses an endpoint that is no push service, and keys that are not keys, with a Persian 400', async () => {
    const sub = push.subscribe();
    for (const payload of [
      { ...sub, endpoint: 'http://127.0.0.1:1/internal' },
      { ...sub, endpoint: 'https://example.com/push/1' },
      { ...sub, keys: { p256dh: 'short', auth: sub.keys.auth } },
      { endpoint: sub.endpoint },
    ]) {
      const answer = await subscribe(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await subscriptionCount()).toBe(0);
  });

  it('stores a subscription once, renews its keys, and forgets it on unsubscribe', async () => {
    const sub = push.subscribe();
    expect((await subscribe(sub)).statusCode).toBe(201);
    const again = await subscribe({ ...sub, keys: push.subscribe().keys });
    expect(again.statusCode).toBe(201);
    expect(again.json().message).toContain('فعال شد');
    expect(await subscriptionCount()).toBe(1);
    const gone = await t.app.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: sub.endpoint } });
    expect(gone.json()).toMatchObject({ success: true, message: expect.stringContaining('خاموش شد') });
    expect(await subscriptionCount()).toBe(0);
  });

  it('limits new subscriptions from one address', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await subscribe(push.subscribe(), '192.0.2.77'));
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5].statusCode).toBe(429);
    expect(answers[5].headers['retry-after']).toBeDefined();
    await t.database.db.delete(pushSubscriptions);
  });
});

describe('breaking news', () => {
  it('pushes a Persian message naming the article to every subscription, and removes one the push service says is gone (410)', async () => {
    const article = await createArticle(t.database, { title: 'زلزلهٔ ۵ ریشتری در کرمان', status: 'published' });
    const reader = push.subscribe();
    const left = push.subscribe();
    push.answer(left.id, 410);
    expect((await subscribe(reader)).statusCode).toBe(201);
    expect((await subscribe(left)).statusCode).toBe(201);

    const counted = async (result: string) => (await pushSendsMetric.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
    const before = { sent: await counted('sent'), expired: await counted('expired') };
    const answer = await breaking(article.id);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ subscriptions: 2, message: expect.stringContaining('۲ مشترک') });
    await until('the alert to be sent', async () => (await t.database.db.select().from(pushAlerts).where(eq(pushAlerts.articleId, article.id)))[0]?.status === 'done');

    expect(push.refused).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [message] = push.received;
    expect(message.id).toBe(reader.id);
    const payload = pushPayload.parse(JSON.parse(message.text));
    expect(payload.title).toMatch(/^خبر فوری/);
    expect(payload.body).toBe('زلزلهٔ ۵ ریشتری در کرمان');
    expect(payload.url).toBe(articlePath(article));
    expect(message.vapid.publicKey).toBe((await t.app.inject({ method: 'GET', url: '/api/push/key' })).json().publicKey);
    expect(message.urgency).toBe('high');

    // Each send recorded; the gone subscription removed.
    const sends = await t.database.db.select().from(pushSends);
    expect(sends.map((s) => [s.status, s.statusCode]).sort()).toEqual([['expired', 410], ['sent', 201]]);
    const left_ = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, left.endpoint));
    expect(left_).toEqual([]);
    expect(await subscriptionCount()).toBe(1);
    // The operator's metrics count each send by its result.
    expect({ sent: await counted('sent') - before.sent, expired: await counted('expired') - before.expired }).toEqual({ sent: 1, expired: 1 });

    // Audit-logged like the other article actions.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'article.breaking'));
    expect(entry).toMatchObject({ actorUsername: 'admin', targetType: 'article', targetId: String(article.id), status: 202 });
  });

  it('pushes an article once, and never an unpublished or missing one', async () => {
    const article = await createArticle(t.database, { title: 'خبر دوم', status: 'published' });
    expect((await breaking(article.id)).statusCode).toBe(202);
    const twice = await breaking(article.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('پیش‌تر');
    const draft = await createArticle(t.database, { title: 'پیش‌نویس', status: 'unpublished' });
    expect((await breaking(draft.id)).statusCode).toBe(409);
    expect((await breaking(999_999)).statusCode).toBe(404);
    expect((await t.database.db.select().from(pushAlerts).where(eq(pushAlerts.articleId, draft.id)))).toEqual([]);
  });

  it('needs an admin session', async () => {
    const article = await createArticle(t.database, { title: 'خبر سوم', status: 'published' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/articles/${article.id}/breaking` })).statusCode).toBe(401);
  });
});
