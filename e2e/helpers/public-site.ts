import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { startSite, type Site } from '../harness.ts';

/** The API's shapes the public-site tests compare the pages with. */
export interface ApiArticle { id: number; title: string; category: string; views: number }
export interface ApiSearch { total: number; articles: ApiArticle[] }
export interface ApiCategory { slug: string; name: string; description: string }

export type OpenPage = (opts?: Parameters<Site['newContext']>[0]) => Promise<Page>;

/**
 * The site, and a way to open a fresh browser context (own storage) and page in it; the
 * contexts are closed with the site.
 */
export async function startPublicSite(): Promise<{ site: Site; openPage: OpenPage }> {
  const site = await startSite();
  const contexts: BrowserContext[] = [];
  const openPage: OpenPage = async (opts = {}) => {
    const context = await site.newContext(opts);
    contexts.push(context);
    return context.newPage();
  };
  const close = async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await site.close();
  };
  return { site: { ...site, close }, openPage };
}

/** The numeric id at the end of an article link (/article/{slug}-{id} or /article/{id}). */
export const articleId = (href: string) => Number(/(\d+)\/?$/.exec(decodeURIComponent(href))?.[1]);

/**
 * Goes to a public page and waits until it is hydrated. The header's user menu asks for
 * /api/admin/status from the browser only, after hydration, so its answer is the signal.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/status', { timeout: 15_000 });
  const response = await page.goto(url);
  await status;
  return response;
}

/**
 * What a page said and asked for, with milliseconds since the call: its console messages and
 * its API requests with their outcomes. A failing step adds it to its error, so a failure
 * that does not come back on the next run still says what the page was doing.
 */
export function recordPage(page: Page): () => string {
  const started = Date.now();
  const lines: string[] = [];
  const note = (text: string) => lines.push(`${Date.now() - started} ms ${text}`);
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('console', (message) => note(`console.${message.type()} ${message.text()}`));
  page.on('request', (request) => { if (isApi(request.url())) note(`→ ${request.url()}`); });
  page.on('response', (response) => { if (isApi(response.url())) note(`← ${response.status()} ${response.url()}`); });
  page.on('requestfailed', (request) => { if (isApi(request.url())) note(`✗ ${request.url()} ${request.failure()?.errorText ?? ''}`); });
  return () => lines.join('\n');
}

/** Runs a step; if it fails, its error carries the page's record (recordPage). */
export async function withRecord<T>(record: () => string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Error) error.message += `\n\nThe page meanwhile:\n${record()}`;
    throw error;
  }
}

/** Same as {@link gotoHydrated} for a reload. */
export async function reloadHydrated(page: Page): Promise<void> {
  const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/status', { timeout: 15_000 });
  await page.reload();
  await status;
}

/** The href of every article link inside a container, in document order. */
export function articleHrefs(container: Locator): Promise<string[]> {
  return container.locator('article h2 a, article h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** Text of the category badges (Persian category names) of the cards inside a container. */
export function cardBadges(container: Locator): Promise<string[]> {
  return container.locator('article a[href^="/category/"]').allTextContents();
}

/** The index of the slider's active dot (aria-current="true"), or -1. */
export function activeSlide(page: Page): Promise<number> {
  return page.getByRole('button', { name: /^رفتن به خبر/ }).evaluateAll(
    (dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'),
  );
}

/** Which element has the focus: its tag, id and text, for assertions. */
export function focused(page: Page): Promise<{ tag: string; id: string; text: string; href: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? '', id: el?.id ?? '', text: el?.textContent?.trim() ?? '', href: el?.getAttribute('href') ?? null };
  });
}

/** The API answer the page is expected to mirror, read straight from the server. */
export async function apiJson<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(new URL(path, baseUrl));
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

export const PERSIAN_DIGIT = /[۰-۹]/;
export const ASCII_DIGIT = /[0-9]/;
