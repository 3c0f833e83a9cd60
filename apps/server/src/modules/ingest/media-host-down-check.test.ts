// Telegram's media host answering 500 during a 'check now': the posts are published without their
// photos (the check's jobs have no retry to wait for), and the answer, the monitor's last-check card
// and the articles table say which articles lack what. The next scheduled check, with the host back,
// fetches only their media again: the photo is stored on the article and the mark is gone.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticlesResponse, MonitorStatus } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { checkChannelsWorker } from '../../jobs/check-channels.ts';
import { operationReporter } from '../operations/operation-reporter.ts';
import { postStore } from '../posts/post-store.ts';
import { LEFT_PUBLISHED, mediaRetryWords, untouchedPosts } from '../posts/wait-posts.ts';
import { ingestPost } from './ingest-post.ts';
import { MISSING_MEDIA_REASONS, missingMediaSince } from './missing-media.ts';

let t: IngestTestApp;
beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

const CHANNEL = 'akhbar_rooz';
const LACKS_PHOTO = 'بی‌تصویر: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))';
const line = (id: number, lacks = LACKS_PHOTO) => `پست \u2066@${CHANNEL}/${id}\u2069: منتشر شد، ${lacks}`;
const status = async () => ((await t.get('/api/admin/auto-monitor/status')).json() as MonitorStatus).lastResults;
const tableRow = async (telegramId: number) =>
  ((await t.get('/api/admin/articles?limit=50')).json() as AdminArticlesResponse).articles.find((a) => a.telegramId === telegramId);
const article = async (telegramId: number) => (await t.database.raw.query<{ title: string; image_url: string | null; content: string }>(
  'select title, image_url, content from articles where telegram_id = $1', [telegramId])).rows[0];

describe('a check now with Telegram\'s media host down', () => {
  it('says which articles lack their photos, and the next scheduled check stores them and clears the mark', async () => {
    t.server.fail('/media/', true);
    const res = await t.post('/api/admin/auto-monitor/force-check');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; message: string; result: { errors: string[] } };
    // Published, so no failure; but counted apart and named, each with what it lacks.
    expect(body).toMatchObject({ success: true, result: { errors: [] } });
    expect(body.message).toContain(`؛ ۷ مقاله با رسانهٔ ناقص منتشر شد (بررسی بعدی رسانه را دوباره از تلگرام می‌گیرد): ${line(97)}؛ ${line(102)}؛ `);
    expect(body.message).toContain(line(106, 'بی‌تصویر، بی‌ویدیو: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))'));
    expect(body.message).toMatch(/؛ و ۲ پست دیگر با رسانهٔ ناقص \(همه در گزارش عملیات\)$/);
    const card = await status();
    expect(card).toMatchObject({ success: true, errors: [] });
    expect(card.withoutMedia).toHaveLength(6);
    expect(card.withoutMedia).toContain(line(102));

    // The articles table shows the mark on the article without its photo, and none on a text post's.
    expect(await tableRow(102)).toMatchObject({ imageUrl: null, missingMedia: LACKS_PHOTO });
    expect(await tableRow(96)).toMatchObject({ missingMedia: null });
    // So does the article the edit dialog loads.
    const single = async (telegramId: number) => (await t.get(`/api/admin/articles/${(await tableRow(telegramId))!.id}`)).json() as { missingMedia: string | null };
    expect(await single(102)).toMatchObject({ missingMedia: LACKS_PHOTO });
    expect(await single(96)).toMatchObject({ missingMedia: null });
    const before = await article(102);

    // Run again while the host is still down: the article is left as it was, the post stays published and marked.
    const again = await ingestPost(t.app.ingest, { source: CHANNEL, telegramId: 102 }, { useAI: false });
    expect(again).toMatchObject({ status: 'unchanged', reason: MISSING_MEDIA_REASONS.still(LACKS_PHOTO), missingMedia: LACKS_PHOTO });
    expect(await postStore.get(t.database.db, CHANNEL, 102)).toMatchObject({ state: 'published', missingMedia: LACKS_PHOTO });

    // A post fetched over a week ago is no longer asked for at every check; its mark stays.
    await t.database.raw.query(`update telegram_posts set fetched_at = now() - interval '8 days' where telegram_id = 97`);
    const retried = async () => (await postStore.missingMedia(t.database.db, CHANNEL, 50, missingMediaSince())).map((ref) => ref.telegramId);
    expect(await retried()).not.toContain(97);
    expect(await retried()).toContain(102);
    // Asked for by hand («افزودن آخرین پست‌ها» runs it), its answer does not promise another check.
    const late = await ingestPost(t.app.ingest, { source: CHANNEL, telegramId: 97 }, { useAI: false });
    expect(late).toMatchObject({ status: 'unchanged', reason: MISSING_MEDIA_REASONS.stillLate(LACKS_PHOTO), missingMedia: LACKS_PHOTO });
    expect(late.reason).not.toContain('بررسی بعدی');
    await t.database.raw.query(`update telegram_posts set fetched_at = now() where telegram_id = 97`);
    expect(await retried()).toContain(97);

    // «بررسی فوری» with the host still down: the seven are asked again, counted apart from what it published, none stored.
    const forced = (await t.post('/api/admin/auto-monitor/force-check')).json() as { message: string };
    expect(forced.message).toContain(`بررسی انجام شد: ۰ پست جدید، ۷ پست پردازش شد؛ ${mediaRetryWords(7, 0)}؛ ۷ مقاله با رسانهٔ ناقص منتشر شد`);

    t.server.fail('/media/', false);
    expect((await t.post('/api/admin/auto-monitor/start')).statusCode).toBe(200);
    const scheduled = await checkChannelsWorker.handler({ trigger: 'schedule' }, {
      services: t.app.ingest, job: { id: 'scheduled', retryCount: 0, finalAttempt: true }, operation: operationReporter(t.database.db, null, t.app.ingest.log),
    });
    // Nothing new on the channel: only the seven marked posts go to their own jobs.
    expect(scheduled).toMatchObject({ newPosts: 0, editedPosts: 0, queued: 7, mediaRetried: 7 });
    const deadline = Date.now() + 30_000;
    while ((await status()).withoutMedia.length && Date.now() < deadline) await sleep(200);

    expect(await status()).toMatchObject({ success: true, errors: [], withoutMedia: [] });
    const after = await article(102);
    expect(after.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    expect(after.title).toBe(before.title);
    expect(await tableRow(102)).toMatchObject({ imageUrl: after.image_url, missingMedia: null });
    expect(await postStore.get(t.database.db, CHANNEL, 102)).toMatchObject({ state: 'published', missingMedia: null });
    const { rows } = await t.database.raw.query<{ n: number }>('select count(*)::int as n from telegram_posts where missing_media is not null');
    expect(rows[0].n).toBe(0);
  }, 90_000);

  it('«add the latest 20» asks again for what a marked article among them lacks, however old; a run that stores no media says it still lacks it', async () => {
    // The article of post 102 lacks its photo again (no stored file of it), from a post fetched a month ago (past the checks' week).
    await t.database.raw.query(`update telegram_posts set missing_media = $1, fetched_at = now() - interval '30 days' where telegram_id = 102`, [LACKS_PHOTO]);
    await t.database.raw.query('delete from media_assets where article_id = (select id from articles where telegram_id = 102)');
    await t.database.raw.query('update articles set image_url = null where telegram_id = 102');
    const before = await article(102);
    const ref = { source: CHANNEL, telegramId: 102 };

    // Left alone by a run that stores no media, its report line keeps what the article lacks.
    expect(await untouchedPosts(t.database.db, [ref])).toEqual([expect.objectContaining({ status: 'skipped', reason: `${LEFT_PUBLISHED}؛ هنوز ${LACKS_PHOTO}` })]);

    type Answer = { message: string; result: { withoutMedia: number; published: number; mediaRetried: number; mediaStored: number }; detailedReport: { processed: Array<{ filename: string; status: string; reason: string }> } };
    const addLatest = async () => {
      const res = await t.post('/api/admin/add-20-recent-posts');
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as Answer;
      return { answer, line: answer.detailedReport.processed.find((item) => item.filename === `${CHANNEL}/102`) };
    };

    // Host still down: asked again, still lacking, said so; the text is not touched.
    t.server.fail('/media/', true);
    const down = await addLatest();
    // Counted apart from what the run published: it was an article before.
    expect(down.answer.result).toMatchObject({ withoutMedia: 1, published: 0, mediaRetried: 1, mediaStored: 0 });
    expect(down.answer.message).toContain(`۰ مقاله منتشرشده از ۱ پست در صف؛ ${mediaRetryWords(1, 0)}؛ `);
    expect(mediaRetryWords(1, 0)).toBe('۱ مقالهٔ منتشرشده با رسانهٔ ناقص دوباره امتحان شد: رسانهٔ هیچ‌کدام این بار هم دریافت نشد');
    expect(down.line).toMatchObject({ status: 'success', reason: `منتشر شد، ${LACKS_PHOTO}` });
    expect(down.answer.message).toContain(line(102));
    expect(await postStore.get(t.database.db, CHANNEL, 102)).toMatchObject({ state: 'published', missingMedia: LACKS_PHOTO });
    // Every other post of the 20 was already an article and is listed as left.
    expect(down.answer.detailedReport.processed.find((item) => item.filename === `${CHANNEL}/103`)).toMatchObject({ status: 'skipped', reason: LEFT_PUBLISHED });

    // Host back: the photo is stored, the mark is gone, the text is as it was.
    t.server.fail('/media/', false);
    const up = await addLatest();
    expect(up.answer.result).toMatchObject({ withoutMedia: 0, published: 0, mediaRetried: 1, mediaStored: 1 });
    expect(up.answer.message).toContain('۱ مقالهٔ منتشرشده با رسانهٔ ناقص دوباره امتحان شد: رسانهٔ ۱ مقاله این بار ذخیره شد');
    expect(up.line).toMatchObject({ status: 'success', reason: 'منتشر شد' });
    const after = await article(102);
    expect(after.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    expect([after.title, after.content]).toEqual([before.title, before.content]);
    expect(await postStore.get(t.database.db, CHANNEL, 102)).toMatchObject({ state: 'published', missingMedia: null });
  }, 90_000);

  it('an address an editor writes takes that kind out of the mark: checks stop asking for it, and a later run does not put it back', async () => {
    const LACKS_BOTH = 'بی‌تصویر، بی‌ویدیو: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))';
    const LACKS_VIDEO = 'بی‌ویدیو: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))';
    // The article of post 106 lacks its photo and video again (no stored file of either).
    await t.database.raw.query(`update telegram_posts set missing_media = $1, fetched_at = now() where telegram_id = 106`, [LACKS_BOTH]);
    await t.database.raw.query('delete from media_assets where article_id = (select id from articles where telegram_id = 106)');
    await t.database.raw.query('update articles set image_url = null, video_url = null where telegram_id = 106');
    const id = (await tableRow(106))!.id;
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers: t.headers, payload });
    const asked = async () => (await postStore.missingMedia(t.database.db, CHANNEL, 50, missingMediaSince())).map((ref) => ref.telegramId);
    expect(await tableRow(106)).toMatchObject({ missingMedia: LACKS_BOTH });

    // The picture by hand: only the video is still missing, and still asked for.
    const photo = await patch({ imageUrl: 'https://example.com/hand-photo.jpg' });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json()).toMatchObject({ imageUrl: 'https://example.com/hand-photo.jpg', missingMedia: LACKS_VIDEO });
    expect(await tableRow(106)).toMatchObject({ missingMedia: LACKS_VIDEO });
    expect(await asked()).toContain(106);

    // A run that publishes the post again with the host down marks only the video; the hand-written picture stays.
    t.server.fail('/media/', true);
    const rerun = await ingestPost(t.app.ingest, { source: CHANNEL, telegramId: 106 }, { useAI: false, force: true });
    expect(rerun.missingMedia).toBe(LACKS_VIDEO);
    expect(await postStore.get(t.database.db, CHANNEL, 106)).toMatchObject({ state: 'published', missingMedia: LACKS_VIDEO });
    expect((await article(106)).image_url).toBe('https://example.com/hand-photo.jpg');

    // The video by hand too: nothing is missing, and no check asks for it.
    const video = await patch({ videoUrl: 'https://example.com/hand-video.mp4' });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ missingMedia: null });
    expect(await tableRow(106)).toMatchObject({ missingMedia: null });
    expect(await postStore.get(t.database.db, CHANNEL, 106)).toMatchObject({ missingMedia: null });
    expect(await asked()).not.toContain(106);
    t.server.fail('/media/', false);
  }, 90_000);
});
