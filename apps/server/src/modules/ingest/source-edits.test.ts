// Posts edited at their source: one rewrites its article at once (keeping a version to restore);
// several in one check wait in a plan for an editor, and its confirmation reads them again and
// rewrites their articles, undoably.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@chapar/db';
import type { OperationRecord } from '@chapar/shared/contracts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { TEST_ADMIN } from '../../../testing/accounts.ts';
import { CHANNEL } from '../../../testing/channel-server.ts';
import type { Services } from '../../services.ts';
import { holdEdits, plannedPostIds } from './source-edits.ts';

let t: IngestTestApp;
type Row = { id: number; title: string; status: string; content: string };
const article = async (telegramId: number, app = t) =>
  (await app.database.raw.query<Row>('select id, title, status, content from articles where telegram_id = $1', [telegramId])).rows[0];
const postState = async (telegramId: number, app = t) =>
  (await app.database.raw.query<{ state: string }>('select state from telegram_posts where telegram_id = $1', [telegramId])).rows[0].state;
const sync = async (app = t) => {
  const res = await app.post('/api/admin/sync-all-channels');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: boolean; message: string; editsAwaiting?: number };
};
const awaitingPlans = async (app = t) =>
  ((await app.get('/api/admin/operations?limit=50')).json() as { operations: OperationRecord[] }).operations
    .filter((op) => op.name === 'source-edits' && op.status === 'awaiting');

beforeAll(async () => {
  t = await buildIngestTestApp();
  await sync();
});
afterAll(async () => { await t?.close(); });

describe('posts edited at the source', () => {
  it('one edit rewrites its article at once, and the article keeps what it replaced', async () => {
    const before = await article(102);
    t.server.edit(102, '۱۰۲٬۳۰۰ تومان رسید', '۱۰۴٬۸۰۰ تومان رسید');
    await sync();
    expect((await article(102)).title).toBe('قیمت دلار در بازار آزاد به ۱۰۴٬۸۰۰ تومان رسید');
    const versions = (await t.get(`/api/admin/articles/${before.id}/versions`)).json() as { versions: Array<{ title: string; action: string; savedBy: string | null }> };
    expect(versions.versions[0]).toMatchObject({ title: before.title, action: 'regenerate', savedBy: null });
  });

  it('several edits in one check change nothing until an editor confirms; the confirmed rewrite can be undone', async () => {
    const a = await article(102);
    const b = await article(116);
    t.server.edit(102, '۱۰۴٬۸۰۰ تومان رسید', '۱۰۶٬۱۰۰ تومان رسید');
    t.server.edit(116, 'تیم ملی', 'تیم ملی فوتبال');
    const answer = await sync();
    expect(answer.message).toContain('۲ پست در کانال ویرایش شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» دست نمی‌خورند');
    expect([(await article(102)).title, (await article(116)).title]).toEqual([a.title, b.title]);

    // A later check leaves the held posts alone: still nothing rewritten, no second plan.
    await sync();
    expect((await article(102)).title).toBe(a.title);
    const list = (await t.get('/api/admin/operations?limit=50')).json() as { operations: OperationRecord[] };
    const plans = list.operations.filter((op) => op.name === 'source-edits' && op.status === 'awaiting');
    expect(plans).toHaveLength(1);
    expect(plans[0].plan!.items.map((item) => [item.articleId, item.change])).toEqual(expect.arrayContaining([[a.id, 'rewrite'], [b.id, 'rewrite']]));

    const confirmed = await t.post(`/api/admin/operations/${plans[0].id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await article(102)).title).toBe('قیمت دلار در بازار آزاد به ۱۰۶٬۱۰۰ تومان رسید');
    expect((await article(116)).title).not.toBe(b.title);
    // The confirmed rewrite is in each article's history, signed by the editor who confirmed it.
    for (const { id, title } of [a, b]) {
      const history = (await t.get(`/api/admin/articles/${id}/versions`)).json() as { versions: Array<{ title: string; action: string; savedBy: string | null; summary: string }> };
      expect(history.versions[0]).toMatchObject({ title, action: 'regenerate', savedBy: TEST_ADMIN.username });
      expect(history.versions[0].summary).toContain(`توسط \u2066${TEST_ADMIN.username}\u2069`);
    }

    const undo = await t.post(`/api/admin/operations/${plans[0].id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect([(await article(102)).title, (await article(116)).title]).toEqual([a.title, b.title]);
  });

  it('a cancelled plan leaves its articles as they are and lets go of its posts: later checks neither rewrite nor raise them again', async () => {
    const a = await article(101);
    const b = await article(112);
    t.server.edit(101, 'در ژنو', 'در وین');
    t.server.edit(112, '۱۲ استان', '۱۴ استان');
    await sync();
    const [plan] = await awaitingPlans();
    expect(plan.plan!.items.map((item) => item.articleId).sort()).toEqual([a.id, b.id].sort());
    expect([await postState(101), await postState(112)]).toEqual(['held', 'held']);

    const cancelled = await t.post(`/api/admin/operations/${plan.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([await article(101), await article(112)]).toEqual([a, b]);
    expect([await postState(101), await postState(112)]).toEqual(['published', 'published']);
    expect(cancelled.json()).toMatchObject({ status: 'error', cancelRequested: true });
    expect((cancelled.json() as OperationRecord).logs.join('\n')).toContain('۲ پست ویرایش‌شده کنار گذاشته شد؛ مقاله‌ها همان‌طور که بودند می‌مانند');

    const again = await sync();
    expect(again.editsAwaiting ?? 0).toBe(0);
    expect(await awaitingPlans()).toEqual([]);
    expect([await article(101), await article(112)]).toEqual([a, b]);
    expect([await postState(101), await postState(112)]).toEqual(['published', 'published']);

    // A further edit at the source is a new edit: one rewrites its article at once.
    t.server.edit(101, 'در وین', 'در پاریس');
    await sync();
    expect((await article(101)).title).toContain('پاریس');
    expect((await article(112)).content).toBe(b.content);
  });

  it('confirming only some items rewrites those and lets go of the posts of the others', async () => {
    const a = await article(112);
    const b = await article(115);
    t.server.edit(112, '۱۴ استان', '۱۶ استان');
    t.server.edit(115, '۵ استان', '۷ استان');
    await sync();
    const [plan] = await awaitingPlans();
    expect(plan.plan!.items.map((item) => item.articleId).sort()).toEqual([a.id, b.id].sort());

    const confirmed = await t.post(`/api/admin/operations/${plan.id}/confirm`, { articleIds: [a.id] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await article(112)).title).toContain('۱۶ استان');
    expect(await article(115)).toEqual(b);
    expect([await postState(112), await postState(115)]).toEqual(['published', 'published']);
    expect(confirmed.json()).toMatchObject({ success: true, status: 'success', result: { total: 1, updated: 1, aiFailed: 0, notChecked: 0 } });

    await sync();
    expect(await awaitingPlans()).toEqual([]);
    expect(await article(115)).toEqual(b);
  });

  it('reads the articles of the edited posts in one query, and the waiting plans in another', async () => {
    const db = t.database.db;
    let selects = 0;
    const counted = new Proxy(db, {
      get(target, key) {
        if (key === 'select') selects++;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Services['log'];
    const ids = [101, 112, 115, 116];
    const held = await holdEdits({ db: counted, log }, CHANNEL, ids.map((telegramId) => ({ source: CHANNEL, telegramId })));
    expect(held.held).toHaveLength(ids.length);
    // One for the articles, one for the plans already waiting: however many posts there are.
    expect(selects).toBe(2);

    selects = 0;
    const planned = await Promise.all([101, 116].map(async (id) => ({ articleId: (await article(id)).id })));
    expect(await plannedPostIds({ db: counted }, CHANNEL, ids, planned)).toEqual([101, 116]);
    expect(selects).toBe(1);

    expect((await t.post(`/api/admin/operations/${held.operationId}/cancel`, {})).statusCode).toBe(200);
    expect(await Promise.all(ids.map((id) => postState(id)))).toEqual(ids.map(() => 'published'));
  });

  it('«add the latest 20» holds several edits too, and counts only what it wrote', async () => {
    const a = await article(103);
    const b = await article(106);
    t.server.edit(103, 'نمایشگاه بین‌المللی کتاب تهران', 'نمایشگاه بین‌المللی کتاب تهران در مصلی');
    t.server.edit(106, 'هفته دوازدهم', 'هفته سیزدهم');
    const res = await t.post('/api/admin/add-20-recent-posts');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { message: string; result: { editsAwaiting: number; published: number; aiFallbacks: number }; detailedReport: { processed: Array<{ filename: string; status: string; reason: string }> } };
    expect(answer.result).toMatchObject({ editsAwaiting: 2, published: 0, aiFallbacks: 0 });
    expect(answer.message).toContain('۲ پست در کانال ویرایش شده است');
    expect([(await article(103)).content, (await article(106)).content]).toEqual([a.content, b.content]);
    const [plan] = await awaitingPlans();
    expect(plan.plan!.items.map((item) => item.articleId).sort()).toEqual([a.id, b.id].sort());
    // Every post read is still listed for the admin: the held ones as waiting, the others as left.
    const lines = new Map(answer.detailedReport.processed.map((item) => [item.filename, item]));
    expect(lines.get(`${CHANNEL}/103`)).toMatchObject({ status: 'skipped', reason: 'ویرایش‌شده در کانال؛ در انتظار تأیید ویراستار' });
    expect(lines.get(`${CHANNEL}/102`)).toMatchObject({ status: 'skipped', reason: 'از پیش منتشر شده بود؛ تغییری نکرد' });
    expect((await t.post(`/api/admin/operations/${plan.id}/cancel`, {})).statusCode).toBe(200);
  });

  it('a range over posts edited at the source holds them too, and writes none of their articles', async () => {
    const a = await article(107);
    const b = await article(109);
    t.server.edit(107, 'نشست خبری رئیس سازمان', 'نشست خبری امروز رئیس سازمان');
    t.server.edit(109, 'صف‌های طولانی', 'صف‌های بسیار طولانی');
    const res = await t.post('/api/admin/process-posts-range', { startId: 107, endId: 109 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { message: string; result: { editsAwaiting: number; updated: number }; detailedReport: { processed: Array<{ filename: string; status: string; reason: string }> } };
    expect(answer.result).toMatchObject({ editsAwaiting: 2, updated: 0 });
    expect(answer.message).toContain('۲ پست در کانال ویرایش شده است');
    expect(answer.detailedReport.processed).toEqual(expect.arrayContaining([
      expect.objectContaining({ filename: `${CHANNEL}/107`, status: 'skipped', reason: 'ویرایش‌شده در کانال؛ در انتظار تأیید ویراستار' }),
    ]));
    expect([(await article(107)).content, (await article(109)).content]).toEqual([a.content, b.content]);
    const [plan] = await awaitingPlans();
    expect(plan.plan!.items.map((item) => item.articleId).sort()).toEqual([a.id, b.id].sort());
    expect((await t.post(`/api/admin/operations/${plan.id}/cancel`, {})).statusCode).toBe(200);
  });

  it('posts a waiting plan lists make no second plan when edited again, and one of them edited alone is not rewritten past it', async () => {
    const a = await article(107);
    const b = await article(109);
    t.server.edit(107, 'نشست خبری امروز رئیس سازمان', 'نشست خبری فردای رئیس سازمان');
    t.server.edit(109, 'صف‌های بسیار طولانی', 'صف‌های نسبتاً طولانی');
    await sync();
    expect(await awaitingPlans()).toHaveLength(1);
    // Both edited again (a layout glitch undone looks so), then one alone: still the one plan, nothing rewritten.
    t.server.edit(107, 'نشست خبری فردای رئیس سازمان', 'نشست خبری امروز رئیس سازمان');
    t.server.edit(109, 'صف‌های نسبتاً طولانی', 'صف‌های بسیار طولانی');
    await sync();
    t.server.edit(107, 'نشست خبری امروز رئیس سازمان', 'نشست خبری دیروز رئیس سازمان');
    await sync();
    const plans = await awaitingPlans();
    expect(plans).toHaveLength(1);
    expect(plans[0].plan!.items.map((item) => item.articleId).sort()).toEqual([a.id, b.id].sort());
    expect([(await article(107)).content, (await article(109)).content]).toEqual([a.content, b.content]);
    expect((await t.post(`/api/admin/operations/${plans[0].id}/cancel`, {})).statusCode).toBe(200);
  });
});

describe('a confirmed plan of edits while the configured AI fails', () => {
  let ai: FakeOpenAiServer;
  let app: IngestTestApp;
  beforeAll(async () => {
    ai = await startFakeOpenAi();
    // A refused key falls back at once: the channel's articles are written offline, quickly.
    ai.script({ status: 401, body: { error: { message: 'bad key' } } });
    app = await buildIngestTestApp({ ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 5_000 } });
    await sync(app);
  });
  afterAll(async () => {
    await app?.close();
    await ai?.close();
  });

  it('leaves every article as it was, stops asking the AI after two failures, and is no success', async () => {
    const ids = [101, 112, 115];
    const before = await Promise.all(ids.map((id) => article(id, app)));
    app.server.edit(101, 'در ژنو', 'در وین');
    app.server.edit(112, '۱۲ استان', '۱۴ استان');
    app.server.edit(115, '۵ استان', '۷ استان');
    await sync(app);
    const [plan] = await awaitingPlans(app);
    expect(plan.plan!.items).toHaveLength(3);

    ai.script({ status: 500, body: { error: { message: 'internal error' } } });
    const asked = ai.requests.length;
    const res = await app.post(`/api/admin/operations/${plan.id}/confirm`, {});
    expect(res.statusCode, res.body).toBe(200);
    // No offline text replaced a good one.
    expect(await Promise.all(ids.map((id) => article(id, app)))).toEqual(before);
    const body = res.json() as { success: boolean; status: string; message: string; result: Record<string, unknown>; detailedReport: { processed: Array<{ outcome?: string; reason: string; articleId: number | null }> } };
    expect(body).toMatchObject({ success: false, status: 'error', result: { total: 3, updated: 0, failed: 0, aiFailed: 3, notChecked: 3 } });
    expect(body.message).toBe('سرویس هوش مصنوعی پاسخ درستی نداد؛ هیچ‌یک از ۳ مقاله بازنویسی نشد و چیزی تغییر نکرد');
    expect(body.detailedReport.processed.map((item) => item.outcome)).toEqual(['not_checked', 'not_checked', 'not_checked']);
    // Each line names the article left as it was (the two the AI failed on and the one not sent), so the report links to it.
    expect(body.detailedReport.processed.map((item) => item.articleId)).toEqual(before.map((a) => a.id));
    expect(body.detailedReport.processed[2].reason).toBe('سرویس هوش مصنوعی در این اجرا پاسخ درستی نداد (سرویس هوش مصنوعی در دسترس نبود)؛ این مقاله به آن فرستاده نشد و تغییری نکرد');
    // Two articles asked (each request retried), the third not sent after the break.
    expect(ai.requests.length - asked).toBe(2 * 3);

    // The posts are no longer held, and a later check leaves them.
    expect(await Promise.all(ids.map((id) => postState(id, app)))).toEqual(['published', 'published', 'published']);
    await sync(app);
    expect(await awaitingPlans(app)).toEqual([]);
    expect(await Promise.all(ids.map((id) => article(id, app)))).toEqual(before);
  }, 60_000);
});
