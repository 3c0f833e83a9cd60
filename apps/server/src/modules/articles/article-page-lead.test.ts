import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

// Needs the web build (`npm run build -w apps/web`): the test renders the real article page.
describe('the article page says its lead once', () => {
  let t: TestApp;
  const LEAD = 'بانک مرکزی نرخ سود سپرده‌ها را برای سه ماه آینده ثابت نگه داشت. این تصمیم از شنبه اجرا می‌شود.';
  const SECOND = 'کارشناسان بازار پول این تصمیم را برای مهار تورم لازم دانستند.';
  const ids = { copied: 0, nearly: 0, opening: 0, summary: 0 };

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      seed: async (database) => {
        const content = `<p>${LEAD}</p><p>${SECOND}</p>`;
        ids.copied = (await createArticle(database, { title: 'نرخ سود سپرده‌ها ثابت ماند', excerpt: LEAD, content })).id;
        // Typed on an Arabic keyboard, a space for the ZWNJ, without the final period: the same words.
        const nearly = LEAD.replace(/ی/g, 'ي').replace(/ک/g, 'ك').replace(/\u200c/g, ' ').replace(/\.$/, '');
        ids.nearly = (await createArticle(database, { title: 'نرخ سود بانکی بدون تغییر ماند', excerpt: nearly, content })).id;
        ids.opening = (await createArticle(database, { title: 'سود سپرده‌ها برای سه ماه ثابت ماند', excerpt: LEAD.split('. ')[0] + '.', content })).id;
        ids.summary = (await createArticle(database, { title: 'سود سپرده‌ها تغییر نکرد', excerpt: 'نرخ سود بانکی تا پایان زمستان تغییر نمی‌کند.', content })).id;
      },
    });
  });
  afterAll(() => t?.close());

  /** The text of the page's <article> element: what a reader sees of the story (no tags, attributes or data). */
  async function articleMarkup(id: number): Promise<string> {
    const moved = await t.app.inject({ method: 'GET', url: `/article/${id}` });
    const res = await t.app.inject({ method: 'GET', url: String(moved.headers.location) });
    expect(res.statusCode).toBe(200);
    const markup = /<article[\s\S]*?<\/article>/.exec(res.body)?.[0];
    expect(markup).toBeTruthy();
    return markup!.replace(/<[^>]+>/g, ' ');
  }
  const count = (text: string, part: string) => text.split(part).length - 1;

  it('shows an excerpt that is the first paragraph only once, as the body', async () => {
    const markup = await articleMarkup(ids.copied);
    expect(count(markup, LEAD)).toBe(1);
    expect(markup).toContain(SECOND);
  });

  it('also when the excerpt is the same paragraph spelled differently', async () => {
    const markup = await articleMarkup(ids.nearly);
    expect(markup).not.toContain('بانك مركزي');
    expect(count(markup, LEAD)).toBe(1);
  });

  it('also when the excerpt is the sentence the first paragraph opens with', async () => {
    const markup = await articleMarkup(ids.opening);
    expect(count(markup, LEAD.split('. ')[0])).toBe(1);
  });

  it('shows an excerpt that says something of its own above the body', async () => {
    const markup = await articleMarkup(ids.summary);
    expect(markup).toContain('نرخ سود بانکی تا پایان زمستان تغییر نمی‌کند.');
    expect(count(markup, LEAD)).toBe(1);
  });
});
