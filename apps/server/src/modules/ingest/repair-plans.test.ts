// The repair jobs' previews say what a run will change. The text repairs (fix-excerpts and the
// like) need no network, so their plan is exact: it lists only the articles that would change, each
// with its fields before and after, and the confirmed run changes exactly the items the editor kept,
// leaving an article edited since. A repair that needs the Telegram post is offered only for
// channels that can be read now: one read per channel, and a plan that could check nothing fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, type OperationPlan, type OperationRecord, type OperationResponse } from '@chapar/shared/contracts';
import { handle } from '@chapar/shared/text';
import { createArticle } from '../../../testing/factories.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { startFixtureServer, type FixtureServer } from '../../../testing/telegram-fixture-server.ts';
import { TEXT_PLAN_REASONS } from './text-plan.ts';
import { derivedFields } from '../articles/derived-fields.ts';
import { VERIFY_REASONS } from './verify-source.ts';

type Answer = OperationResponse & {
  plan: OperationPlan | null;
  result: { total: number; updated: number; notChecked: number } | null;
  detailedReport: { processed: Array<{ articleId: number; outcome: string; reason: string }> };
};

const changing = (plan: OperationPlan) => plan.items.filter((i) => i.change !== 'unchanged' && i.change !== 'not_checked');

describe('fix-excerpts: an exact plan', () => {
  let t: IngestTestApp;
  const ids: number[] = [];
  const excerptOf = async (id: number) => (await t.database.raw.query<{ excerpt: string }>('select excerpt from articles where id = $1', [id])).rows[0].excerpt;

  beforeAll(async () => {
    t = await buildIngestTestApp();
    for (let i = 0; i < 6; i++) {
      const article = await createArticle(t.database, {
        title: `خبر شمارهٔ ${i + 1} دربارهٔ بازار ارز`,
        content: `<p>بانک مرکزی امروز اعلام کرد که نرخ ارز در بازار شمارهٔ ${i + 1} ثابت ماند.</p><p>کارشناسان گفتند این روند تا پایان هفته ادامه دارد و بازار آرام است.</p>`,
        excerpt: `بانک مرکزی از ثبات نرخ ارز در بازار ${i + 1} خبر داد`,
      });
      ids.push(article.id);
    }
    // The site as a run leaves it: every excerpt, meta description and derived field sound.
    const first = (await t.post('/api/admin/fix-excerpts')).json() as Answer;
    if (first.status === 'awaiting') expect((await t.post(`/api/admin/operations/${first.operationId}/confirm`)).statusCode).toBe(200);
  });
  afterAll(async () => { await t?.close(); });

  it('ends at once when nothing needs tidying', async () => {
    const answer = (await t.post('/api/admin/fix-excerpts')).json() as Answer;
    expect(answer).toMatchObject({ success: true, status: 'success', plan: { exact: true, changes: 0, looked: 6 } });
    expect(answer.message).toBe('پیش‌نمایش «اصلاح خلاصه‌ها»: ۶ مقاله بررسی شد و تغییری لازم نیست');
  });

  it('lists exactly the articles whose excerpt needs tidying, with before and after; confirming with one left out changes only the other', async () => {
    const [empty, asTitle] = ids;
    await t.database.raw.query("update articles set excerpt = '' where id = $1", [empty]);
    await t.database.raw.query('update articles set excerpt = title where id = $1', [asTitle]);
    const untouched = await Promise.all(ids.map(excerptOf));

    const preview = (await t.post('/api/admin/fix-excerpts')).json() as Answer;
    expect(preview).toMatchObject({ status: 'awaiting', plan: { exact: true, changes: 2, looked: 6, breaker: null } });
    expect(preview.message).toBe('پیش‌نمایش «اصلاح خلاصه‌ها»: ۲ مقاله تغییر می‌کند. برای اجرا تأیید کنید');
    const plan = preview.plan!;
    // Only the two, each a rewrite with what is wrong and what changes; the other four counted as needing nothing.
    expect(changing(plan).map((i) => i.articleId).sort()).toEqual([empty, asTitle].sort());
    expect(plan.items.filter((i) => i.change === 'unchanged')).toHaveLength(4);
    for (const item of plan.items.filter((i) => i.change === 'unchanged')) expect(item.reason).toBe(TEXT_PLAN_REASONS.noChange);
    const byId = new Map(plan.items.map((i) => [i.articleId, i]));
    expect(byId.get(empty)).toMatchObject({ change: 'rewrite', reason: 'خلاصه خالی است؛ تغییر: خلاصه' });
    expect(byId.get(asTitle)).toMatchObject({ change: 'rewrite', reason: 'خلاصه همان عنوان است؛ تغییر: خلاصه' });
    const emptyFields = byId.get(empty)!.proposal!.fields!;
    expect(emptyFields).toEqual([{ field: 'excerpt', before: '', after: expect.stringMatching(/\S/) }]);
    expect(byId.get(empty)!.proposal!.excerpt).toBe(emptyFields[0].after);
    expect(byId.get(asTitle)!.proposal!.fields).toEqual([{ field: 'excerpt', before: untouched[1], after: expect.not.stringMatching(`^${untouched[1]}$`) }]);
    // Nothing has changed yet.
    expect(await Promise.all(ids.map(excerptOf))).toEqual(untouched);

    // The editor unchecks the title-as-excerpt article: only the empty excerpt is written.
    const res = await t.post(`/api/admin/operations/${preview.operationId}/confirm`, { articleIds: [empty] });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as Answer;
    expect(done).toMatchObject({ success: true, status: 'success', result: { total: 1, updated: 1 } });
    expect(done.detailedReport.processed.map((i) => [i.articleId, i.outcome])).toEqual([[empty, 'fixed']]);
    expect(await excerptOf(empty)).toBe(emptyFields[0].after);
    expect(await excerptOf(asTitle)).toBe(untouched[1]);
    for (const [i, id] of ids.entries()) if (id !== empty) expect(await excerptOf(id)).toBe(untouched[i]);
    // The run's change can be undone: it is kept under the operation.
    expect(((await t.get(`/api/admin/operations/${preview.operationId}`)).json() as OperationRecord).undoable).toBe(1);
  });

  it('plans combined text repairs exactly too (auto-fix-content-issues: content, then excerpt)', async () => {
    const target = ids[4];
    const { rows } = await t.database.raw.query<{ title: string }>('select title from articles where id = $1', [target]);
    const arabic = rows[0].title.replace('بازار', 'بازار ك');
    await t.database.raw.query('update articles set title = $1 where id = $2', [arabic, target]);
    const preview = (await t.post('/api/admin/auto-fix-content-issues')).json() as Answer;
    // This one, and the title-as-excerpt article the editor left out before (its excerpt still needs it).
    expect(preview).toMatchObject({ status: 'awaiting', plan: { exact: true, changes: 2 } });
    expect(changing(preview.plan!).map((i) => i.articleId).sort()).toEqual([ids[1], target].sort());
    const item = changing(preview.plan!).find((i) => i.articleId === target)!;
    expect(item).toMatchObject({ change: 'rewrite', reason: 'حروف عربی (ي، ك) فارسی می‌شود؛ تغییر: عنوان' });
    expect(item.proposal!.fields).toEqual([{ field: 'title', before: arabic, after: arabic.replace('ك', 'ک') }]);
    const done = (await t.post(`/api/admin/operations/${preview.operationId}/confirm`, { articleIds: [target] })).json() as Answer;
    expect(done).toMatchObject({ status: 'success', result: { total: 1, updated: 1 } });
    expect((await t.database.raw.query<{ title: string }>('select title from articles where id = $1', [target])).rows[0].title).toBe(arabic.replace('ك', 'ک'));
  });

  it('leaves an article edited after the preview, and lists it with why', async () => {
    const [, asTitle, third] = ids;
    await t.database.raw.query("update articles set excerpt = '' where id = $1", [third]);
    const preview = (await t.post('/api/admin/fix-excerpts')).json() as Answer;
    expect(changing(preview.plan!).map((i) => i.articleId).sort()).toEqual([asTitle, third].sort());
    // An editor saves the third article meanwhile.
    await t.database.raw.query("update articles set content = '<p>متن تازهٔ ویراستار برای این خبر.</p>', updated_at = now() + interval '1 second' where id = $1", [third]);
    const done = (await t.post(`/api/admin/operations/${preview.operationId}/confirm`, {})).json() as Answer;
    expect(done).toMatchObject({ status: 'success', result: { total: 2, updated: 1 } });
    const report = new Map(done.detailedReport.processed.map((i) => [i.articleId, i]));
    expect(report.get(asTitle)).toMatchObject({ outcome: 'fixed' });
    expect(report.get(third)).toMatchObject({ outcome: 'unchanged', reason: TEXT_PLAN_REASONS.editedSince });
    expect(await excerptOf(third)).toBe('');
  });

  it('does not list an article whose body differs only in how its markup is written', async () => {
    // The sanitiser writes a void tag as <img …/>; the same body written <img …> is not a change to offer.
    const fields = {
      title: 'نمایشگاه کتاب تهران با حضور ناشران آغاز شد',
      content: '<p>نمایشگاه کتاب امروز آغاز شد و تا هفتهٔ آینده باز است.</p><figure><img src="/media/tg/x/1/0-image.jpg" alt="نمایشگاه کتاب"></figure><p>ناشران زیادی در آن حضور دارند.</p>',
      excerpt: 'نمایشگاه کتاب تهران از امروز به روی بازدیدکنندگان باز است',
      metaDescription: 'نمایشگاه کتاب تهران از امروز به روی بازدیدکنندگان باز است',
      keywords: 'نمایشگاه کتاب', category: 'culture', imageUrl: null, videoUrl: null,
    };
    // Its derived columns as a write leaves them, so only the body could be offered.
    const { id } = await createArticle(t.database, { ...fields, ...derivedFields(fields) });
    const preview = (await t.post('/api/admin/auto-fix-content-issues')).json() as Answer;
    const item = preview.plan!.items.find((i) => i.articleId === id);
    expect(item?.change ?? 'unchanged', item?.reason).toBe('unchanged');
    if (preview.status === 'awaiting') await t.post(`/api/admin/operations/${preview.operationId}/cancel`, {});
  });
  it('undoes field by field: an excerpt comes back though the title was edited after the run; an excerpt edited since stays, and is said so', async () => {
    // Two articles of their own, with no excerpt, that nobody has edited by hand.
    const [titled, rewritten] = await Promise.all([7, 8].map(async (n) => (await createArticle(t.database, {
      title: `خبر شمارهٔ ${n} دربارهٔ بازار ارز`,
      content: `<p>بانک مرکزی امروز اعلام کرد که نرخ ارز در بازار شمارهٔ ${n} ثابت ماند.</p><p>کارشناسان گفتند این روند تا پایان هفته ادامه دارد و بازار آرام است.</p>`,
      excerpt: '',
    })).id));
    const preview = (await t.post('/api/admin/fix-excerpts')).json() as Answer;
    expect((await t.post(`/api/admin/operations/${preview.operationId}/confirm`, { articleIds: [titled, rewritten] })).statusCode).toBe(200);
    const fixed = await excerptOf(titled);
    expect(fixed).not.toBe('');
    const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers: t.headers, payload });
    const title = 'تیتر تازه‌ای که سردبیر پس از اصلاح خلاصه نوشت';
    expect((await patch(titled, { title })).statusCode).toBe(200);
    expect((await patch(rewritten, { excerpt: 'خلاصه‌ای که سردبیر پس از اصلاح نوشت' })).statusCode).toBe(200);

    const undo = await t.post(`/api/admin/operations/${preview.operationId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ success: true, restored: 1, skipped: [{ articleId: rewritten, reason: 'مقاله پس از این عملیات دوباره تغییر کرده است؛ دست نخورد' }] });
    // The job's excerpt is taken back; the editor's title stays, and the columns made from it follow it.
    const row = (await t.database.raw.query<{ excerpt: string; title: string; slug: string; search_title: string }>('select excerpt, title, slug, search_title from articles where id = $1', [titled])).rows[0];
    expect(row).toMatchObject({ excerpt: '', title });
    const derived = derivedFields({ title, excerpt: '', content: '', keywords: '', category: 'Economy', imageUrl: null, videoUrl: null });
    expect(row.slug).toBe(derived.slug);
    expect(row.search_title).toBe(derived.searchTitle);
    expect(await excerptOf(rewritten)).toBe('خلاصه‌ای که سردبیر پس از اصلاح نوشت');
  });
});

describe('repairs that need Telegram: the channel is read first', () => {
  let fixture: FixtureServer;
  let t: IngestTestApp;
  let down: number[];
  let readable: number;
  const dateOf = async (id: number) => (await t.database.raw.query<{ published_at: Date }>('select published_at from articles where id = $1', [id])).rows[0].published_at.toISOString();
  const UNREADABLE = VERIFY_REASONS.unreachable('always_down', 'سرور تلگرام خطا داد');

  beforeAll(async () => {
    // The fixture t.me: @akhbar_rooz answers, @always_down always answers 503.
    fixture = await startFixtureServer();
    t = await buildIngestTestApp({ telegramWebBaseUrl: fixture.baseUrl });
    const old = new Date('2020-01-01T00:00:00Z');
    down = [
      (await createArticle(t.database, { source: 'always_down', telegramId: 7, publishedAt: old })).id,
      (await createArticle(t.database, { source: 'always_down', telegramId: 8, publishedAt: old })).id,
    ];
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('a dates preview while the channel answers 503 ends as a failed preview naming the channel, and changes nothing', { timeout: 60_000 }, async () => {
    fixture.reset();
    const answer = (await t.post('/api/admin/fix-article-dates')).json() as Answer;
    expect(answer).toMatchObject({ success: false, status: 'error', plan: { changes: 0, looked: 0 } });
    expect(answer.message).toBe(`پیش‌نمایش «اصلاح تاریخ مقاله‌ها» ناموفق بود: هیچ‌یک از ۲ مقاله بررسی نشد (${UNREADABLE})؛ چیزی تغییر نکرد`);
    expect(answer.message).toContain(handle('always_down'));
    expect(answer.plan!.items.map((i) => [i.articleId, i.change, i.reason]).sort()).toEqual(down.map((id) => [id, 'not_checked', UNREADABLE]).sort());
    // One read of the channel (with its retries), no read of any post; nothing to confirm.
    expect(fixture.requests.every((r) => r.startsWith('/s/always_down'))).toBe(true);
    expect(fixture.hits('/always_down/7') + fixture.hits('/always_down/8')).toBe(0);
    const record = (await t.get(`/api/admin/operations/${answer.operationId}`)).json() as OperationRecord;
    expect(record.status).toBe('error');
    expect((await t.post(`/api/admin/operations/${answer.operationId}/confirm`, {})).statusCode).toBe(400);
    for (const id of down) expect(await dateOf(id)).toBe('2020-01-01T00:00:00.000Z');
  });

  it('offers the readable channel\'s articles, lists the other\'s as not checked, and the run does not read the unreadable one\'s posts', { timeout: 60_000 }, async () => {
    readable = (await createArticle(t.database, { source: 'akhbar_rooz', telegramId: 113, publishedAt: new Date('2020-01-01T00:00:00Z') })).id;
    const preview = (await t.post('/api/admin/fix-article-dates')).json() as Answer;
    expect(preview).toMatchObject({ status: 'awaiting', plan: { exact: false, changes: 1, looked: 1 } });
    expect(preview.message).toContain(`۲ مقاله بررسی نشد (${UNREADABLE})`);
    expect(preview.plan!.items.map((i) => [i.articleId, i.change])).toEqual(expect.arrayContaining([[readable, 'check'], [down[0], 'not_checked'], [down[1], 'not_checked']]));

    // A scope plan runs over its whole scope: a pick of its articles, even of none, is refused, not ignored.
    for (const articleIds of [[], [readable], [999_999]]) {
      const picked = await t.post(`/api/admin/operations/${preview.operationId}/confirm`, { articleIds });
      expect(picked.statusCode).toBe(400);
      expect(picked.json()).toMatchObject({ message: PLAN_MESSAGES.scopeNotPickable });
    }
    expect(((await t.get(`/api/admin/operations/${preview.operationId}`)).json() as OperationRecord).status).toBe('awaiting');
    expect(await dateOf(readable)).toBe('2020-01-01T00:00:00.000Z');

    fixture.reset();
    const done = (await t.post(`/api/admin/operations/${preview.operationId}/confirm`, {})).json() as Answer;
    expect(done.result).toMatchObject({ total: 3, updated: 1, notChecked: 2 });
    const report = new Map(done.detailedReport.processed.map((i) => [i.articleId, i]));
    for (const id of down) expect(report.get(id)).toMatchObject({ outcome: 'not_checked', reason: `${UNREADABLE}؛ مقاله دست نخورد` });
    expect(fixture.hits('/always_down/7') + fixture.hits('/always_down/8')).toBe(0);
    expect(await dateOf(readable)).toBe('2026-11-18T13:05:00.000Z');
    for (const id of down) expect(await dateOf(id)).toBe('2020-01-01T00:00:00.000Z');
  });
});
