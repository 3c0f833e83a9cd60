// Every refusal speaks Persian: a contract's own message is kept, zod's English defaults and
// the framework's own refusals (content type, size) are replaced by what they mean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const PERSIAN = /[\u0600-\u06FF]/;

describe('error messages', () => {
  it('keeps the contract\'s Persian message, as it is: it names the field in Persian and is shown to people', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/articles/-5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'شناسه باید مثبت باشد' });
  });

  it.each([
    ['/api/search/advanced?page=abc', 'صفحه: باید عدد باشد'],
    ['/api/analytics/trending-topics?limit=1.5', 'تعداد: باید عدد صحیح باشد'],
  ])('says what zod\'s English default meant, naming the field in Persian: %s', async (url, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
  });

  it('a comment body that is not an object gets the form\'s Persian sentence, not zod\'s English', async () => {
    // Found by the hostile-input property test: text/plain reaches the route as a string.
    const res = await t.app.inject({ method: 'POST', url: '/api/articles/1/comments', headers: { 'content-type': 'text/plain' }, payload: 'title=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: expect.stringMatching(PERSIAN) });
  });

  it('an array where an object belongs', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: [1, 2] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'بدنه درخواست: باید یک شیء باشد' });
  });

  it('an editor\'s edit names the field in Persian, and unknown fields isolated from the Persian, changing nothing', async () => {
    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const article = await createArticle(t.database, { title: 'عنوان پیشین' });
    const edit = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${article.id}`, headers: { cookie, 'x-csrf-token': csrfToken }, payload });
    const wrongType = await edit({ featured: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ error: 'validation_error', message: 'ویژه: باید درست یا نادرست باشد' });
    const unknown = await edit({ title: 'عنوان تازه', limit: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'validation_error', message: 'بدنه درخواست: فیلد ناشناخته دارد: \u2066limit\u2069' });
    const [row] = (await t.database.raw.query<{ title: string }>('select title from articles where id = $1', [article.id])).rows;
    expect(row.title).toBe('عنوان پیشین');
  });

  it('a content type no route reads answers 415 in Persian', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe('unsupported_media_type');
    expect(body.message).toBe('نوع محتوای درخواست پشتیبانی نمی‌شود (\u2066JSON\u2069 بفرستید)');
  });

  it('a body that is not JSON says so with the format\'s name isolated', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_json', message: 'بدنه درخواست \u2066JSON\u2069 معتبر نیست' });
  });

  it('a body past the size limit answers 413 in Persian, with the code of its status', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': 'application/json' }, payload: `{"email":"${'a'.repeat(1_100_000)}"}` });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: 'حجم درخواست بیش از حد مجاز است' });
    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const admin = await t.app.inject({ method: 'PATCH', url: '/api/admin/articles/1', headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' }, payload: `{"content":"${'a'.repeat(5_000_000)}"}` });
    expect(admin.statusCode).toBe(413);
    expect(admin.json()).toEqual({ error: 'payload_too_large', message: 'حجم درخواست بیش از حد مجاز است' });
  });

  it.each([
    ['GET', '/api/admin/articles?page=zzz', undefined, 'صفحه باید عدد باشد'],
    ['GET', '/api/admin/articles?limit=-1', undefined, 'تعداد باید دست‌کم ۱ باشد'],
    ['GET', '/api/articles?page=0', undefined, 'صفحه باید دست‌کم ۱ باشد'],
    ['GET', '/api/admin/newsletter/subscribers?offset=-1', undefined, 'جابه‌جایی نمی‌تواند منفی باشد'],
    ['GET', '/api/admin/newsletter/subscribers?limit=1e3', undefined, 'تعداد باید عدد باشد'],
    ['PATCH', '/api/admin/newsletter/subscribers/1', { isActive: 'x' }, 'وضعیت فعال بودن باید درست یا نادرست باشد'],
    ['GET', '/api/admin/newsletter/digests/1/sends?limit=1e20', undefined, 'تعداد باید عدد باشد'],
    ['GET', '/api/admin/audit?from=x', undefined, 'تاریخ باید تاریخ و ساعت به شکل \u20662026-01-31T08:30:00Z\u2069 باشد'],
    ['POST', '/api/admin/podcasts/recent', { force: 'x' }, 'ساختن دوباره باید درست یا نادرست باشد'],
  ])('%s %s names the field in Persian, no Latin name left bare', async (method, url, payload, message) => {
    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie, 'x-csrf-token': csrfToken }, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
  });
});
