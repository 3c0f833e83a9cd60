// Data and sessions for the article-page browser tests: articles and comments written straight
// to the database, moderation through the admin API, the media directory the site serves.
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { comments } from '@chapar/db';
import { articlePath, toAsciiDigits } from '@chapar/shared/text';
import type { Page } from 'playwright-core';
import { createArticle } from '../../apps/server/testing/factories.ts';
import { E2E_ADMIN, startSite, type Site } from '../harness.ts';

export type ArticleOverrides = Parameters<typeof createArticle>[1];
export type InsertedArticle = Awaited<ReturnType<typeof insertArticle>>;

export async function insertArticle(site: Site, overrides: ArticleOverrides = {}) {
  const row = await createArticle(site.database, overrides);
  site.app.contentChanged();
  return { ...row, path: articlePath(row) };
}

export async function insertComment(site: Site, values: { articleId: number; authorName: string; content: string; parentId?: number | null; depth?: number }) {
  const [row] = await site.database.db.insert(comments).values({ ...values, isApproved: true }).returning();
  site.app.contentChanged();
  return row;
}

/** An admin session for API calls: cookie header and CSRF token. */
export async function adminApi(site: Site) {
  const login = await site.app.inject({ method: 'POST', url: '/api/admin/login', payload: E2E_ADMIN });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.statusCode} ${login.body}`);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const { csrfToken } = login.json() as { csrfToken: string };
  const headers = { cookie, 'x-csrf-token': csrfToken };
  return {
    headers,
    async pendingComments(articleId: number): Promise<Array<{ id: number; author: string; parentId: number | null }>> {
      const res = await site.app.inject({ method: 'GET', url: '/api/admin/comments?status=pending', headers });
      const flat: Array<{ id: number; author: string; parentId: number | null; articleId: number; replies: unknown[] }> = [];
      const walk = (list: typeof flat) => list.forEach((c) => { flat.push(c); walk(c.replies as typeof flat); });
      walk((res.json() as { comments: typeof flat }).comments);
      return flat.filter((c) => c.articleId === articleId);
    },
    async approve(commentId: number) {
      const res = await site.app.inject({ method: 'POST', url: `/api/admin/comments/${commentId}/approve`, headers });
      if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
    },
  };
}

/** '۳ + ۷ = ؟' → '10'. */
export function solveCaptcha(question: string): string {
  const [a, b] = toAsciiDigits(question).match(/\d+/g)!.map(Number);
  return String(a + b);
}

/** A new visitor in this browser (the server allows one comment per visitor every 15 s). */
export async function newVisitor(page: Page): Promise<void> {
  await page.evaluate((id) => localStorage.setItem('chapar:session-id', id), `e2e-${randomUUID()}`);
}

/**
 * The directory the running site serves under /media. The harness keeps its data directory
 * to itself, so each candidate is probed with a file of its own and asked for over HTTP.
 */
export async function mediaDirOf(site: Site): Promise<string> {
  const probe = `e2e-probe-${randomUUID()}.txt`;
  const candidates = readdirSync(tmpdir()).filter((d) => d.startsWith('chapar-e2e-')).map((d) => path.join(tmpdir(), d, 'media'));
  let found: string | null = null;
  for (const dir of candidates.filter((d) => existsSync(d))) {
    writeFileSync(path.join(dir, probe), 'probe');
    const res = await fetch(`${site.baseUrl}/media/${probe}`);
    rmSync(path.join(dir, probe), { force: true });
    if (res.ok) {
      found = dir;
      break;
    }
  }
  if (!found) throw new Error('media directory of the site not found');
  return found;
}

/** Copies fixture files into the site's media directory; returns their /media/e2e/... URLs. */
export async function publishFixtureMedia(site: Site, files: string[]): Promise<Record<string, string>> {
  const target = path.join(await mediaDirOf(site), 'e2e');
  mkdirSync(target, { recursive: true });
  const urls: Record<string, string> = {};
  for (const file of files) {
    copyFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'telegram', 'media', file), path.join(target, file));
    urls[file] = `/media/e2e/${file}`;
  }
  return urls;
}

/** Scrolls to the comments block and waits until its lazy chunk has rendered. */
export async function openComments(page: Page): Promise<void> {
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.getByRole('heading', { name: /^نظرات/ }).waitFor();
}

/**
 * The site with the fixture media published and the article every article-page test reads:
 * a politics report with its image, keywords and 150 views.
 */
export async function startArticleSite(): Promise<{ site: Site; media: Record<string, string>; article: InsertedArticle }> {
  const site = await startSite();
  try {
    const media = await publishFixtureMedia(site, ['snow-tehran.jpg', 'match-highlights.mp4', 'match-thumb.jpg', 'voice-report.ogg']);
    const article = await insertArticle(site, {
      title: 'بارش برف سنگین در تهران؛ مدارس ابتدایی شنبه تعطیل شد',
      excerpt: 'با ادامه بارش برف در تهران، مدارس ابتدایی در روز شنبه تعطیل اعلام شد و شهرداری از آماده‌باش کامل خبر داد.',
      content: '<p>بارش برف از بامداد امروز در بیشتر مناطق تهران آغاز شد و ارتفاع آن در شمال شهر به بیست سانتی‌متر رسید.</p><h2>آماده‌باش شهرداری</h2><p>شهرداری تهران از آماده‌باش کامل نیروهای خدمات شهری خبر داد.</p>',
      category: 'Politics',
      keywords: 'برف,تهران,مدارس',
      imageUrl: media['snow-tehran.jpg'],
      views: 150,
    });
    return { site, media, article };
  } catch (error) {
    await site.close();
    throw error;
  }
}

/** Opens an article page and waits for its title. */
export async function openArticle(page: Page, path: string) {
  const response = await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return response;
}
