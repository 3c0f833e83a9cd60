import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPersianDigits } from '@chapar/shared/text';
import { createArticle } from '../../../testing/factories.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../testing/fake-openai-server.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { articleRepo } from '../articles/repo.ts';
import { ingestPost } from '../ingest/ingest-post.ts';
import { mediaRepo } from '../media/repo.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { rewriteLosses } from './verify.ts';

const PRIMARY = 'akhbar_rooz';
const SECONDARY = 'khabar_fori';

const QUAKE_BAM = 'زلزله ۵٫۲ ریشتری بم را لرزاند\n\nزمین‌لرزه‌ای به بزرگی ۵٫۲ ریشتر بامداد امروز بم در استان کرمان را لرزاند. به گفته مرکز لرزه‌نگاری مؤسسه ژئوفیزیک دانشگاه تهران، کانون این زلزله در عمق ۱۰ کیلومتری زمین بوده است. مدیرکل مدیریت بحران استان کرمان گفت تاکنون گزارشی از خسارت جانی دریافت نشده و تیم‌های ارزیاب به منطقه اعزام شده‌اند. در ساعات پس از زلزله ۶ پس‌لرزه در منطقه ثبت شده است.';
// The second channel's copy: its own headline, sentences moved, words swapped, emoji, hashtags, signature.
const QUAKE_BAM_REWORDED = '🔴 زمین‌لرزه‌ای به بزرگی 5.2 ریشتر در بم\n\nدر ساعات پس از زلزله 6 پس‌لرزه در منطقه ثبت شده است. زمین‌لرزه‌ای به بزرگی 5.2 ریشتر صبح امروز بم در استان کرمان را لرزاند. مدیرکل مدیریت بحران استان کرمان اعلام کرد تا این لحظه گزارشی از خسارت جانی دریافت نشده و تیم‌های ارزیاب به منطقه اعزام شده‌اند. به گفته مرکز لرزه‌نگاری مؤسسه ژئوفیزیک دانشگاه تهران، کانون این زلزله در عمق 10 کیلومتری زمین بوده است. #زلزله #بم\n\n🆔 @khabar_fori';
// Another earthquake: same topic, same phrasing, other city and figures.
const QUAKE_KHOY = 'زلزله ۴٫۷ ریشتری خوی را لرزاند\n\nزمین‌لرزه‌ای به بزرگی ۴٫۷ ریشتر بامداد امروز خوی در استان آذربایجان غربی را لرزاند. به گفته مرکز لرزه‌نگاری مؤسسه ژئوفیزیک دانشگاه تهران، کانون این زلزله در عمق ۸ کیلومتری زمین بوده است. مدیرکل مدیریت بحران استان آذربایجان غربی گفت تاکنون گزارشی از خسارت جانی دریافت نشده و تیم‌های ارزیاب به منطقه اعزام شده‌اند. در ساعات پس از زلزله ۱۱ پس‌لرزه در منطقه ثبت شده است.';

let t: TestApp;
let s: Services;
let headers: Record<string, string>;
let ai: FakeOpenAiServer;
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

function telegramPost(channel: string, messageId: number, text: string, minutesAgo: number): TelegramPost {
  return {
    channel, messageId, date: new Date(Date.now() - minutesAgo * 60_000), text, html: text, links: [], hashtags: [], photos: [], videos: [], documents: [],
    views: 100, edited: false, mediaUnsupported: false,
  };
}
async function store(channel: string, messageId: number, text: string, minutesAgo = 10) {
  await postStore.saveFetched(s.db, channel, telegramPost(channel, messageId, text, minutesAgo));
  return { source: channel, telegramId: messageId };
}

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await buildTestApp({ config: { worker: true, channels: [{ role: 'primary', username: PRIMARY }, { role: 'secondary', username: SECONDARY }] } });
  s = (t.app as unknown as { ingest: Services }).ingest;
  const login = await loginAsAdmin(t.app);
  headers = { cookie: login.cookie, 'x-csrf-token': login.csrfToken };
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

describe('ingestion', () => {
  let bamArticle: number;

  it('a reworded post from the second channel becomes an ignored duplicate linked to the article', async () => {
    const first = await ingestPost(s, await store(PRIMARY, 501, QUAKE_BAM, 30), { useAI: false });
    expect(first.status).toBe('created');
    bamArticle = first.articleId!;
    const second = await ingestPost(s, await store(SECONDARY, 9001, QUAKE_BAM_REWORDED, 5), { useAI: false });
    expect(second.status).toBe('ignored');
    expect(second.articleId).toBe(bamArticle);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ignored-posts', headers });
    expect(list.json().posts).toEqual([expect.objectContaining({ source: SECONDARY, telegramId: 9001, reason: 'duplicate', duplicateOf: bamArticle })]);
    const count = await t.database.raw.query<{ n: number }>('select count(*)::int as n from articles');
    expect(count.rows[0].n).toBe(1);
  });

  it('a different event on the same topic becomes an article', async () => {
    const khoy = await ingestPost(s, await store(SECONDARY, 9002, QUAKE_KHOY, 4), { useAI: false });
    expect(khoy.status).toBe('created');
    expect(khoy.articleId).not.toBe(bamArticle);
  });

  it('the admin can overrule: processing the ignored duplicate makes it an article', async () => {
    const forced = await ingestPost(s, { source: SECONDARY, telegramId: 9001 }, { force: true, useAI: false });
    expect(forced.status).toBe('created');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ignored-posts', headers });
    expect(list.json().posts).toEqual([]);
  });
});

describe('single check', () => {
  it('by text: the spec shape, the similar article and why', async () => {
    const res = await post('/api/admin/check-duplicate-content', { content: QUAKE_BAM_REWORDED });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isDuplicate: true, duplicateType: expect.stringMatching(/^(title_similarity|keyword_analysis|media_comparison|ai_analysis)$/) });
    expect(body.confidence).toBeGreaterThanOrEqual(60);
    expect(body.confidence).toBeLessThanOrEqual(100);
    expect(typeof body.processingTime).toBe('number');
    expect(body.details).toContain('تکرار');
    const top = body.duplicateArticles[0];
    expect(top).toMatchObject({ id: expect.any(Number), title: expect.any(String), excerpt: expect.any(String), category: expect.any(String), publishedAt: expect.any(String), similarity: expect.any(Number) });
    expect(top.title).toContain('بم');
    // The Khoy earthquake is similar wording but not the same story.
    const khoy = body.duplicateArticles.find((a: { title: string }) => a.title.includes('خوی'));
    if (khoy) expect(khoy.isDuplicate).toBe(false);
  });

  it('by text: an unrelated story is not a duplicate', async () => {
    const res = await post('/api/admin/check-duplicate-content', { content: 'تیم ملی والیبال ایران در دیداری نزدیک ژاپن را سه بر دو شکست داد و به نیمه‌نهایی قهرمانی آسیا رسید.' });
    expect(res.json()).toMatchObject({ isDuplicate: false });
  });

  it('by post id: a post of a configured channel, its own article left out', async () => {
    await store(SECONDARY, 9003, QUAKE_BAM_REWORDED.replace('🆔 @khabar_fori', 'کانال ما را دنبال کنید'), 1);
    const res = await post('/api/admin/check-duplicate-post', { postId: '9003' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isDuplicate: true, post: { source: SECONDARY, telegramId: 9003 } });
    const own = await post('/api/admin/check-duplicate-post', { postId: 501 });
    const ids = own.json().duplicateArticles.filter((a: { isDuplicate: boolean }) => a.isDuplicate).map((a: { telegramId: number }) => a.telegramId);
    expect(ids).not.toContain(501);
  });

  it('bad input: the spec message for nothing given, a clear one for an id that is not a number, 404 for an unknown post', async () => {
    for (const [url, payload] of [['/api/admin/check-duplicate-content', {}], ['/api/admin/check-duplicate-content', { content: '   ' }], ['/api/admin/check-duplicate-post', {}], ['/api/admin/check-duplicate-post', { postId: '' }]] as const) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: 'لطفاً شناسه پست یا محتوا را وارد کنید' });
    }
    for (const postId of ['abc', '@akhbar_rooz', 'akhbar_rooz/501', '12.5', '-3']) {
      const res = await post('/api/admin/check-duplicate-post', { postId });
      expect(res.statusCode, postId).toBe(400);
      expect(res.json().message).toContain('عدد');
    }
    // Only digits, but past the safe integers: too big, not "not a number", and never a 500.
    for (const postId of ['99999999999999999999', '۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹۹', '9007199254740992', 1e20, 1e21]) {
      const res = await post('/api/admin/check-duplicate-post', { postId });
      expect(res.statusCode, String(postId)).toBe(400);
      expect(res.json(), String(postId)).toEqual({ error: 'bad_request', message: 'شناسه پست بیش از حد بزرگ است' });
    }
    // The largest safe id is looked up like any other.
    expect((await post('/api/admin/check-duplicate-post', { postId: String(Number.MAX_SAFE_INTEGER) })).statusCode).toBe(404);
    const unknown = await post('/api/admin/check-duplicate-post', { postId: '777777' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('پستی با این شناسه در کانال‌ها پیدا نشد');
    // Persian digits are a number too.
    expect((await post('/api/admin/check-duplicate-post', { postId: '۹۰۰۳' })).statusCode).toBe(200);
  });
});

describe('full scan and removing a duplicate', () => {
  let original: number;
  let duplicate: number;

  it('finds a planted pair, the older as the original, and keeps the result', async () => {
    const older = await createArticle(t.database, {
      title: 'افتتاح خط ۷ متروی تهران با شش ایستگاه', content: '<p>خط ۷ قطار شهری تهران با ۶ ایستگاه امروز با حضور وزیر کشور افتتاح شد. طول این خط ۱۱ کیلومتر است و روزانه ۱۲۰ هزار مسافر را جابه‌جا می‌کند.</p><p>شهردار تهران گفت ساخت این خط ۹ سال طول کشید.</p>',
      publishedAt: new Date(Date.now() - 3 * 3600_000), views: 40, source: PRIMARY, telegramId: 601,
    });
    const newer = await createArticle(t.database, {
      title: 'خط ۷ مترو تهران به بهره‌برداری رسید', content: '<p>شهردار تهران گفت ساخت این خط ۹ سال طول کشید. خط ۷ قطار شهری تهران با ۶ ایستگاه روز جاری با حضور وزیر کشور به بهره‌برداری رسید.</p><p>طول این خط ۱۱ کیلومتر است و روزانه ۱۲۰ هزار مسافر را جابه‌جا می‌کند.</p>',
      publishedAt: new Date(Date.now() - 3600_000), views: 15, source: SECONDARY, telegramId: 602,
    });
    original = older.id;
    duplicate = newer.id;
    const res = await post('/api/admin/scan-detailed-duplicates');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: 'success', totalArticles: expect.any(Number), processingTime: expect.any(Number), operationId: expect.any(Number) });
    const pair = body.duplicates.find((d: { duplicateArticle: { id: number } }) => d.duplicateArticle.id === duplicate);
    expect(pair).toMatchObject({
      matchType: expect.stringMatching(/^(title|content|media|video|combined)$/),
      recommendation: expect.stringMatching(/^(keep_original|keep_duplicate|manual_review)$/),
      reasoning: expect.any(String),
      detailedAnalysis: { titleSimilarity: expect.any(Number), contentSimilarity: expect.any(Number), mediaSimilarity: expect.any(Number), keywordMatches: expect.any(Array), reasons: expect.any(Array) },
      originalArticle: { id: original, source: PRIMARY, telegramId: 601, views: 40 },
      duplicateArticle: { id: duplicate, source: SECONDARY, telegramId: 602 },
    });
    expect(pair.similarityScore).toBeGreaterThan(0.6);
    expect(pair.similarityScore).toBeLessThanOrEqual(1);
    expect(pair.detailedAnalysis.keywordMatches).toContain('تهران');
    // The Khoy and Bam earthquakes are not reported as a pair.
    expect(body.duplicates.some((d: { originalArticle: { title: string }; duplicateArticle: { title: string } }) =>
      [d.originalArticle.title, d.duplicateArticle.title].some((x) => x.includes('خوی')))).toBe(false);

    const kept = await t.app.inject({ method: 'GET', url: '/api/admin/scan-detailed-duplicates', headers });
    expect(kept.json()).toMatchObject({ operationId: body.operationId, status: 'success', scannedAt: expect.any(String) });
    expect(kept.json().duplicates).toHaveLength(body.duplicates.length);
    const operation = await t.app.inject({ method: 'GET', url: `/api/admin/operations/${body.operationId}`, headers });
    expect(operation.json().operation?.progress ?? operation.json().progress).toBe(100);
  });

  const PICTURE_KEY = `tg/${SECONDARY}/602/0-image.jpg`;
  const pictureOf = async (id: number) => (await t.database.raw.query<{ image_url: string | null }>('select image_url from articles where id = $1', [id])).rows[0]?.image_url;
  const pictureRow = async () => (await t.database.raw.query<{ article_id: number | null }>('select article_id from media_assets where storage_key = $1', [PICTURE_KEY])).rows;

  it('a removal whose delete fails changes nothing: comments, views, media, addresses and the post stay as they were', async () => {
    await t.database.raw.query("insert into comments (article_id, author_name, author_email, content, is_approved) values ($1, 'مریم', 'm@example.com', 'خبر خوبی بود', true)", [duplicate]);
    // Only the duplicate has a picture, stored from its post.
    const stored = await s.media.storage.put(PICTURE_KEY, Buffer.from('jpeg bytes'), 'image/jpeg');
    await mediaRepo.upsert(s.db, { articleId: duplicate, kind: 'image', storageKey: PICTURE_KEY, url: stored.url, mimeType: 'image/jpeg', bytes: 10 });
    await t.database.raw.query('update articles set image_url = $2 where id = $1', [duplicate, stored.url]);
    // The last step, the article's own delete, fails (as a lost connection or a lock timeout would).
    await t.database.raw.exec(`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
      create trigger refuse_delete before delete on articles for each row when (old.id = ${duplicate}) execute function refuse_delete();`);
    try {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${duplicate}?originalId=${original}`, headers });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.raw.exec('drop trigger refuse_delete on articles; drop function refuse_delete()');
    }
    const rows = await t.database.raw.query<{ id: number; views: number }>('select id, views from articles where id = any($1::int[]) order by id', [[original, duplicate]]);
    expect(rows.rows).toEqual([{ id: original, views: 40 }, { id: duplicate, views: 15 }]);
    const comments = await t.database.raw.query<{ article_id: number }>("select article_id from comments where author_name = 'مریم'");
    expect(comments.rows).toEqual([{ article_id: duplicate }]);
    expect((await t.database.raw.query('select 1 from article_redirects where from_id = $1', [duplicate])).rows).toHaveLength(0);
    expect((await t.database.raw.query('select 1 from blocked_posts where source = $1 and telegram_id = 602', [SECONDARY])).rows).toHaveLength(0);
    expect((await articleRepo.articlePage(s.db, duplicate, 6)).movedTo).toBeFalsy();
    expect(await pictureOf(original)).toBeNull();
    expect(await pictureRow()).toEqual([{ article_id: duplicate }]);
    expect((await t.database.raw.query('select 1 from deleted_articles where article_id = $1', [duplicate])).rows).toHaveLength(0);
  });

  it('deletes the duplicate: comments and views move over and its address redirects to the original', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${duplicate}?originalId=${original}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, deletedId: duplicate, originalId: original, movedComments: 1, movedViews: 15, movedImage: true, movedVideo: false });
    expect(res.json().message).toContain('حذف شد');
    // The picture only the duplicate had now belongs to the original, file and all.
    expect(res.json().message).toContain(`تصویر آن به مقالهٔ ${toPersianDigits(original)} منتقل شد`);
    expect(await pictureOf(original)).toBe(s.media.storage.url(PICTURE_KEY));
    expect(await pictureRow()).toEqual([{ article_id: original }]);
    expect(await s.media.storage.exists(PICTURE_KEY)).toBe(true);
    // The original's history keeps it as it was, so the editor can take the picture back off.
    const versions = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${original}/versions`, headers })).json() as { versions: Array<{ changedFields: string[] }> };
    expect(versions.versions[0]?.changedFields).toEqual(['imageUrl']);
    const rows = await t.database.raw.query<{ id: number; views: number }>('select id, views from articles where id = any($1::int[])', [[original, duplicate]]);
    expect(rows.rows).toEqual([{ id: original, views: 55 }]);
    const comments = await t.database.raw.query<{ article_id: number }>("select article_id from comments where author_name = 'مریم'");
    expect(comments.rows).toEqual([{ article_id: original }]);
    expect((await articleRepo.articlePage(s.db, duplicate, 6)).movedTo).toBe(original);
    // Its post is blocklisted so the next check does not bring it back.
    const blocked = await t.database.raw.query<{ reason: string }>('select reason from blocked_posts where source = $1 and telegram_id = 602', [SECONDARY]);
    expect(blocked.rows).toEqual([{ reason: `تکراری مقالهٔ ${toPersianDigits(original)} (حذف توسط \u2066admin\u2069)` }]);
    // The deleted articles' list says why; who is its own column there.
    const kept = await t.database.raw.query('select reason, deleted_by from deleted_articles where article_id = $1', [duplicate]);
    expect(kept.rows).toEqual([{ reason: `تکراری مقالهٔ ${toPersianDigits(original)}`, deleted_by: 'admin' }]);
  });

  it('a removed duplicate can be restored: its own address, comments (with replies written since) and views again; the original keeps the picture', async () => {
    // A reader answered the moved comment on the original meanwhile.
    const [{ id: moved }] = (await t.database.raw.query<{ id: number }>("select id from comments where author_name = 'مریم'")).rows;
    await t.database.raw.query("insert into comments (article_id, parent_id, author_name, content, is_approved) values ($1, $2, 'رضا', 'موافقم', true)", [original, moved]);
    expect((await t.database.raw.query<{ comment_count: number }>('select comment_count from deleted_articles where article_id = $1', [duplicate])).rows).toEqual([{ comment_count: 1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/deleted-articles/restore', headers, payload: { articleIds: [duplicate] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ restored: [duplicate], skipped: [] });
    const page = await articleRepo.articlePage(s.db, duplicate, 6);
    expect(page.movedTo).toBeFalsy();
    expect(page.article?.id).toBe(duplicate);
    const thread = await t.database.raw.query<{ author_name: string; article_id: number }>("select author_name, article_id from comments where author_name in ('مریم', 'رضا') order by id");
    expect(thread.rows).toEqual([{ author_name: 'مریم', article_id: duplicate }, { author_name: 'رضا', article_id: duplicate }]);
    const views = await t.database.raw.query<{ id: number; views: number }>('select id, views from articles where id = any($1::int[]) order by id', [[original, duplicate]]);
    expect(views.rows).toEqual([{ id: original, views: 40 }, { id: duplicate, views: 15 }]);
    expect(await pictureRow()).toEqual([{ article_id: original }]);
    expect((await t.database.raw.query('select 1 from blocked_posts where source = $1 and telegram_id = 602', [SECONDARY])).rows).toHaveLength(0);
    // Removed again, for the tests that follow.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${duplicate}?originalId=${original}`, headers })).statusCode).toBe(200);
  });

  it('a picture the editor took off the kept article by hand stays off; a video it lacks still moves over', async () => {
    const kept = await createArticle(t.database, { title: 'بارش برف در گردنه حیران', editedFields: ['imageUrl'] });
    const video = await s.media.storage.put(`tg/${SECONDARY}/640/1-video.mp4`, Buffer.from('mp4 bytes'), 'video/mp4');
    const picture = await s.media.storage.put(`tg/${SECONDARY}/640/0-image.jpg`, Buffer.from('jpeg bytes'), 'image/jpeg');
    const removed = await createArticle(t.database, { title: 'برف گردنه حیران را بست', imageUrl: picture.url, videoUrl: video.url, videoDuration: 12, source: SECONDARY, telegramId: 640 });
    await mediaRepo.upsert(s.db, { articleId: removed.id, kind: 'video', storageKey: `tg/${SECONDARY}/640/1-video.mp4`, url: video.url, mimeType: 'video/mp4', bytes: 9 });
    await mediaRepo.upsert(s.db, { articleId: removed.id, kind: 'image', storageKey: `tg/${SECONDARY}/640/0-image.jpg`, url: picture.url, mimeType: 'image/jpeg', bytes: 10 });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${removed.id}?originalId=${kept.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ movedImage: false, movedVideo: true });
    expect(res.json().message).toContain(`ویدیوی آن به مقالهٔ ${toPersianDigits(kept.id)} منتقل شد`);
    const row = (await t.database.raw.query<{ image_url: string | null; video_url: string | null; video_duration: number | null }>(
      'select image_url, video_url, video_duration from articles where id = $1', [kept.id])).rows[0];
    expect(row).toEqual({ image_url: null, video_url: video.url, video_duration: 12 });
    expect(await s.media.storage.exists(`tg/${SECONDARY}/640/1-video.mp4`)).toBe(true);
    // The picture that did not move stays with the removed article among the deleted ones, and goes when it is removed for good.
    expect(await s.media.storage.exists(`tg/${SECONDARY}/640/0-image.jpg`)).toBe(true);
    const purged = await t.app.inject({ method: 'DELETE', url: `/api/admin/deleted-articles/${removed.id}`, headers });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await s.media.storage.exists(`tg/${SECONDARY}/640/1-video.mp4`)).toBe(true);
    expect(await s.media.storage.exists(`tg/${SECONDARY}/640/0-image.jpg`)).toBe(false);
  });

  it('without an original named, the detector finds it; a non-duplicate is refused and kept', async () => {
    const lone = await createArticle(t.database, { title: 'برگزاری نمایشگاه کتاب تهران در اردیبهشت', content: '<p>سی و ششمین نمایشگاه بین‌المللی کتاب تهران اردیبهشت در مصلی برگزار می‌شود.</p>' });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${lone.id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('اصلی');
    expect((await t.database.raw.query('select 1 from articles where id = $1', [lone.id])).rows).toHaveLength(1);
  });

  it('bad ids are 4xx with a Persian message', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/duplicate-article/abc', headers })).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/admin/duplicate-article/999999', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('مقاله پیدا نشد');
    const same = await t.app.inject({ method: 'DELETE', url: `/api/admin/duplicate-article/${original}?originalId=${original}`, headers });
    expect(same.statusCode).toBe(400);
  });
});

describe('content verification', () => {
  it('scores three articles 0 to 10 with Persian issues, and rewrites the weak one keeping every number and name', async () => {
    const strong = await createArticle(t.database, {
      title: 'افزایش نرخ بهره بانک مرکزی به ۲۳ درصد',
      content: '<p>به گزارش خبرنگار اقتصادی، بانک مرکزی ایران روز دوشنبه ۱۲ آذر نرخ بهره بین‌بانکی را از ۲۱ به ۲۳ درصد افزایش داد.</p><p>محمدرضا فرزین رئیس بانک مرکزی گفت این تصمیم برای مهار تورم ۳۵ درصدی گرفته شده است و تا پایان سال ادامه دارد. او افزود بانک‌ها باید نرخ سود سپرده‌ها را نیز بازبینی کنند.</p><p>کارشناسان بازار سرمایه در تهران پیش‌بینی می‌کنند شاخص بورس در کوتاه‌مدت واکنش منفی نشان دهد. به گفته آنان اثر این تصمیم بر بازار مسکن و خودرو طی سه ماه آینده روشن می‌شود و سرمایه‌گذاران باید با احتیاط تصمیم بگیرند.</p><p>وزارت اقتصاد نیز در بیانیه‌ای از این تصمیم حمایت کرد و اعلام کرد هماهنگی کامل میان سیاست‌های پولی و مالی برقرار است.</p>',
    });
    const weakPost = 'سازمان هواشناسی برای استان گیلان از شنبه تا دوشنبه هشدار نارنجی صادر کرد. بارش در رشت تا ۱۲۰ میلی‌متر می‌رسد.';
    await store(PRIMARY, 701, weakPost, 60);
    const weak = await createArticle(t.database, { title: 'هشدار', content: '<p>هشدار هواشناسی 🔴 @akhbar_rooz</p>', source: PRIMARY, telegramId: 701 });
    const middling = await createArticle(t.database, { title: 'نشست شورای شهر', content: '<p>شورای شهر تهران امروز تشکیل جلسه داد و درباره بودجه گفت‌وگو کرد.</p>' });
    const res = await post('/api/admin/verify-articles', { articleIds: [strong.id, weak.id, middling.id, 'x'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalAnalyzed: 3, needRegeneration: expect.any(Number), successfullyRegenerated: expect.any(Number) });
    const byId = new Map(body.analyses.map((a: { id: number }) => [a.id, a]));
    const strongScore = (byId.get(strong.id) as { qualityScore: Record<string, number>; needsRegeneration: boolean });
    const weakScore = (byId.get(weak.id) as { qualityScore: { overallScore: number; issues: string[] }; needsRegeneration: boolean });
    for (const a of body.analyses) {
      for (const key of ['overallScore', 'specificityScore', 'factualContentScore', 'lengthScore', 'structureScore']) {
        expect(a.qualityScore[key]).toBeGreaterThanOrEqual(0);
        expect(a.qualityScore[key]).toBeLessThanOrEqual(10);
      }
    }
    expect(strongScore.qualityScore.overallScore).toBeGreaterThanOrEqual(8);
    expect(strongScore.needsRegeneration).toBe(false);
    expect(weakScore.qualityScore.overallScore).toBeLessThan(6);
    expect(weakScore.needsRegeneration).toBe(true);
    expect(weakScore.qualityScore.issues.join(' ')).toMatch(/کوتاه/);
    expect(weakScore.qualityScore.issues.join(' ')).toMatch(/نشانه‌های کانال/);
    const regenerated = body.regenerationResults.find((r: { articleId: number }) => r.articleId === weak.id);
    expect(regenerated.result).toMatchObject({ success: true, proposed: true });
    expect(regenerated.result.after).toBeGreaterThan(regenerated.result.before);
    // Scores read in Persian, with the Persian decimal mark: «۴٫۶», not «۴.۶».
    expect(regenerated.result.message).toMatch(/امتیاز [۰-۹]+(٫[۰-۹]+)? ← [۰-۹]+(٫[۰-۹]+)?\)/);
    const planned = [...body.plan.items.map((i: { reason?: string; message?: string }) => JSON.stringify(i)), regenerated.result.message].join(' ');
    expect(planned).not.toMatch(/[۰-۹]\.[۰-۹]/);
    // Proposed, not applied: the editor sees the rewrite first.
    const before = await t.database.raw.query<{ content: string }>('select content from articles where id = $1', [weak.id]);
    expect(before.rows[0].content).toBe('<p>هشدار هواشناسی 🔴 @akhbar_rooz</p>');
    expect(body.successfullyRegenerated).toBe(0);
    const proposal = body.plan.items.find((i: { articleId: number }) => i.articleId === weak.id);
    expect(proposal).toMatchObject({ change: 'rewrite' });
    expect(proposal.proposal.content).toContain('گیلان');

    const confirm = await post(`/api/admin/operations/${body.operationId}/confirm`, { articleIds: [weak.id] });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().detailedReport.processed.map((r: { outcome: string }) => r.outcome)).toEqual(['fixed']);
    const after = await t.database.raw.query<{ content: string }>('select content from articles where id = $1', [weak.id]);
    expect(after.rows[0].content).toContain('گیلان');
    expect(after.rows[0].content).toMatch(/۱۲۰|120/);
    // And it can be undone in one action.
    const undo = await post(`/api/admin/operations/${body.operationId}/undo`);
    expect(undo.json()).toMatchObject({ restored: 1 });
    const undone = await t.database.raw.query<{ content: string }>('select content from articles where id = $1', [weak.id]);
    expect(undone.rows[0].content).toBe('<p>هشدار هواشناسی 🔴 @akhbar_rooz</p>');
  });

  it('never proposes a rewrite that scores no better than the article', async () => {
    // A short article whose source post is as thin as the article itself: a rewrite cannot beat it.
    await store(PRIMARY, 702, 'جلسه برگزار شد.', 60);
    const thin = await createArticle(t.database, { title: 'جلسه', content: '<p>جلسه برگزار شد.</p>', source: PRIMARY, telegramId: 702 });
    const body = (await post('/api/admin/verify-articles', { articleIds: [thin.id] })).json();
    const result = body.regenerationResults.find((r: { articleId: number }) => r.articleId === thin.id)?.result;
    expect(body.analyses[0].needsRegeneration).toBe(true);
    expect(result).toMatchObject({ success: false });
    expect(result.proposed).toBeUndefined();
    expect(body.plan).toBeNull();
    const row = await t.database.raw.query<{ content: string }>('select content from articles where id = $1', [thin.id]);
    expect(row.rows[0].content).toBe('<p>جلسه برگزار شد.</p>');
  });

  it('a rewrite that drops a number or a name of the source is refused', () => {
    const source = 'وزیر نیرو در استان خوزستان گفت ۱۲ سد جدید تا سال ۱۴۰۵ ساخته می‌شود.';
    expect(rewriteLosses(source, { title: 'ساخت سد در خوزستان', content: '<p>وزیر نیرو در استان خوزستان گفت ۱۲ سد تا ۱۴۰۵ ساخته می‌شود.</p>' })).toEqual([]);
    expect(rewriteLosses(source, { title: 'ساخت سد', content: '<p>وزیر نیرو گفت سدهای جدید ساخته می‌شود تا ۱۴۰۵.</p>' })).toEqual(expect.arrayContaining(['12', 'خوزستان']));
  });

  it('empty or non-numeric ids get the spec message', async () => {
    for (const articleIds of [[], ['abc', ''], [-4]]) {
      const res = await post('/api/admin/verify-articles', { articleIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('لطفا شماره مقالات را به درستی وارد کنید');
    }
  });

  it('ids that name no article check nothing, and say so as a 404, not a success', async () => {
    const one = await post('/api/admin/verify-articles', { articleIds: [99_999] });
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('مقاله‌ای با این شناسه نیست؛ چیزی بررسی نشد');
    const two = await post('/api/admin/verify-articles', { articleIds: [99_998, 99_999] });
    expect(two.statusCode).toBe(404);
    expect(two.json().message).toBe('هیچ‌یک از ۲ شناسه مقاله‌ای نیست؛ چیزی بررسی نشد');
  });
});

describe('the AI judge', () => {
  it('decides a borderline pair when an AI endpoint is configured, and the check says so', async () => {
    const fire = {
      title: 'آتش‌سوزی در بازار تاریخی تبریز مهار شد',
      content: '<p>آتش‌سوزی گسترده در بازار تاریخی تبریز پس از چند ساعت تلاش آتش‌نشانان مهار شد. این حادثه به ده‌ها مغازه در راسته فرش‌فروشان خسارت زد.</p>',
    };
    const report = 'حریق و دود در بازار قدیمی و تاریخی تبریز؛ کسبه فرش و مردم تا ظهر با شعله آتش درگیر بودند.';
    // Without a judge the words alone leave this pair undecided: not called a duplicate.
    await createArticle(t.database, fire);
    const alone = await post('/api/admin/check-duplicate-content', { content: report });
    expect(alone.json()).toMatchObject({ isDuplicate: false });
    expect(alone.json().duplicateArticles.map((a: { title: string }) => a.title)).toContain(fire.title);

    const judged = await buildTestApp({ config: { ai: { baseUrl: ai.baseUrl, apiKey: 'test-key', model: 'judge-model', timeoutMs: 5000 } } });
    try {
      await createArticle(judged.database, fire);
      ai.script({ content: JSON.stringify({ duplicate: true, confidence: 0.9, reason: 'هر دو گزارش از یک آتش‌سوزی در بازار تبریز است' }) });
      const login = await loginAsAdmin(judged.app);
      const res = await judged.app.inject({
        method: 'POST', url: '/api/admin/check-duplicate-content', headers: { cookie: login.cookie, 'x-csrf-token': login.csrfToken },
        payload: { content: report },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ isDuplicate: true, duplicateType: 'ai_analysis' });
      expect(res.json().details).toContain('آتش‌سوزی در بازار تبریز');
      const asked = ai.requests.at(-1)!.body;
      expect(asked.model).toBe('judge-model');
      expect(asked.messages?.map((m) => m.content).join(' ')).toContain('حریق و دود در بازار قدیمی');
    } finally {
      await judged.close();
    }
  });
});
