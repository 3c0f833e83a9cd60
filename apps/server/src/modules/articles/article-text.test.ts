// An edit never leaves an article without text people can see: a title of invisible or
// direction-control characters, an empty excerpt or a body of bare markup is refused with a
// Persian 400 and changes nothing; a title's direction controls are not stored; the slug is
// never empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_TEXT_MESSAGES } from '@chapar/shared/contracts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { FALLBACK_SLUG } from './derived-fields.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers, payload });
const stored = async (id: number) => (await t.database.raw.query<{ title: string; slug: string; excerpt: string; content: string }>(
  'select title, slug, excerpt, content from articles where id = $1', [id])).rows[0];

describe('an article\'s text is never saved empty', () => {
  it.each([
    ['\u200b\u200b\u200b\u200b'],
    ['\u200f\u202e\u200b\u2066'],
    ['\u200c\u200c\u200c\u200c'],
    ['\u202eاب\u202c'],
    ['  \ufeff\u2060  '],
  ])('refuses the title %j with a Persian 400 and changes nothing', async (title) => {
    const a = await createArticle(t.database, { title: 'عنوان پیشین خبر' });
    const before = await stored(a.id);
    const res = await patch(a.id, { title });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: 'عنوان باید دست‌کم ۳ نویسهٔ دیدنی داشته باشد' });
    expect(await stored(a.id)).toEqual(before);
  });

  it('keeps ZWNJ inside words and drops the direction controls of a title', async () => {
    const a = await createArticle(t.database);
    const res = await patch(a.id, { title: '\u202eمی\u200cشود \u2066خبر\u2069 تازه\u202e' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'می\u200cشود خبر تازه', slug: 'می-شود-خبر-تازه' });
    expect((await stored(a.id)).title).toBe('می\u200cشود خبر تازه');
  });

  it('gives a title with no letter a slug keeps a slug all the same', async () => {
    const a = await createArticle(t.database);
    const res = await patch(a.id, { title: '🔥🔥🔥' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: '🔥🔥🔥', slug: FALLBACK_SLUG });
    expect((await stored(a.id)).slug).toBe(FALLBACK_SLUG);
  });

  it.each(['', '   ', '\u200b\u200c', '\n\t'])('refuses the excerpt %j', async (excerpt) => {
    const a = await createArticle(t.database);
    const before = await stored(a.id);
    const res = await patch(a.id, { excerpt });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: ARTICLE_TEXT_MESSAGES.emptyExcerpt });
    expect(await stored(a.id)).toEqual(before);
  });

  it.each([
    '', '   ', '<p> </p>', '<p>&nbsp;</p><p><br></p>', '<h2>\u200b</h2>', '<script>متن</script>',
    // Text the contract sees but the sanitiser drops with its element.
    '<textarea>متن پنهان</textarea>',
    // A picture with no source shows nothing.
    '<p><img alt=""></p>',
  ])('refuses the content %j', async (content) => {
    const a = await createArticle(t.database);
    const before = await stored(a.id);
    const res = await patch(a.id, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message: ARTICLE_TEXT_MESSAGES.emptyContent });
    expect(await stored(a.id)).toEqual(before);
  });

  it('still saves a short excerpt and a body with text', async () => {
    const a = await createArticle(t.database);
    const res = await patch(a.id, { excerpt: ' خلاصه ', content: '<p>یک جمله.</p>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ excerpt: 'خلاصه', content: '<p>یک جمله.</p>' });
  });

  it('saves a body that is only a picture (a photo-only post)', async () => {
    const a = await createArticle(t.database);
    const res = await patch(a.id, { content: '<figure><img src="/media/tg/akhbar_rooz/102/0-image.jpg" alt=""></figure>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toContain('<img src="/media/tg/akhbar_rooz/102/0-image.jpg"');
  });

  it('stores the body, meta description and keywords without direction runs or control characters', async () => {
    const a = await createArticle(t.database);
    const res = await patch(a.id, {
      content: '<p>متن \u202eمعکوس\u0007\u001b[2J پایان</p>', metaDescription: '\u202eشرح کوتاه', keywords: '\u202eالف,ب\u2067',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await t.database.raw.query<{ content: string; meta_description: string; keywords: string }>(
      'select content, meta_description, keywords from articles where id = $1', [a.id])).rows[0];
    expect(row).toEqual({ content: '<p>متن معکوس[2J پایان</p>', meta_description: 'شرح کوتاه', keywords: 'الف,ب' });
  });

  it.each([
    [{ metaDescription: '\u202e\u202d\u2066' }, 'توضیحات متا باید دست‌کم یک نویسهٔ دیدنی داشته باشد'],
    [{ keywords: '\u202eالف,\u200b,ب\u2067' }, 'هر کلیدواژه باید دست‌کم یک نویسهٔ دیدنی داشته باشد'],
  ])('refuses %j, which shows nothing, and changes nothing', async (payload, message) => {
    const a = await createArticle(t.database);
    const before = await stored(a.id);
    const res = await patch(a.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_error', message });
    expect(await stored(a.id)).toEqual(before);
  });
});
