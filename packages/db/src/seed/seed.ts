// Seeding: the eight categories (always, idempotent) and a demo newsroom for a fresh
// site (only while the articles table is empty, so a restart never seeds twice).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  CATEGORIES, articleReadingMinutes, buildAltText, normalizePersian, slugify, stripHtml,
} from '@chapar/shared/text';
import type { Database } from '../client.ts';
import { articles, categories } from '../schema/index.ts';
import { DEMO_ARTICLES, type DemoArticle } from './demo-articles.ts';
import { renderDemoImage } from './demo-images.ts';

const HOUR_MS = 3_600_000;
// Any constant: serialises two processes seeding the same empty database at once.
const SEED_LOCK_KEY = 7_243_001;
// Images drawn at once: sharp works on libuv's thread pool, more would only queue.
const RENDER_CONCURRENCY = 4;

/** Inserts the eight categories (spec 01 §2) that are missing; returns how many were new. */
export async function seedCategories(database: Database): Promise<number> {
  const rows = CATEGORIES.map((c, i) => ({
    slug: c.slug,
    name: c.name,
    nameFa: c.nameFa,
    description: c.description,
    sortOrder: i + 1,
  }));
  const inserted = await database.db
    .insert(categories)
    .values(rows)
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id });
  return inserted.length;
}

export interface SeedDemoOptions {
  /** Local media directory; images go to `${mediaDir}/demo/{n}.jpg`. */
  mediaDir: string;
  /** Public base URL of mediaDir (e.g. '/media' or a CDN); imageUrl = `${mediaBaseUrl}/demo/{n}.jpg`. */
  mediaBaseUrl: string;
  /** The seed's clock: publishedAt = now − hoursAgo. */
  now?: Date;
  /** The articles to seed; DEMO_ARTICLES by default. */
  articles?: readonly DemoArticle[];
}

export interface SeedDemoResult {
  /** Articles inserted: 0 when the table already held any. */
  articles: number;
}

async function hasArticles(database: Database): Promise<boolean> {
  const rows = await database.db.select({ id: articles.id }).from(articles).limit(1);
  return rows.length > 0;
}

async function renderImages(items: readonly DemoArticle[], dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const image = await renderDemoImage({ title: items[i].title, category: items[i].category, index: i });
      await writeFile(path.join(dir, `${i + 1}.jpg`), image);
    }
  };
  await Promise.all(Array.from({ length: Math.min(RENDER_CONCURRENCY, items.length) }, worker));
}

/**
 * Demo articles with generated images, inserted directly, for a site with no articles yet.
 * Returns {articles: 0} and touches nothing when the articles table is not empty. The site's
 * own first start no longer uses this: it runs the same texts as bundled channel pages through
 * the ingest pipeline (apps/server/src/modules/ingest/demo); this stays for scripts that need the
 * articles without the server and its pipeline.
 */
export async function seedDemoContent(database: Database, options: SeedDemoOptions): Promise<SeedDemoResult> {
  if (await hasArticles(database)) return { articles: 0 };

  const items = options.articles ?? DEMO_ARTICLES;
  const now = options.now ?? new Date();
  const baseUrl = options.mediaBaseUrl.replace(/\/+$/, '');
  // Drawn before the transaction so it stays short; file names depend only on the
  // position in the list, so a concurrent seeder writes the very same files.
  await renderImages(items, path.join(options.mediaDir, 'demo'));

  const rows = items.map((a, i) => {
    const publishedAt = new Date(now.getTime() - a.hoursAgo * HOUR_MS);
    const updatedAt = a.updatedHoursLater
      ? new Date(publishedAt.getTime() + a.updatedHoursLater * HOUR_MS)
      : publishedAt;
    return {
      slug: slugify(a.title),
      title: a.title,
      excerpt: a.excerpt,
      content: a.content,
      imageUrl: `${baseUrl}/demo/${i + 1}.jpg`,
      imageAltText: buildAltText({ kind: 'image', title: a.title, category: a.category, excerpt: a.excerpt }),
      videoUrl: a.videoUrl,
      category: a.category,
      keywords: a.keywords,
      views: a.views,
      featured: a.featured,
      status: 'published',
      source: null,
      telegramId: null,
      readingTime: articleReadingMinutes(a.content),
      searchTitle: normalizePersian(a.title),
      searchBody: normalizePersian(`${a.excerpt} ${stripHtml(a.content)} ${a.keywords}`),
      publishedAt,
      updatedAt,
    };
  });
  // Oldest first, so ids grow with publication time as they do for ingested news.
  rows.sort((x, y) => x.publishedAt.getTime() - y.publishedAt.getTime());

  const inserted = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: articles.id }).from(articles).limit(1);
    if (existing.length > 0) return 0; // another process seeded meanwhile
    const result = await tx.insert(articles).values(rows).returning({ id: articles.id });
    return result.length;
  });

  // Fresh statistics, or the planner ignores the new indexes.
  if (inserted > 0) await database.raw.exec('ANALYZE articles');
  return { articles: inserted };
}
