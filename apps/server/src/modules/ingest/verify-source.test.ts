// «بررسی مقالات با منبع» and the monitor's deletion check: absence is not deletion, bulk takedowns
// wait for an editor, a circuit breaker stops unusual runs, and a confirmed run can be undone.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord, OperationResponse, UndoOperationResponse } from '@chapar/shared/contracts';
import { createArticle } from '../../../testing/factories.ts';
import type { SyntheticChannel } from '../../../testing/synthetic-channel.ts';
import { closeNewsroom, newsroomPost, publishedCount, resetNewsroom, startSyntheticNewsroom, unpublishedIds } from '../../../testing/synthetic-newsroom.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { toPersianDigits } from '@chapar/shared/text';

let t: TestApp;
let channel: SyntheticChannel;
let headers: Record<string, string>;
let ids: Map<number, number>; // telegram id → article id

beforeAll(async () => {
  ({ t, channel, headers, ids } = await startSyntheticNewsroom(50));
  for (let id = 1; id <= 5; id++) await createArticle(t.database, { source: 'demo_newsroom', telegramId: 900 + id, publishedAt: new Date(Date.UTC(2026, 10, 2, 0, id)) });
}, 60_000);
afterAll(() => closeNewsroom({ t, channel }));
afterEach(async () => {
  // Each test starts from a channel that answers well and a site where everything is published.
  await resetNewsroom({ t, channel });
});

const post = (url: string, payload?: object) => newsroomPost({ t, headers }, url, payload);
const published = () => publishedCount(t);
const verify = async () => {
  const res = await post('/api/admin/check-articles');
  expect(res.statusCode).toBe(200);
  return res.json() as OperationResponse & { plan: NonNullable<OperationResponse['plan']> };
};
const changes = (answer: Awaited<ReturnType<typeof verify>>, change: string) => answer.plan.items.filter((i) => i.change === change);

describe('verify articles against their source', () => {
  it('changes nothing for articles whose channel is not configured, and says why', async () => {
    const answer = await verify();
    // Nothing to change: the preview ends at once (it does not wait for a confirmation of nothing).
    expect(answer.status).toBe('success');
    const demo = answer.plan.items.filter((i) => i.source === 'demo_newsroom');
    expect(demo).toHaveLength(5);
    for (const item of demo) {
      expect(item.change).toBe('not_checked');
      expect(item.reason).toContain('در فهرست کانال‌های پیکربندی‌شده نیست');
      expect(item.reason).toContain('\u2066@demo_newsroom\u2069');
    }
    expect(answer.plan.changes).toBe(0);
    // The 50 checked need no change; the 5 not checked are counted with their reason, never 'no change needed'.
    expect(answer.success).toBe(true);
    expect(answer.message).toBe(
      'پیش‌نمایش «بررسی مقالات با منبع»: ۵ مقاله بررسی نشد (کانال \u2066@demo_newsroom\u2069 در فهرست کانال‌های پیکربندی‌شده نیست)؛ '
      + 'از ۵۰ مقالهٔ بررسی‌شده هیچ‌کدام به تغییر نیاز ندارد');
    expect(answer.message).not.toContain('تغییری لازم نیست');
    expect((await post(`/api/admin/operations/${answer.operationId}/confirm`)).statusCode).toBe(400);
    expect(await published()).toBe(55);
  });

  it.each([['answers_404'], ['redirects'], ['blank']] as const)('unpublishes nothing when the channel host %s', async (mode) => {
    channel.pages(mode);
    channel.posts(mode);
    const answer = await verify();
    expect(changes(answer, 'unpublish')).toEqual([]);
    expect(changes(answer, 'not_checked').length).toBe(answer.plan.items.length);
    expect(answer.plan.items.find((i) => i.source === channel.channel)?.reason).toMatch(/خوانده نشد/);
    expect(await published()).toBe(55);
  });

  it('does not count a post the page left out as deleted when the second read says neither', async () => {
    channel.hideFromPages(48, 49);
    channel.posts('blank');
    const answer = await verify();
    expect(changes(answer, 'unpublish')).toEqual([]);
    const hidden = answer.plan.items.filter((i) => i.telegramId === 48 || i.telegramId === 49);
    expect(hidden.map((i) => i.change)).toEqual(['not_checked', 'not_checked']);
    expect(hidden[0].reason).toContain('خواندن دوباره نتیجه‌ای نداد');
  });

  it('unpublishes exactly the 3 posts the source deleted, only after confirmation, and one undo puts them back', async () => {
    channel.remove(7, 23, 41);
    const answer = await verify();
    expect(changes(answer, 'unpublish').map((i) => i.telegramId).sort((a, b) => a! - b!)).toEqual([7, 23, 41]);
    expect(answer.plan.breaker).toMatchObject({ tripped: false, unpublish: 3 });
    expect(answer.message).toContain('۳ مقاله تغییر می‌کند');
    expect(await published()).toBe(55);

    const confirm = await post(`/api/admin/operations/${answer.operationId}/confirm`);
    expect(confirm.statusCode).toBe(200);
    const done = confirm.json() as OperationResponse;
    expect(done.status).toBe('success');
    expect(done.message).toBe('۳ مقاله بررسی شد: ۳ مقاله از انتشار خارج شد');
    expect(done.detailedReport.processed.map((r) => r.outcome)).toEqual(['unpublished', 'unpublished', 'unpublished']);
    expect(await unpublishedIds(t)).toEqual([ids.get(7), ids.get(23), ids.get(41)]);
    expect((await post(`/api/admin/operations/${answer.operationId}/confirm`)).statusCode).toBe(409);
    // Clearing finished operations keeps one that can still be undone.
    await t.app.inject({ method: 'DELETE', url: '/api/admin/operations', headers });

    const record = (await t.app.inject({ method: 'GET', url: `/api/admin/operations/${answer.operationId}`, headers })).json() as OperationRecord;
    expect(record).toMatchObject({ status: 'success', undoable: 3, confirmedBy: 'admin' });
    const undo = await post(`/api/admin/operations/${answer.operationId}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ restored: 3, skipped: [], message: '۳ مقاله به حالت پیش از عملیات بازگردانده شد' } satisfies Partial<UndoOperationResponse>);
    expect(await published()).toBe(55);
    expect((await post(`/api/admin/operations/${answer.operationId}/undo`)).statusCode).toBe(409);
  });

  it('trips the circuit breaker when 30 of 50 posts vanish, and changes nothing without a second look', async () => {
    channel.hideFromPages(...Array.from({ length: 30 }, (_, i) => i + 11));
    channel.posts('not_found');
    const answer = await verify();
    expect(changes(answer, 'unpublish')).toHaveLength(30);
    expect(answer.plan.breaker).toEqual({ tripped: true, limit: 5, unpublish: 30 });
    expect(answer.message).toContain('هشدار');
    const refused = await post(`/api/admin/operations/${answer.operationId}/confirm`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('بیش از حد معمول');
    expect(await published()).toBe(55);
    // The editor may still cancel it: the plan ends, nothing changed.
    expect((await post(`/api/admin/operations/${answer.operationId}/cancel`)).statusCode).toBe(200);
    expect(await published()).toBe(55);
  });

  it('treats a channel page that comes back empty as not read', async () => {
    channel.pages('empty');
    const answer = await verify();
    expect(changes(answer, 'unpublish')).toEqual([]);
    expect(answer.plan.items.find((i) => i.source === channel.channel)?.reason).toContain('هیچ پستی نشان نداد');
  });

  // Nothing checked is no success, and the headline says why instead of 'no change needed'.
  it.each([
    ['answers 500', 'answers_500', (name: string) => `۵۰ مقاله: کانال \u2066@${name}\u2069 خوانده نشد: `],
    ['comes back empty', 'empty', (name: string) => `۵۰ مقاله: صفحهٔ کانال \u2066@${name}\u2069 هیچ پستی نشان نداد؛ `],
  ] as const)('fails the preview, saying why, when the channel page %s', async (_, mode, why) => {
    channel.pages(mode);
    const answer = await verify();
    expect(answer).toMatchObject({ success: false, status: 'error' });
    expect(answer.plan).toMatchObject({ looked: 0, changes: 0 });
    expect(changes(answer, 'not_checked')).toHaveLength(55);
    expect(answer.message).toMatch(/^پیش‌نمایش «بررسی مقالات با منبع» ناموفق بود: هیچ‌یک از ۵۵ مقاله بررسی نشد \(/);
    expect(answer.message).toContain(why(channel.channel));
    expect(answer.message).toContain('۵ مقاله: کانال \u2066@demo_newsroom\u2069 در فهرست کانال‌های پیکربندی‌شده نیست');
    expect(answer.message).toMatch(/؛ چیزی تغییر نکرد$/);
    expect(answer.message).not.toContain('تغییری لازم نیست');
    expect((await post(`/api/admin/operations/${answer.operationId}/confirm`)).statusCode).toBe(400);
    expect(await published()).toBe(55);
  }, 30_000);
});

describe("the monitor's deletion check", () => {
  const forceCheck = async () => {
    const res = await post('/api/admin/auto-monitor/force-check');
    expect(res.statusCode).toBe(200);
    return res.json() as { success: boolean; message: string };
  };
  const operations = async () => ((await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers })).json() as { operations: OperationRecord[] }).operations;

  it('unpublishes one deleted post at once, and that can be undone', async () => {
    channel.remove(45);
    // The answer says it, not only the operation's log.
    expect((await forceCheck()).message).toContain('۱ مقاله از انتشار خارج شد، چون پستش در کانال حذف شده است');
    expect(await unpublishedIds(t)).toEqual([ids.get(45)]);
    const run = (await operations()).find((o) => o.undoable > 0)!;
    expect(run).toBeDefined();
    expect((await post(`/api/admin/operations/${run.id}/undo`)).json()).toMatchObject({ restored: 1 });
    expect(await published()).toBe(55);
  });

  it('leaves several deleted posts published and asks an editor, once', async () => {
    channel.remove(44, 46, 47);
    expect((await forceCheck()).message).toContain('۳ پست در کانال حذف شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» منتشر می‌مانند');
    await forceCheck();
    expect(await published()).toBe(55);
    const waiting = (await operations()).filter((o) => o.status === 'awaiting');
    expect(waiting).toHaveLength(1);
    expect(waiting[0].name).toBe('source-deletions');
    expect(waiting[0].plan?.items.map((i) => i.telegramId).sort()).toEqual([44, 46, 47]);
    const confirm = await post(`/api/admin/operations/${waiting[0].id}/confirm`);
    expect(confirm.statusCode).toBe(200);
    expect(await unpublishedIds(t)).toEqual([ids.get(44), ids.get(46), ids.get(47)]);
  });

  it('never takes down one at a time what a plan waiting for an editor lists', async () => {
    channel.remove(44, 46);
    await forceCheck();
    const plans = async () => (await operations()).filter((o) => o.status === 'awaiting' && o.name === 'source-deletions');
    expect(await plans()).toHaveLength(1);
    // A later check sees only one of them gone (the other's page answered meanwhile): still the plan's.
    channel.reset();
    channel.remove(46);
    await forceCheck();
    channel.remove(44, 46);
    await forceCheck();
    expect(await published()).toBe(55);
    const [plan] = await plans();
    expect(await plans()).toHaveLength(1);
    expect(plan.plan?.items.map((i) => i.telegramId).sort()).toEqual([44, 46]);
  });

  it('never takes a post for deleted when the host answers 404 or a blank page for it', async () => {
    channel.hideFromPages(40, 42);
    channel.posts('answers_404');
    // Not taken for deleted, and not passed over in silence either: the answer and the run's log say so.
    const unconfirmed = '۲ پست در صفحهٔ کانال نبود و خواندن جداگانه‌اش هم نشد؛ حذف‌شده به حساب نیامد و بررسی بعدی دوباره امتحان می‌کند';
    expect((await forceCheck()).message).toContain(unconfirmed);
    const [run] = (await operations()).filter((o) => o.name === 'force-check');
    expect(run.logs.some((line) => line.includes('۲ پست در صفحه نبود و خواندن جداگانه‌اش نشد (شماره‌های ۴۰، ۴۲)'))).toBe(true);
    channel.posts('blank');
    expect((await forceCheck()).message).toContain(unconfirmed);
    expect(await published()).toBe(55);
    expect((await operations()).filter((o) => o.status === 'awaiting')).toEqual([]);
  });
});

describe('re-processing named posts the source deleted', () => {
  const operations = async () => ((await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers })).json() as { operations: OperationRecord[] }).operations;

  it('a range takes nothing down: the articles wait in one plan for an editor, and the answer says so', async () => {
    channel.remove(30, 31, 32);
    const res = await post('/api/admin/process-posts-range', { startId: 30, endId: 32 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as OperationResponse;
    expect(await published()).toBe(55);
    expect(body.message).toContain('۳ پست در کانال حذف شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» منتشر می‌مانند');
    expect(body.detailedReport?.processed).toContainEqual(expect.objectContaining({ articleId: ids.get(30), reason: `پست در کانال حذف شده است؛ مقالهٔ ${toPersianDigits(ids.get(30)!)} تا تأیید ویراستار منتشر می‌ماند` }));
    const waiting = (await operations()).filter((o) => o.status === 'awaiting');
    expect(waiting.map((o) => o.name)).toEqual(['source-deletions']);
    expect(waiting[0].plan?.items.map((i) => i.telegramId).sort((a, b) => Number(a) - Number(b))).toEqual([30, 31, 32]);
    expect((await post(`/api/admin/operations/${waiting[0].id}/confirm`)).statusCode).toBe(200);
    expect(await unpublishedIds(t)).toEqual([30, 31, 32].map((id) => ids.get(id)));
  });

  it('one post takes its article down at once, says which, and the run can be undone', async () => {
    channel.remove(36);
    const res = await post('/api/admin/process-post', { postId: 36 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as OperationResponse;
    expect(await unpublishedIds(t)).toEqual([ids.get(36)]);
    expect(body.message).toContain('۱ مقاله از انتشار خارج شد، چون پستش در کانال حذف شده است');
    expect(body.detailedReport?.processed).toContainEqual(expect.objectContaining({ articleId: ids.get(36), reason: `پست در کانال حذف شده است؛ مقالهٔ ${toPersianDigits(ids.get(36)!)} از انتشار خارج شد (از «عملیات» بازگرداندنی)` }));
    expect((await post(`/api/admin/operations/${body.operationId}/undo`)).json()).toMatchObject({ restored: 1 });
    expect(await published()).toBe(55);
  });
});
