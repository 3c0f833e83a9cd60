// The article page (spec 02) in a real browser: saved for reading offline, safe against script
// payloads in its content, and the administrators' tools on it.
// Run after `npm run build`: npx vitest run --config e2e/vitest.config.ts e2e/article-offline-safety.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '../apps/web/src/testing/xss-vectors.ts';
import { E2E_ADMIN, type Site } from './harness.ts';
import { expectToast, openContext } from './helpers/browser.ts';
import { insertArticle, insertComment, openArticle, openComments, startArticleSite, type InsertedArticle } from './helpers/article.ts';

describe('article page: offline copy, script safety and administration', () => {
  let site: Site;
  let article: InsertedArticle;

  beforeAll(async () => {
    ({ site, article } = await startArticleSite());
  });
  afterAll(() => site?.close());

  it('saves the article for offline reading and opens it with the network off', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page, article.path);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.getByRole('button', { name: 'ذخیره برای آفلاین' }).click();
    await expectToast(page, 'برای خواندن بدون اینترنت ذخیره شد');
    const saved = await page.evaluate(async (id) => {
      const record = JSON.parse(localStorage.getItem(`chapar:offline-article:${id}`) ?? 'null') as { id: number; version: string; cachedAt: string } | null;
      const cache = await caches.open('articles-v1');
      const keys = (await cache.keys()).map((r) => decodeURIComponent(new URL(r.url).pathname));
      return { record, keys };
    }, article.id);
    expect(saved.record).toMatchObject({ id: article.id, version: '1.0' });
    expect(Date.parse(saved.record!.cachedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(saved.keys).toEqual(expect.arrayContaining([article.path, `/api/articles/${article.id}`, '/media/e2e/snow-tehran.jpg']));

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.headers()['x-chapar-offline']).toBe('1');
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page.getByText('شما آفلاین هستید').waitFor();
    expect(await page.locator('[data-testid="article-body"]').innerText()).toContain('آماده‌باش کامل');
    // The short link also finds the saved copy.
    await page.goto(`/s/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();

    await context.setOffline(false);
    await expectToast(page, 'اتصال اینترنت برقرار شد');
    await page.getByText('شما آفلاین هستید').waitFor({ state: 'detached' });

    // A rating made on a page opened offline waits for the connection, then is sent once.
    await context.setOffline(true);
    await page.reload();
    const summary = page.getByTestId('rating-summary');
    await summary.scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '۴ ستاره' }).click();
    await expectToast(page, 'امتیاز شما پس از اتصال دوباره فرستاده می‌شود');
    await page.getByText('در انتظار اتصال').waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/articles/${article.id}/rating`) && r.request().method() === 'POST');
    await context.setOffline(false);
    expect((await sent).status()).toBe(200);
    await expectToast(page, 'امتیاز شما ثبت شد');
    expect(await page.getByRole('button', { name: '۴ ستاره' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('never runs script payloads from an article body, a comment or an author name', async () => {
    const payload = await insertArticle(site, {
      title: 'خبر آزمایشی امنیت <script>alert(1)</script>',
      content: `<p>متن سالم پیش از کدها.</p>${XSS_VECTORS.join('\n')}<p>متن سالم پس از کدها.</p>`,
    });
    await insertComment(site, { articleId: payload.id, authorName: '<img src=x onerror=alert(1)>', content: XSS_VECTORS.join('\n') });
    // With the CSP bypassed, only the sanitiser and React's escaping stand between a payload and the page.
    const context = await openContext(site, { bypassCSP: true });
    const page = await context.newPage();
    const fired: string[] = [];
    page.on('dialog', (dialog) => {
      fired.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.exposeFunction('__xssReport', (what: string) => fired.push(what));
    await page.addInitScript(() => {
      Object.defineProperty(window, '__xss', { set: () => (window as unknown as { __xssReport(w: string): void }).__xssReport('window.__xss'), configurable: true });
    });
    await openArticle(page, payload.path);
    await openComments(page);
    await page.getByText('<img src=x onerror=alert(1)>').first().waitFor();
    const body = page.getByTestId('article-body');
    await body.locator('a').first().hover();
    await page.mouse.move(10, 10);
    await page.waitForTimeout(500);

    expect(fired).toEqual([]);
    expect(await body.innerText()).toContain('متن سالم پس از کدها.');
    // Whatever came from content (the body, the comments) holds no script, handler or script URL.
    const dangerous = await page.evaluate(() => {
      const scopes = [document.querySelector('[data-testid="article-body"]')!, document.querySelector('#comments')!];
      const found: string[] = [];
      for (const el of scopes.flatMap((scope) => Array.from(scope.querySelectorAll('*')))) {
        // Icons are the site's own sprite references (class "icon"); any other SVG came from content.
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'math'].includes(el.tagName) || (el.tagName === 'svg' && !el.classList.contains('icon'))) found.push(el.tagName);
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith('on') || attr.name === 'style') found.push(`${el.tagName}[${attr.name}]`);
          if (/^(href|src|action|poster)$/.test(attr.name) && /^\s*(javascript|data):/i.test(attr.value)) found.push(`${el.tagName}[${attr.name}=${attr.value}]`);
        }
      }
      return found;
    });
    expect(dangerous).toEqual([]);
    await context.close();
  });

  it('shows administrators the article analytics and deletes the article after confirmation', async () => {
    const doomed = await insertArticle(site, { title: 'خبری که مدیر حذف می‌کند' });
    const context = await site.newContext();
    const page = await context.newPage();
    const login = await page.request.post('/api/admin/login', { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    await openArticle(page, doomed.path);
    const panel = page.getByRole('region', { name: 'ابزار مدیریت' });
    await panel.getByText('بازدید این خبر').waitFor();

    // The dashboard failing: the spec's message.
    await page.route('**/api/analytics/dashboard*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.reload();
    await panel.getByText('آمار در دسترس نیست').waitFor();

    await panel.getByRole('button', { name: 'حذف مقاله' }).click();
    const dialog = page.getByRole('dialog', { name: 'حذف مقاله' });
    await dialog.getByText('مقاله از سایت برداشته می‌شود و با نظرها و رسانه‌هایش به «مقاله‌های حذف‌شده» می‌رود؛ تا ۳۰ روز از همان‌جا در پیشخوان بازگرداندنی است و پس از آن برای همیشه پاک می‌شود.').waitFor();
    await dialog.getByRole('button', { name: 'بله، حذف شود' }).click();
    await expectToast(page, 'مقاله حذف شد');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await site.app.inject({ method: 'GET', url: `/api/articles/${doomed.id}` })).statusCode).toBe(404);
    await context.close();
  });
});
