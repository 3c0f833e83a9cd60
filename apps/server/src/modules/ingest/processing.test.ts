import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
type Report = { detailedReport: { processed: Array<{ status: string; articleId: number | null; filename: string | null; fileType: string | null; reason: string }> } };
const articleOf = async (telegramId: number) =>
  (await t.database.raw.query<{ id: number; title: string; image_url: string | null; published_at: Date; content: string; status: string }>(
    'select * from articles where telegram_id = $1', [telegramId])).rows[0];

beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

describe('processing named posts', () => {
  it.each([
    'https://example.com/akhbar_rooz/102', 'https://t.me/akhbar_rooz/abc', 'https://t.me/c/12345/102',
    'javascript:alert(1)', 'http://t.me:8080/akhbar_rooz/102', 'https://user@t.me/akhbar_rooz/102', 'ftp://t.me/akhbar_rooz/102',
  ])('refuses the link %s without fetching anything', async (link) => {
    const before = t.server.requests.length;
    const res = await t.post('/api/admin/process-from-link', { link });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'فرمت لینک تلگرام صحیح نیست' });
    expect(t.server.requests.length).toBe(before);
  });

  it('refuses a well-formed link to a channel not active here, saying so, without fetching anything', async () => {
    const before = t.server.requests.length;
    const res = await t.post('/api/admin/process-from-link', { link: 'https://t.me/other_channel/102' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'کانال \u2066@other_channel\u2069 در فهرست کانال‌های فعال نیست؛ آن را در «کانال‌ها» فعال کنید یا لینک پستی از کانال‌های فعال بدهید' });
    expect(t.server.requests.length).toBe(before);
  });

  it('requires a link', async () => {
    const res = await t.post('/api/admin/process-from-link', { link: '  ' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain('لطفاً لینک تلگرام را وارد کنید');
  });

  it('processes a post from its link, with a detailed report', async () => {
    const res = await t.post('/api/admin/process-from-link', { link: 't.me/akhbar_rooz/102', contentVerification: 'قیمت دلار' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Report & { success: boolean; articleId: number; operationId: number };
    expect(body.success).toBe(true);
    expect(body.articleId).toBe((await articleOf(102)).id);
    expect(body.detailedReport.processed).toEqual(expect.arrayContaining([
      { status: 'success', articleId: body.articleId, filename: expect.stringMatching(/^tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/), fileType: 'image', reason: 'واترمارک خورد و ذخیره شد' },
      expect.objectContaining({ status: 'success', fileType: 'post', filename: 'akhbar_rooz/102', reason: 'مقاله ساخته شد (بازنویس آفلاین)' }),
    ]));
  });

  it('refuses a post whose text does not match the verification text', async () => {
    const res = await t.post('/api/admin/process-from-link', { link: `${t.server.baseUrl}/akhbar_rooz/101`, contentVerification: 'متنی که در پست نیست' });
    const body = res.json() as Report & { articleId: number | null; success: boolean; status: string; message: string; result: { failed: number } };
    expect(body.articleId).toBeNull();
    expect(body.detailedReport.processed[0]).toMatchObject({ status: 'error', reason: 'متن پست با متن تأیید شده مطابقت ندارد' });
    // Nothing was made of what the admin asked for: the answer says so.
    expect(body).toMatchObject({ success: false, status: 'error', result: { failed: 1 } });
    expect(body.message).toContain('۱ پست ناموفق بود');
    expect(await articleOf(101)).toBeUndefined();
  });

  it('processes an album by any of its ids as one article', async () => {
    const res = await t.post('/api/admin/process-post', { postId: 105, extractImages: true, useAI: false });
    const body = res.json() as { articleId: number };
    expect(body.articleId).toBe((await articleOf(103)).id);
    expect(await articleOf(105)).toBeUndefined();
  });

  it('processes a range, skipping what exists when asked, filters applied', async () => {
    const res = await t.post('/api/admin/process-posts-range', { startId: 106, endId: 110, options: { skipExisting: true, extractImages: false } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Report & { result: { created: number; ignored: number } };
    expect(body.result).toMatchObject({ created: 4, ignored: 1 });
    expect(body.detailedReport.processed.find((r) => r.filename === 'akhbar_rooz/108')?.reason).toBe('متن کوتاه');
    expect((await articleOf(106)).image_url).toBeNull(); // text only
    expect((await t.post('/api/admin/process-posts-range', { startId: 10, endId: 5 })).statusCode).toBe(400);
    expect((await t.post('/api/admin/process-posts-range', { startId: 1, endId: 500 })).statusCode).toBe(400);
  });

  it('syncs a post given by URL and reports a missing one', async () => {
    const ok = await t.post('/api/admin/sync-telegram-post', { url: 'https://t.me/akhbar_rooz/112' });
    expect(ok.json()).toMatchObject({ success: true, articleId: (await articleOf(112)).id });
    const missing = await t.post('/api/admin/sync-telegram-post', { url: 'https://t.me/akhbar_rooz/999' });
    expect((missing.json() as Report).detailedReport.processed[0]).toMatchObject({ status: 'error', filename: 'akhbar_rooz/999' });
    expect(missing.json()).toMatchObject({ success: false, status: 'error', result: { failed: 1 } });
  });
});

describe('repairs of existing articles', () => {
  it('fix-article-image re-downloads the picture and answers with the steps', async () => {
    const { id } = await articleOf(106);
    const res = await t.post(`/api/admin/fix-article-image/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; process: string[]; imageUrl: string; articleId: number };
    expect(body).toMatchObject({ success: true, articleId: id, imageUrl: expect.stringMatching(/^\/media\/tg\/akhbar_rooz\/106\/20-thumb\.[0-9a-f]{8}\.jpg$/) });
    expect(body.process.join('\n')).toMatch(/tg\/akhbar_rooz\/106\/10-video\.[0-9a-f]{8}\.mp4/);
  });

  it('regenerate-article rebuilds the same article from the post', async () => {
    const { id } = await articleOf(112);
    await t.database.raw.query("update articles set title = 'عنوان دستکاری‌شده برای آزمون' where id = $1", [id]);
    const res = await t.post(`/api/admin/regenerate-article/${id}`, { verbose: true });
    expect(res.json()).toMatchObject({ success: true, articleId: id, newArticleId: id });
    expect((await articleOf(112)).title).toBe('وزارت بهداشت: موج آنفلوآنزا در ۱۲ استان کشور فعال شده است');
    const noSource = await t.database.raw.query<{ id: number }>("insert into articles (title, slug) values ('دست‌نویس', 'x') returning id");
    expect((await t.post(`/api/admin/regenerate-article/${noSource.rows[0].id}`)).statusCode).toBe(400);
    expect((await t.post('/api/admin/regenerate-article/999999')).statusCode).toBe(404);
  });

  it('fix-article-dates puts back the post\'s date', async () => {
    const { id } = await articleOf(102);
    await t.database.raw.query("update articles set published_at = '2020-01-01' where id = $1", [id]);
    const res = await t.confirmed('/api/admin/fix-article-dates');
    expect(res.json()).toMatchObject({ success: true, result: { updated: 1 } });
    expect((await articleOf(102)).published_at.toISOString()).toBe('2026-11-18T06:02:45.000Z');
  });

  it('fix-article/{id} answers the spec\'s fields', async () => {
    const { id } = await articleOf(102);
    const res = await t.post(`/api/admin/fix-article/${id}`);
    expect(res.json()).toMatchObject({ success: true, updated: false, imageUrl: expect.stringMatching(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/), videoUrl: null });
  });

  it('fix-article/{id} that could not read the article\'s post is no success, and its operation says so', async () => {
    const { id } = await articleOf(102);
    await t.database.raw.query("update articles set source = 'kanal_nist' where id = $1", [id]);
    try {
      const res = await t.post(`/api/admin/fix-article/${id}`);
      const answer = res.json() as { success: boolean; status: string; message: string; operationId: number };
      expect(answer).toMatchObject({ success: false, status: 'error' });
      expect(answer.message).toMatch(/^مقاله بررسی نشد: /);
      const operation = (await t.app.inject({ method: 'GET', url: `/api/admin/operations/${answer.operationId}`, headers: t.headers })).json() as { status: string; errors: string[] };
      expect(operation.status).toBe('error');
      expect(operation.errors.at(-1)).toContain('هیچ مقاله‌ای بررسی نشد و چیزی تغییر نکرد');
    } finally {
      await t.database.raw.query("update articles set source = 'akhbar_rooz' where id = $1", [id]);
    }
  });

  it('complete-telegraph-processing reads a linked Telegraph article into the text', async () => {
    t.server.page('/Vam-Maskan-11-18', `<html><body><article class="tl_article_content" id="_tl_editor"><h1>جزئیات کامل طرح وام مسکن</h1>
      <p>سقف وام خرید مسکن در تهران به ۱ میلیارد تومان افزایش یافت و بانک‌ها از ماه آینده ثبت‌نام می‌کنند.</p>
      <p>بازپرداخت این وام‌ها ۲۰ ساله است.</p></article></body></html>`);
    t.server.edit(111, 'https://www.example-news.ir/economy/12345', `${t.server.baseUrl}/Vam-Maskan-11-18`);
    await t.post('/api/admin/process-post', { postId: 111 });
    const res = await t.confirmed('/api/admin/complete-telegraph-processing');
    expect(res.json()).toMatchObject({ success: true, result: { total: 1 } });
    expect((await articleOf(111)).content).toContain('بازپرداخت این وام‌ها ۲۰ ساله است');
  });

  it('the video tools and watermark tools run on real data', async () => {
    const embed = await t.confirmed('/api/admin/auto-embed-videos');
    expect(embed.json()).toMatchObject({ success: true, processed: 1, successful: 1, failed: 0 });
    const again = await t.confirmed('/api/admin/auto-embed-videos');
    expect(again.json()).toMatchObject({ successful: 0 });
    const dupes = await t.confirmed('/api/admin/fix-video-duplicates');
    expect(dupes.json()).toMatchObject({ success: true, fixed: 0 });
    const migrate = await t.confirmed('/api/admin/migrate-videos');
    expect(migrate.json()).toMatchObject({ success: true, totalProcessed: 1, skipped: 1 });
    const test = await t.post('/api/admin/watermark-test');
    expect(test.json()).toMatchObject({ success: true, result: { failed: 0 } });
    const verify = await t.post('/api/admin/verify-all-watermarks');
    expect(verify.json()).toMatchObject({ success: true, result: { failed: 0 } });
  });

  it('keeps an operation record of each run', async () => {
    const res = await t.get('/api/admin/operations?limit=100');
    const { operations } = res.json() as { operations: Array<{ name: string; status: string; progress: number; logs: string[]; errors: string[] }> };
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['process-from-link', 'process-post', 'fix-article-dates', 'watermark-test']));
    const named = operations.filter((o) => ['process-from-link', 'fix-article-dates', 'watermark-test', 'auto-embed-videos'].includes(o.name));
    // The link whose text did not match is the one run that failed: its record says so.
    const failed = named.filter((o) => o.status === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ name: 'process-from-link', progress: 100 });
    expect(failed[0].errors.join('\n')).toContain('متن پست با متن تأیید شده مطابقت ندارد');
    const succeeded = named.filter((o) => o.status !== 'error');
    expect(succeeded.length).toBe(named.length - 1);
    expect(succeeded.every((o) => o.status === 'success' && o.progress === 100 && o.logs.length + o.errors.length > 0)).toBe(true);
    expect((await t.get('/api/admin/operations/999999')).statusCode).toBe(404);
  });

  it('queue status counts the jobs really run', async () => {
    const q = (await t.get('/api/admin/system/queue-status')).json() as { completed: number; total: number; totalProcessed: number; pending: number; queues: Array<{ name: string }> };
    expect(q.completed).toBeGreaterThan(10);
    expect(q.totalProcessed).toBe(q.completed + (q as unknown as { failed: number }).failed);
    expect(q.queues.map((x) => x.name)).toEqual(expect.arrayContaining(['fetch-posts', 'repair-articles', 'media-maintenance']));
  });
});
