import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOfRead, type PageRead } from '@chapar/shared/contracts';
import { articlePath } from '@chapar/shared/text';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { startRenderThreads } from './ssr-registration.ts';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

// Needs the web build (`npm run build -w apps/web`). The same database served twice: pages
// rendered on a render thread (the default with the embedded database) and on the server's own
// thread must be the same pages, byte for byte apart from the moments they were read and rendered.
describe('pages rendered on a render thread', () => {
  let threaded: TestApp;
  let inProcess: FastifyInstance;
  const ids: number[] = [];
  const titles = ['نرخ تورم در آبان کاهش یافت', 'تیم ملی والیبال به فینال رسید', 'رونمایی از گوشی هوشمند ایرانی'];

  beforeAll(async () => {
    threaded = await buildTestApp({
      ssr: true,
      config: { pageCacheTtlMs: 0, publicBaseUrl: 'https://chapar.test' },
      seed: async (database) => {
        for (const title of titles) ids.push((await createArticle(database, { title, keywords: 'اقتصاد,ورزش' })).id);
      },
    });
    inProcess = await buildApp({ config: { ...threaded.config, renderThreads: 0 }, database: threaded.database, ssr: true });
    await inProcess.ready();
  });
  afterAll(async () => {
    await inProcess?.close();
    await threaded?.close();
  });

  const page = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, location: res.headers.location, body: res.body.replace(/"(renderedAt|dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0') };
  };

  it('uses one thread by default with the embedded database, none when told', () => {
    expect(threaded.config.renderThreads).toBe(1);
    expect(threaded.app.pageRenderer.threads).toBe(1);
    expect(inProcess.pageRenderer.threads).toBe(0);
  });

  it('renders the home page, an article, a category, a search, a 404 and a redirect as the server thread does', async () => {
    const article = articlePath({ id: ids[1], title: titles[1] });
    for (const url of ['/', article, '/category/economy', '/search?q=%D8%AA%D9%88%D8%B1%D9%85', '/no-such-page', `/article/${ids[1]}`, `/article/${ids[2]}?ref=x`]) {
      const [a, b] = [await page(threaded.app, url), await page(inProcess, url)];
      expect(a.status, url).toBe(b.status);
      expect(a.location, url).toBe(b.location);
      expect(a.body, url).toBe(b.body);
    }
    // The pages are whole: the article's own title and its related articles are in the HTML.
    const rendered = await page(threaded.app, article);
    expect(rendered.status).toBe(200);
    expect(rendered.body).toContain(`<h1`);
    expect(rendered.body).toContain(titles[1]);
    expect(rendered.body).toContain(titles[0]);
    expect((await page(threaded.app, '/no-such-page')).status).toBe(404);
    expect((await page(threaded.app, `/article/${ids[1]}`)).status).toBe(301);
  });

  it('sends the page compressed by the render thread as the reader asked, the same page once decoded', async () => {
    const url = articlePath({ id: ids[0], title: titles[0] });
    const plain = await page(threaded.app, url);
    for (const [accept, encoding, decode] of [['br, gzip', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const res = await threaded.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      const body = decode(res.rawPayload).toString('utf8').replace(/"(renderedAt|dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
      expect(body).toBe(plain.body);
    }
  });

  it('uses render threads started before the app (as `serve` starts them, while the database opens) and closes them with it', async () => {
    const renderer = await startRenderThreads(threaded.config, () => undefined);
    expect(renderer?.threads).toBe(1);
    const app = await buildApp({ config: threaded.config, database: threaded.database, ssr: true, renderer });
    await app.ready();
    expect(app.pageRenderer).toBe(renderer);
    const [a, b] = [await page(app, '/'), await page(inProcess, '/')];
    expect(a.status).toBe(200);
    expect(a.body).toBe(b.body);
    await app.close();
    await expect(renderer!.render({ url: '/', fetchJson: async () => ({}), publicBaseUrl: '' })).rejects.toThrow('closed');
    expect(await startRenderThreads({ ...threaded.config, renderThreads: 0 }, () => undefined)).toBeUndefined();
  });

  it('puts a title with `$` patterns into the document as it is written', async () => {
    // As a replacement string, `$&` would have put the template's marker there and `$'` the rest of the document.
    const title = "قیمت دلار $& و $' امروز";
    const { id } = await createArticle(threaded.database, { title });
    for (const app of [threaded.app, inProcess]) {
      const { status, body } = await page(app, articlePath({ id, title }));
      expect(status).toBe(200);
      expect(body).toContain("<title>قیمت دلار $&amp; و $' امروز | چاپار</title>");
      expect(body).toContain(`<meta property="og:title" content="قیمت دلار $&amp; و $' امروز | چاپار">`);
      expect(body).not.toContain('<!--app-head-->');
      expect(body.match(/<\/html>/g)).toHaveLength(1);
      expect(body.match(/<head>/g)).toHaveLength(1);
    }
  });

  it("sends a page's reads with its job once a page of its shape was rendered: the thread asks for nothing and renders the same page", async () => {
    const renderer = threaded.app.pageRenderer;
    const render = renderer.render;
    const jobs: { url: string; sent: string[]; asked: string[]; read: string[] }[] = [];
    renderer.render = async (options) => {
      const asked: string[] = [];
      const fetchJson = (request: PageRead) => {
        asked.push(pathOfRead(request));
        return options.fetchJson(request);
      };
      const result = await render.call(renderer, { ...options, fetchJson });
      jobs.push({ url: options.url, sent: Object.keys(options.reads ?? {}).sort(), asked, read: (result.read ?? []).map(pathOfRead).sort() });
      return result;
    };
    try {
      const [first, second] = [articlePath({ id: ids[0], title: titles[0] }), articlePath({ id: ids[2], title: titles[2] })];
      await page(threaded.app, first);
      const [a, b] = [await page(threaded.app, second), await page(inProcess, second)];
      expect(a.status).toBe(200);
      expect(a.body).toBe(b.body);
      expect(a.body).toContain(titles[2]);
      const job = jobs.find(({ url }) => decodeURI(url) === decodeURI(second))!;
      expect(job.sent).toEqual(['/api/articles/' + ids[2], `/api/articles/${ids[2]}/related`, '/api/categories'].sort());
      expect(job.asked).toEqual([]);
      expect(job.read).toEqual(job.sent);
      // The home page too, from its second render on.
      await page(threaded.app, '/');
      const [home, homeInProcess] = [await page(threaded.app, '/'), await page(inProcess, '/')];
      expect(home.body).toBe(homeInProcess.body);
      const homeJob = jobs.filter(({ url }) => url === '/').at(-1)!;
      expect(homeJob.sent.length).toBeGreaterThan(3);
      expect(homeJob.asked).toEqual([]);
      expect(homeJob.read).toEqual(homeJob.sent);
    } finally {
      renderer.render = render;
    }
  });

  it('renders an article that is gone as the 404 page even when its shape was read before', async () => {
    const title = 'خبری که حذف می‌شود';
    const { id } = await createArticle(threaded.database, { title });
    const url = articlePath({ id, title });
    expect((await page(threaded.app, url)).status).toBe(200);
    await threaded.database.db.execute(sql`delete from articles where id = ${id}`);
    const [a, b] = [await page(threaded.app, url), await page(inProcess, url)];
    expect(a.status).toBe(404);
    expect(a.body).toBe(b.body);
  });

  it('answers many pages at once, each with its own data', async () => {
    const urls = ids.flatMap((id, i) => [articlePath({ id, title: titles[i] }), '/']);
    const pages = await Promise.all(urls.map((url) => page(threaded.app, url)));
    pages.forEach((p, i) => {
      expect(p.status).toBe(200);
      if (i % 2 === 0) expect(p.body).toContain(`<link rel="canonical" href="https://chapar.test${encodeURI(urls[i])}">`);
    });
  });
});

describe('RENDER_THREADS', () => {
  const threadsFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env }).renderThreads;

  it('is one thread with the embedded database and none with PostgreSQL when unset or left empty', () => {
    expect(threadsFor({})).toBe(1);
    expect(threadsFor({ RENDER_THREADS: '' })).toBe(1);
    expect(threadsFor({ DATABASE_URL: 'postgres://db.example/chapar' })).toBe(0);
    expect(threadsFor({ DATABASE_URL: 'postgres://db.example/chapar', RENDER_THREADS: ' ' })).toBe(0);
  });

  it('takes a count from 0 to 16, and refuses anything else', () => {
    expect(threadsFor({ RENDER_THREADS: '0' })).toBe(0);
    expect(threadsFor({ RENDER_THREADS: '2', DATABASE_URL: 'postgres://db.example/chapar' })).toBe(2);
    for (const bad of ['-1', '1.5', '17', 'two']) expect(() => threadsFor({ RENDER_THREADS: bad }), bad).toThrow(/RENDER_THREADS/);
  });
});
