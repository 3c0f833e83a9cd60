import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePersian } from '@chapar/shared/text';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { fileForm } from '../../../testing/multipart.ts';
import { contentVersion } from '../media/media-version.ts';

let t: TestApp;
let dataDir: string;
let headers: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-admin-'));
  t = await buildTestApp({ config: { dataDir, uploadMaxBytes: 200_000 } });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers, payload });

function multipart(filename: string, body: Buffer, type = 'application/octet-stream', fields: Record<string, string> = {}) {
  const form = fileForm(filename, body, type, fields);
  return t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
}

describe('PATCH /api/admin/articles/{id}', () => {
  it('sanitises content, recomputes slug, reading time and search columns, and drops public caches', async () => {
    const a = await createArticle(t.database, { title: 'عنوان نخست خبر آزمایشی' });
    const cached = await t.app.inject({ method: 'GET', url: `/api/articles/${a.id}` });
    expect(cached.headers['x-cache']).toBe('MISS');
    const res = await patch(a.id, {
      title: 'عنوان تازه خبر درباره كتاب',
      content: '<p onclick="steal()">متن <strong>تازه</strong></p><script>alert(1)</script><img src="javascript:x"><p>' + 'کلمه '.repeat(450) + '</p>',
      category: 'فرهنگ',
      featured: true,
      metaDescription: 'توضیح کوتاه',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { title: string; content: string; slug: string; readingTime: number; category: string; featured: boolean };
    expect(body.content).not.toMatch(/onclick|script|javascript/);
    expect(body.content).toContain('<strong>تازه</strong>');
    expect(body).toMatchObject({ slug: 'عنوان-تازه-خبر-درباره-کتاب', readingTime: 3, category: 'Culture', featured: true });
    const row = (await t.database.raw.query<{ search_title: string; search_body: string }>('select search_title, search_body from articles where id = $1', [a.id])).rows[0];
    expect(row.search_title).toBe(normalizePersian('عنوان تازه خبر درباره كتاب'));
    expect(row.search_body).not.toContain('<');
    const fresh = await t.app.inject({ method: 'GET', url: `/api/articles/${a.id}` });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect((fresh.json() as { title: string }).title).toBe('عنوان تازه خبر درباره كتاب');
  });

  it('refuses a meta description over 150 characters, an unknown category and unknown fields', async () => {
    const a = await createArticle(t.database);
    expect((await patch(a.id, { metaDescription: 'م'.repeat(151) })).statusCode).toBe(400);
    expect((await patch(a.id, { category: 'Astrology' })).statusCode).toBe(400);
    expect((await patch(a.id, { views: 5 })).statusCode).toBe(400);
    expect((await patch(a.id, { imageUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await patch(a.id, { videoUrl: '/media/uploads/x.mp4', imageUrl: 'https://cdn.example/a.jpg' })).statusCode).toBe(200);
  });

  it('refuses media addresses a browser reads as another site or that climb out of their folder, and keeps the stored one', async () => {
    const a = await createArticle(t.database, { imageUrl: '/media/uploads/kept.jpg' });
    for (const imageUrl of ['//evil.example/x.png', '/\\evil.example/x.png', '/media/../../etc/passwd', '/media/%2e%2e/secret', '/media/./x.jpg', 'https://cdn.example/a b.jpg']) {
      const res = await patch(a.id, { imageUrl });
      expect(res.statusCode, imageUrl).toBe(400);
      expect((res.json() as { message: string }).message).toContain('\u2066/media/…\u2069');
    }
    const stored = await t.database.raw.query<{ image_url: string }>('select image_url from articles where id = $1', [a.id]);
    expect(stored.rows[0].image_url).toBe('/media/uploads/kept.jpg');
    expect((await patch(a.id, { imageUrl: '/media/uploads/2026-12/a..b.jpg' })).statusCode).toBe(200);
    expect((await patch(999999, { title: 'عنوانی که نیست' })).statusCode).toBe(404);
  });
});

describe('the category of an edited article', () => {
  it('accepts any category the site has in its database, beyond the six of the old list', async () => {
    await t.database.raw.query("insert into categories (slug, name, name_fa, sort_order) values ('science', 'Science', 'علم', 9)");
    const a = await createArticle(t.database, { category: 'Politics' });
    const international = await patch(a.id, { category: 'بین‌الملل' });
    expect(international.statusCode, international.body).toBe(200);
    expect(international.json()).toMatchObject({ category: 'International' });
    expect((await patch(a.id, { category: 'education' })).json()).toMatchObject({ category: 'Education' });
    expect((await patch(a.id, { category: 'Science' })).json()).toMatchObject({ category: 'Science' });
    const unknown = await patch(a.id, { category: 'Astrology' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'validation_error', message: 'دسته‌بندی نامعتبر است' });
  });
});

describe('bulk actions and delete', () => {
  it('features, unfeatures and deletes, answering {success, message}', async () => {
    const ids = [(await createArticle(t.database)).id, (await createArticle(t.database)).id];
    const bulk = (action: string, articleIds: number[]) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload: { action, articleIds } });
    expect((await bulk('feature', ids)).json()).toEqual({ success: true, message: '۲ مقاله ویژه شد', changedIds: ids });
    const featured = await t.database.raw.query<{ featured: boolean }>('select featured from articles where id = any($1)', [ids]);
    expect(featured.rows.every((r) => r.featured)).toBe(true);
    expect((await bulk('feature', ids.slice(0, 1))).json()).toEqual({ success: true, message: 'هیچ مقاله‌ای تغییر نکرد؛ این مقاله از پیش ویژه بود', changedIds: [] });
    // An id that names no article is neither changed nor called 'already featured'.
    expect((await bulk('feature', [...ids, 99_999_999])).json()).toEqual({ success: true, message: 'هیچ مقاله‌ای تغییر نکرد؛ هر ۲ مقاله از پیش ویژه بودند؛ ۱ مقالهٔ انتخاب‌شده پیدا نشد', changedIds: [] });
    const none = await bulk('unpublish', [99_999_998, 99_999_999]);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'هیچ‌یک از مقاله‌های انتخاب‌شده پیدا نشد؛ شاید پیش‌تر حذف شده باشند. فهرست را دوباره بارگذاری کنید' });
    expect((await bulk('unfeature', ids)).json()).toEqual({ success: true, message: '۲ مقاله عادی شد', changedIds: ids });
    expect((await bulk('delete', ids.slice(1))).json()).toEqual({ success: true, message: '۱ مقاله حذف شد؛ تا ۳۰ روز از «مقاله‌های حذف‌شده» بازگرداندنی است', changedIds: ids.slice(1) });
    // The answer names only what this request removed: the article deleted above is not counted again.
    expect((await bulk('delete', ids)).json()).toEqual({ success: true, message: '۱ مقاله حذف شد؛ ۱ مقالهٔ انتخاب‌شده پیدا نشد؛ تا ۳۰ روز از «مقاله‌های حذف‌شده» بازگرداندنی است', changedIds: ids.slice(0, 1) });
    // None left (deleted already, or never an article): a Persian 404, as for the other actions.
    for (const gone of [ids, [99_999_999]]) {
      const none = await bulk('delete', gone);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ message: 'هیچ‌یک از مقاله‌های انتخاب‌شده پیدا نشد؛ شاید پیش‌تر حذف شده باشند. فهرست را دوباره بارگذاری کنید' });
    }
    expect((await bulk('delete', [])).statusCode).toBe(400);
    expect(((await bulk('archive', ids)).json() as { message: string }).message).toContain('لطفاً مقالات و عملیات مورد نظر را انتخاب کنید');
  });

  it('unpublishes and publishes again in one action, counting only the articles that changed, and the public list follows', async () => {
    const [a, b, c] = [await createArticle(t.database), await createArticle(t.database), await createArticle(t.database, { status: 'unpublished' })];
    const bulk = (action: string, articleIds: number[]) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload: { action, articleIds } });
    const publicIds = async () => ((await t.app.inject({ method: 'GET', url: '/api/articles?limit=100' })).json() as Array<{ id: number }>).map((x) => x.id);
    // The one already down is left as it was, and the answer says so.
    // Only what changed is named for the undo: c was down already and stays down when it is undone.
    const operationId = expect.any(Number) as unknown as number;
    expect((await bulk('unpublish', [a.id, b.id, c.id])).json()).toEqual({ success: true, message: '۲ مقاله از انتشار خارج شد؛ ۱ مقالهٔ دیگر از پیش منتشرنشده بود', changedIds: [a.id, b.id], operationId });
    // Nothing changed, nothing to undo: no operation.
    expect((await bulk('unpublish', [a.id, b.id])).json()).toEqual({ success: true, message: 'هیچ مقاله‌ای تغییر نکرد؛ هر ۲ مقاله از پیش منتشرنشده بودند', changedIds: [] });
    expect(await publicIds()).not.toContain(a.id);
    const rows = await t.database.raw.query<{ status: string; edited_fields: string[]; unpublished_reason: string }>('select status, edited_fields, unpublished_reason from articles where id = $1', [a.id]);
    expect(rows.rows[0]).toMatchObject({ status: 'unpublished', edited_fields: ['status'] });
    expect(rows.rows[0].unpublished_reason).toContain('\u2066admin\u2069');
    const downSince = new Date('2026-11-30T08:00:00Z');
    await t.database.raw.query('update articles set unpublished_reason = $1, unpublished_at = $2 where id = $3', ['پست در کانال حذف شده است', downSince, c.id]);
    const published = (await bulk('publish', [a.id, b.id, c.id])).json() as { changedIds: number[]; operationId: number };
    expect(published).toEqual({ success: true, message: '۳ مقاله منتشر شد', changedIds: [a.id, b.id, c.id], operationId });
    expect(await publicIds()).toEqual(expect.arrayContaining([a.id, b.id, c.id]));

    // Its undo puts each article back as it was: c with its own reason and date, not a new one.
    const undone = await t.app.inject({ method: 'POST', url: `/api/admin/operations/${published.operationId}/undo`, headers });
    expect(undone.json()).toMatchObject({ success: true, restored: 3, skipped: [] });
    const back = await t.database.raw.query<{ id: number; status: string; unpublished_reason: string; unpublished_at: Date }>('select id, status, unpublished_reason, unpublished_at from articles where id = any($1) order by id', [[a.id, b.id, c.id]]);
    expect(back.rows.map((row) => row.status)).toEqual(['unpublished', 'unpublished', 'unpublished']);
    expect(back.rows[2]).toMatchObject({ unpublished_reason: 'پست در کانال حذف شده است' });
    expect(new Date(back.rows[2].unpublished_at).toISOString()).toBe(downSince.toISOString());
    expect(back.rows[0].unpublished_reason).toContain('\u2066admin\u2069');
    expect(await publicIds()).not.toEqual(expect.arrayContaining([c.id]));
  });

  it('moves articles to another category in one undoable action, each with a version, the category kept from rewrites', async () => {
    const [a, b, c] = [await createArticle(t.database, { category: 'Politics' }), await createArticle(t.database, { category: 'Health' }), await createArticle(t.database, { category: 'Sports' })];
    const bulk = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload });
    const category = async (id: number) => (await t.database.raw.query<{ category: string; edited_fields: string[] }>('select category, edited_fields from articles where id = $1', [id])).rows[0];

    // No category, or one the site does not have: a Persian 400 and nothing moves.
    expect((await bulk({ action: 'category', articleIds: [a.id] })).json()).toMatchObject({ message: expect.stringContaining('دسته‌بندی مقصد را انتخاب کنید') });
    const unknown = await bulk({ action: 'category', articleIds: [a.id], category: 'Astrology' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('دسته‌بندی نامعتبر است');
    expect((await category(a.id)).category).toBe('Politics');

    const moved = (await bulk({ action: 'category', articleIds: [a.id, b.id, c.id], category: 'sports' })).json() as { changedIds: number[]; operationId: number; message: string };
    expect(moved).toEqual({ success: true, message: '۲ مقاله به دستهٔ «ورزش» منتقل شد؛ ۱ مقالهٔ دیگر از پیش در دستهٔ «ورزش» بود', changedIds: [a.id, b.id], operationId: expect.any(Number) });
    expect(await category(a.id)).toEqual({ category: 'Sports', edited_fields: ['category'] });
    const versions = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${a.id}/versions`, headers })).json() as { versions: Array<{ category: string; changedFields: string[]; summary: string }> };
    expect(versions.versions[0]).toMatchObject({ category: 'Politics', changedFields: ['category'] });
    expect(versions.versions[0].summary).toContain('دسته‌بندی');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/categories/sports/articles?limit=100' })).json() as { articles?: Array<{ id: number }> } | Array<{ id: number }>;
    expect(JSON.stringify(listed)).toContain(`"id":${b.id}`);

    const undone = await t.app.inject({ method: 'POST', url: `/api/admin/operations/${moved.operationId}/undo`, headers });
    expect(undone.json()).toMatchObject({ success: true, restored: 2 });
    expect([(await category(a.id)).category, (await category(b.id)).category, (await category(c.id)).category]).toEqual(['Politics', 'Health', 'Sports']);
  });

  it('undoes a bulk unpublish in its publishing state only: a title edited and a feature set since are kept', async () => {
    const [a, b] = [await createArticle(t.database), await createArticle(t.database)];
    const bulk = (action: string, articleIds: number[]) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload: { action, articleIds } });
    const { operationId } = (await bulk('unpublish', [a.id, b.id])).json() as { operationId: number };
    expect((await patch(a.id, { title: 'عنوانی که ویراستار پس از لغو انتشار نوشت' })).statusCode).toBe(200);
    expect((await bulk('feature', [b.id])).json()).toMatchObject({ changedIds: [b.id] });
    const undo = () => t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/undo`, headers });
    // Its record is what the undo works from: clearing it is refused while it can be undone.
    const clear = await t.app.inject({ method: 'DELETE', url: `/api/admin/operations/${operationId}`, headers });
    expect(clear.statusCode).toBe(409);
    expect(clear.json()).toMatchObject({ message: 'این عملیات پاک نشد: تغییرهای آن هنوز بازگرداندنی است و بازگرداندن از همین گزارش انجام می‌شود' });
    expect((await undo()).json()).toMatchObject({ success: true, restored: 2 });
    const rows = (await t.database.raw.query<{ id: number; title: string; featured: boolean; status: string }>('select id, title, featured, status from articles where id = any($1) order by id', [[a.id, b.id]])).rows;
    expect(rows).toEqual([
      { id: a.id, title: 'عنوانی که ویراستار پس از لغو انتشار نوشت', featured: false, status: 'published' },
      { id: b.id, title: expect.any(String), featured: true, status: 'published' },
    ]);
  });

  it('an undo leaves an article whose publishing an editor changed after the run, however soon after, and puts back the rest', async () => {
    const [a, b] = [await createArticle(t.database, { status: 'unpublished' }), await createArticle(t.database, { status: 'unpublished' })];
    await t.database.raw.query('update articles set unpublished_reason = $1 where id = any($2)', ['پست در کانال حذف شده است', [a.id, b.id]]);
    const bulk = (action: string, articleIds: number[]) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload: { action, articleIds } });
    const { operationId } = (await bulk('publish', [a.id, b.id])).json() as { operationId: number };
    // At once (well inside a second), the editor takes a down again with a reason of their own.
    const down = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${a.id}/unpublish`, headers, payload: { reason: 'در انتظار تأیید منبع' } });
    expect(down.statusCode, down.body).toBe(200);
    const undone = await t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/undo`, headers });
    expect(undone.json()).toMatchObject({ success: true, restored: 1, skipped: [{ articleId: a.id, reason: 'مقاله پس از این عملیات دوباره تغییر کرده است؛ دست نخورد' }] });
    const rows = (await t.database.raw.query<{ id: number; status: string; unpublished_reason: string }>('select id, status, unpublished_reason from articles where id = any($1) order by id', [[a.id, b.id]])).rows;
    expect(rows).toEqual([
      { id: a.id, status: 'unpublished', unpublished_reason: 'در انتظار تأیید منبع' },
      { id: b.id, status: 'unpublished', unpublished_reason: 'پست در کانال حذف شده است' },
    ]);
  });

  it('says so, and leaves the operation to undo, when an undo can put back none of its articles', async () => {
    const a = await createArticle(t.database);
    const bulk = (action: string, articleIds: number[]) => t.app.inject({ method: 'POST', url: '/api/admin/articles/bulk', headers, payload: { action, articleIds } });
    const { operationId } = (await bulk('unpublish', [a.id])).json() as { operationId: number };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${a.id}`, headers })).statusCode).toBe(200);
    const undo = () => t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/undo`, headers });
    const nothing = { success: false, restored: 0, message: 'هیچ مقاله‌ای بازگردانده نشد؛ ۱ مقاله: مقاله پس از این عملیات حذف شده است' };
    expect((await undo()).json()).toMatchObject(nothing);
    // Not marked undone: another try says the same, not «already undone».
    expect((await undo()).json()).toMatchObject(nothing);
  });

  it('deletes an article that did not come from Telegram without blocklisting anything', async () => {
    const a = await createArticle(t.database);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${a.id}`, headers });
    expect(res.json()).toEqual({ success: true, blocked: false, message: 'مقاله حذف شد؛ تا ۳۰ روز از «مقاله‌های حذف‌شده» بازگرداندنی است' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/blocked-posts', headers })).json()).toEqual({ posts: [], count: 0, stats: { total: 0, allowed: 0, blocked: 0 } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${a.id}`, headers })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/ai-regenerate', () => {
  it('regenerates a field with the offline rewriter when no AI is configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/ai-regenerate', headers, payload: { field: 'title', content: '<p>بارش برف در تهران ادامه دارد. مدارس تعطیل شد.</p>' } });
    // The answer says the offline rewriter wrote it, so the desk can tell the editor.
    expect(res.json()).toEqual({ regeneratedContent: 'بارش برف در تهران ادامه دارد', rewriter: 'offline', message: expect.stringContaining('بازنویس آفلاین') });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/ai-regenerate', headers, payload: { field: 'slug', content: 'x' } })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/upload-file', () => {
  it('stores an image by its content, watermarked, served from /media', async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).png().toBuffer();
    const res = await multipart('photo.exe', png);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { url: string; kind: string; mimeType: string; embedHtml: string };
    expect(body).toMatchObject({ kind: 'image', mimeType: 'image/png' });
    expect(body.url).toMatch(/^\/media\/uploads\/\d{4}-\d{2}\/[0-9a-f]{16}\/0-file\.[0-9a-f]{8}\.png$/);
    expect(body.embedHtml).toBe(`<figure><img src="${body.url}" alt="photo.exe"></figure>`);
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    // The name's version is that of the bytes served (media/media-version.ts).
    expect(body.url).toContain(`.${contentVersion(served.rawPayload)}.png`);
    const stats = await sharp(served.rawPayload).stats();
    expect(stats.channels[0].max).toBeGreaterThan(200); // the white watermark is there
  });

  it('takes direction and control characters out of a file name before it becomes alt or link text', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const image = (await multipart('a\u202egnp.exe', png)).json() as { url: string; embedHtml: string };
    expect(image.embedHtml).toBe(`<figure><img src="${image.url}" alt="agnp.exe"></figure>`);
    const pdf = (await multipart('\u2067گزارش\u200cها\u0007\u200b.pdf\u2069', Buffer.from('%PDF-1.4\n%%EOF'))).json() as { url: string; embedHtml: string };
    expect(pdf.embedHtml).toBe(`<p><a href="${pdf.url}">گزارش\u200cها.pdf</a></p>`);
    const hidden = (await multipart('\u202e\u200c', png)).json() as { embedHtml: string };
    expect(hidden.embedHtml).toContain('alt="file"');
  });

  it('gives an image the description the editor typed as its alt text, cleaned and escaped; a document keeps its name', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const alt = 'صف خودروها در  جایگاه سوخت\u202e «شرق تهران» <b>';
    const image = (await multipart('IMG_2034.jpg', png, 'image/png', { alt })).json() as { url: string; embedHtml: string };
    expect(image.embedHtml).toBe(`<figure><img src="${image.url}" alt="صف خودروها در جایگاه سوخت «شرق تهران» &lt;b&gt;"></figure>`);
    const long = (await multipart('IMG_2035.jpg', png, 'image/png', { alt: 'ب'.repeat(400) })).json() as { embedHtml: string };
    expect(long.embedHtml).toContain(`alt="${'ب'.repeat(250)}"`);
    // Nothing visible given: the file's name, as before.
    const blank = (await multipart('IMG_2036.jpg', png, 'image/png', { alt: ' \u200b ' })).json() as { embedHtml: string };
    expect(blank.embedHtml).toContain('alt="IMG_2036.jpg"');
    const pdf = (await multipart('report.pdf', Buffer.from('%PDF-1.4\n%%EOF'), 'application/pdf', { alt: 'گزارش' })).json() as { url: string; embedHtml: string };
    expect(pdf.embedHtml).toBe(`<p><a href="${pdf.url}">report.pdf</a></p>`);
  });

  it('accepts a PDF named anything, and embeds it as a link', async () => {
    const res = await multipart('report.jpg', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'));
    expect(res.json()).toMatchObject({ kind: 'document', mimeType: 'application/pdf' });
  });

  it('refuses a script posing as an image, an oversized file, and a request without a file', async () => {
    const script = await multipart('cat.jpg', Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), 'image/jpeg');
    expect(script.statusCode).toBe(415);
    const big = await multipart('big.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300_000)]));
    expect(big.statusCode).toBe(413);
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers, payload: { file: 'x' } });
    expect(none.statusCode).toBe(400);
  });

  it('answers a multipart request without its boundary with a Persian 400, on both upload routes', async () => {
    for (const url of ['/api/admin/upload-file', '/api/admin/watermark-preview']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'abc' });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { message: string }).message).toBe('فایل کامل نرسید یا فرم ارسال‌شده نادرست است؛ دوباره بارگذاری کنید');
    }
  });
});
