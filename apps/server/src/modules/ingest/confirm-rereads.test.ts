// A plan to unpublish never expires, so its evidence may be old: confirming it reads each post
// from Telegram again and unpublishes only those still "not found"; a post that is back stays
// published, and a read that fails now changes nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord, OperationResponse } from '@chapar/shared/contracts';
import type { SyntheticChannel } from '../../../testing/synthetic-channel.ts';
import { closeNewsroom, newsroomPost, publishedCount, resetNewsroom, startSyntheticNewsroom, unpublishedIds } from '../../../testing/synthetic-newsroom.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { postStore } from '../posts/post-store.ts';

let t: TestApp;
let channel: SyntheticChannel;
let headers: Record<string, string>;
let ids: Map<number, number>; // telegram id → article id

beforeAll(async () => {
  ({ t, channel, headers, ids } = await startSyntheticNewsroom(50));
}, 60_000);
afterAll(() => closeNewsroom({ t, channel }));
afterEach(async () => {
  await resetNewsroom({ t, channel });
});

const post = (url: string, payload?: object) => newsroomPost({ t, headers }, url, payload);
const published = () => publishedCount(t);
const deletedPosts = async () => (await t.database.raw.query<{ telegram_id: number }>(`select telegram_id from telegram_posts where deleted_at is not null order by telegram_id`)).rows.map((r) => Number(r.telegram_id));
/** The single-post reads the fake received since `from`, by post id. */
const rereads = (from: number) => channel.requests.slice(from).flatMap((r) => {
  const m = new RegExp(`^/${channel.channel}/(\\d+)\\?embed=1$`).exec(r);
  return m ? [Number(m[1])] : [];
}).sort((a, b) => a - b);
const byTelegramId = (answer: OperationResponse, id: number) => answer.detailedReport.processed.find((i) => i.articleId === ids.get(id));

/** A channel check during a Telegram fault: the posts read "not found", so more than one wait in a plan. */
async function parkDeletions(...gone: number[]): Promise<number> {
  channel.remove(...gone);
  const res = await post('/api/admin/auto-monitor/force-check');
  expect(res.statusCode).toBe(200);
  const operations = ((await t.app.inject({ method: 'GET', url: '/api/admin/operations', headers })).json() as { operations: OperationRecord[] }).operations;
  const waiting = operations.filter((o) => o.status === 'awaiting' && o.name === 'source-deletions');
  expect(waiting).toHaveLength(1);
  expect(waiting[0].plan?.items.map((i) => i.telegramId).sort((a, b) => Number(a) - Number(b))).toEqual(gone);
  expect(await published()).toBe(50);
  return waiting[0].id;
}

const confirm = async (id: number, payload: object = {}) => {
  const res = await post(`/api/admin/operations/${id}/confirm`, payload);
  expect(res.statusCode).toBe(200);
  return res.json() as OperationResponse;
};

describe("confirming the monitor's parked deletions", () => {
  const nine = [41, 42, 43, 44, 45, 46, 47, 48, 49];

  it('reads the posts again and leaves those Telegram serves again published', async () => {
    const id = await parkDeletions(...nine);
    // Telegram recovers; a sync sees the posts again. One was marked deleted in the store meanwhile.
    channel.reset();
    expect((await post('/api/admin/auto-monitor/force-check')).statusCode).toBe(200);
    await postStore.markDeleted(t.database.db, { source: channel.channel, telegramId: 44 });
    const from = channel.requests.length;

    const done = await confirm(id, { acknowledgeBreaker: true });
    expect(rereads(from)).toEqual(nine);
    expect(await published()).toBe(50);
    expect(await deletedPosts()).toEqual([]);
    expect(done).toMatchObject({ success: true, status: 'success' });
    expect(done.message).toBe('۹ مقاله بررسی شد: ۹ مقاله بدون تغییر ماند');
    expect(done.message).not.toContain('از انتشار خارج شد');
    expect(done.detailedReport.processed).toHaveLength(9);
    for (const item of done.detailedReport.processed) {
      expect(item.outcome).toBe('unchanged');
      expect(item.reason).toBe('پست دوباره در کانال پیدا شد؛ مقاله منتشر ماند');
    }
    const stored = await postStore.get(t.database.db, channel.channel, 44);
    expect(stored).toMatchObject({ deletedAt: null, state: 'published', articleId: ids.get(44) });
  });

  it('unpublishes only the post Telegram still says is not found', async () => {
    const id = await parkDeletions(44, 46, 47);
    channel.reset();
    channel.remove(46);
    const from = channel.requests.length;

    const done = await confirm(id);
    expect(rereads(from)).toEqual([44, 46, 47]);
    expect(await unpublishedIds(t)).toEqual([ids.get(46)]);
    expect(await deletedPosts()).toEqual([46]);
    expect(done.status).toBe('success');
    expect(done.message).toBe('۳ مقاله بررسی شد: ۱ مقاله از انتشار خارج شد، ۲ مقاله بدون تغییر ماند');
    expect(byTelegramId(done, 46)).toMatchObject({ outcome: 'unpublished', reason: 'پست در کانال حذف شده است (تلگرام در خواندن دوباره «پست یافت نشد» گفت)' });
    expect(byTelegramId(done, 44)).toMatchObject({ outcome: 'unchanged', reason: 'پست دوباره در کانال پیدا شد؛ مقاله منتشر ماند' });
    expect(byTelegramId(done, 47)).toMatchObject({ outcome: 'unchanged', reason: 'پست دوباره در کانال پیدا شد؛ مقاله منتشر ماند' });
  });

  it('changes nothing and fails when Telegram is down at the confirmation', async () => {
    const id = await parkDeletions(44, 46);
    // The posts are back, but Telegram answers 500 to every read (retried, then given up).
    channel.reset();
    channel.posts('answers_500');
    const from = channel.requests.length;

    const done = await confirm(id);
    expect(new Set(rereads(from))).toEqual(new Set([44, 46]));
    expect(await published()).toBe(50);
    expect(await deletedPosts()).toEqual([]);
    expect(done).toMatchObject({ success: false, status: 'error' });
    expect(done.message).toBe('هیچ‌یک از ۲ مقاله بررسی نشد و چیزی تغییر نکرد');
    for (const item of done.detailedReport.processed) {
      expect(item.outcome).toBe('not_checked');
      expect(item.reason).toBe('پست هنگام تأیید دوباره از تلگرام خوانده نشد؛ مقاله بررسی نشد و دست نخورد: سرور تلگرام خطا داد');
    }
    const record = (await t.app.inject({ method: 'GET', url: `/api/admin/operations/${id}`, headers })).json() as OperationRecord;
    expect(record.status).toBe('error');
    expect(record.undoable).toBe(0);
  }, 60_000);
});

describe('confirming a verification preview', () => {
  const verify = async () => {
    const res = await post('/api/admin/check-articles');
    expect(res.statusCode).toBe(200);
    return res.json() as OperationResponse & { plan: NonNullable<OperationResponse['plan']> };
  };

  it('planned during a fault and confirmed after recovery, unpublishes only what is still gone', async () => {
    channel.remove(7, 23, 41);
    const answer = await verify();
    expect(answer.plan.items.filter((i) => i.change === 'unpublish').map((i) => i.telegramId).sort((a, b) => a! - b!)).toEqual([7, 23, 41]);
    channel.reset();
    channel.remove(23);
    const from = channel.requests.length;

    const done = await confirm(answer.operationId!);
    expect(rereads(from)).toEqual([7, 23, 41]);
    expect(await unpublishedIds(t)).toEqual([ids.get(23)]);
    expect(done.message).toBe('۳ مقاله بررسی شد: ۱ مقاله از انتشار خارج شد، ۲ مقاله بدون تغییر ماند');
    expect(byTelegramId(done, 7)).toMatchObject({ outcome: 'unchanged', reason: 'پست دوباره در کانال پیدا شد؛ مقاله منتشر ماند' });
    expect(byTelegramId(done, 23)).toMatchObject({ outcome: 'unpublished' });
  });

  it('with Telegram down at the confirmation, changes nothing and fails', async () => {
    channel.remove(7, 23, 41);
    const answer = await verify();
    channel.reset();
    channel.posts('answers_404');
    const from = channel.requests.length;

    const done = await confirm(answer.operationId!);
    expect(rereads(from)).toEqual([7, 23, 41]);
    expect(await published()).toBe(50);
    expect(done).toMatchObject({ success: false, status: 'error' });
    expect(done.message).toBe('هیچ‌یک از ۳ مقاله بررسی نشد و چیزی تغییر نکرد');
    expect(done.detailedReport.processed.map((i) => i.outcome)).toEqual(['not_checked', 'not_checked', 'not_checked']);
    expect(done.detailedReport.processed[0].reason).toContain('پست هنگام تأیید دوباره از تلگرام خوانده نشد');
  });
});
