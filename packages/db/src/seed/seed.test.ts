import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHot, isOldContent, normalizePersian, wasUpdated } from '@chapar/shared/text';
import type { Database } from '../client.ts';
import { articles, categories } from '../schema/index.ts';
import { openTestDatabase } from '../../testing/index.ts';
import { DEMO_ARTICLES } from './demo-articles.ts';
import { DEMO_IMAGE_HEIGHT, DEMO_IMAGE_WIDTH, renderDemoImage } from './demo-images.ts';
import { seedCategories, seedDemoContent } from './seed.ts';

const NOW = new Date('2026-11-20T09:00:00Z');
const ARABIC_YEH_KAF = /[\u064a\u0643]/;

let database: Database;
let mediaDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-seed-'));
});
afterAll(async () => {
  await database?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('demo articles', () => {
  it('are well-formed news items', () => {
    expect(DEMO_ARTICLES.length).toBeGreaterThanOrEqual(44);
    for (const a of DEMO_ARTICLES) {
      expect(a.title.length, a.title).toBeGreaterThanOrEqual(40);
      expect(a.title.length, a.title).toBeLessThanOrEqual(90);
      const paragraphs = a.content.match(/<p>/g)?.length ?? 0;
      expect(paragraphs, a.title).toBeGreaterThanOrEqual(3);
      expect(paragraphs, a.title).toBeLessThanOrEqual(5);
      const keywords = a.keywords.split(',');
      expect(keywords.length, a.title).toBeGreaterThanOrEqual(3);
      expect(keywords.length, a.title).toBeLessThanOrEqual(5);
      expect(keywords.every((k) => k.length > 0 && k.trim() === k), a.keywords).toBe(true);
      expect(a.views).toBeGreaterThanOrEqual(0);
      expect(a.views).toBeLessThanOrEqual(5000);
      expect(a.videoUrl).toBeNull();
    }
  });

  it('cover the categories, badges and sections the site shows', () => {
    const per = new Map<string, number>();
    for (const a of DEMO_ARTICLES) per.set(a.category, (per.get(a.category) ?? 0) + 1);
    for (const c of ['Politics', 'Economy', 'Technology', 'Health', 'Culture', 'Sports']) {
      expect(per.get(c), c).toBeGreaterThanOrEqual(6);
    }
    expect(per.get('International')).toBeGreaterThan(0);
    expect(per.get('Education')).toBeGreaterThan(0);
    expect(DEMO_ARTICLES.filter((a) => a.featured)).toHaveLength(6);
    expect(DEMO_ARTICLES.filter((a) => a.hoursAgo < 1).length).toBeGreaterThanOrEqual(2);
    expect(DEMO_ARTICLES.filter((a) => a.hoursAgo < 24 && a.views > 100).length).toBeGreaterThanOrEqual(2);
    expect(DEMO_ARTICLES.filter((a) => a.hoursAgo >= 30 * 24)).toHaveLength(1);
    expect(DEMO_ARTICLES.filter((a) => a.updatedHoursLater)).toHaveLength(2);
    expect(DEMO_ARTICLES.some((a) => /[۰-۹]/.test(a.content))).toBe(true);
    expect(DEMO_ARTICLES.filter((a) => ARABIC_YEH_KAF.test(a.content))).toHaveLength(1);
  });
});

describe('renderDemoImage', () => {
  it('draws a 16:9 JPEG quickly', async () => {
    await renderDemoImage({ title: 'گرم کردن', category: 'Politics', index: 0 }); // loads the fonts once
    const started = performance.now();
    const image = await renderDemoImage({ title: DEMO_ARTICLES[1].title, category: 'Economy', index: 1 });
    const elapsed = performance.now() - started;
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([DEMO_IMAGE_WIDTH, DEMO_IMAGE_HEIGHT]);
    expect(elapsed).toBeLessThan(500); // ~20–30 ms here; generous for loaded CI machines
  });
});

describe('seedCategories', () => {
  it('creates the eight categories once', async () => {
    expect(await seedCategories(database)).toBe(8);
    expect(await seedCategories(database)).toBe(0);
    const rows = await database.db.select().from(categories).orderBy(categories.sortOrder);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ slug: 'politics', name: 'Politics', nameFa: 'سیاست' });
    expect(rows.every((r) => r.description.length > 0)).toBe(true);
  });
});

describe('seedDemoContent', () => {
  it('seeds articles with images, search text and times', async () => {
    const result = await seedDemoContent(database, { mediaDir, mediaBaseUrl: '/media/', now: NOW });
    expect(result.articles).toBe(DEMO_ARTICLES.length);

    const rows = await database.db.select().from(articles);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => r.featured).length).toBeGreaterThanOrEqual(5);

    for (const r of rows) {
      expect(r.imageUrl).toMatch(/^\/media\/demo\/\d+\.jpg$/);
      expect(existsSync(path.join(mediaDir, r.imageUrl!.replace('/media/', ''))), r.imageUrl!).toBe(true);
      expect(r.imageAltText).toMatch(/^تصویر خبر: /);
      expect(r.slug.length).toBeGreaterThan(0);
      expect(r.readingTime).toBeGreaterThanOrEqual(1);
      expect(r.status).toBe('published');
      expect(r.source).toBeNull();
      expect(r.telegramId).toBeNull();
      expect(r.videoUrl).toBeNull();
      expect(r.searchTitle).toBe(normalizePersian(r.title));
      expect(r.searchBody).not.toMatch(ARABIC_YEH_KAF);
      expect(r.searchBody).not.toMatch(/<p>/);
      expect(r.publishedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(rows.filter((r) => wasUpdated(r.publishedAt, r.updatedAt))).toHaveLength(2);
    expect(rows.filter((r) => isHot(r.publishedAt, r.views, NOW)).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => isOldContent(r.publishedAt, NOW))).toHaveLength(1);
    // Ids follow publication time.
    const byId = [...rows].sort((a, b) => a.id - b.id);
    expect(byId.map((r) => r.publishedAt.getTime())).toEqual([...byId.map((r) => r.publishedAt.getTime())].sort((a, b) => a - b));
  });

  it('finds the article typed with Arabic letters through normalised search', async () => {
    const query = normalizePersian('كتاب'); // Arabic kaf in the query as well
    const { rows } = await database.raw.query<{ title: string; content: string }>(
      `select title, content from articles
        where setweight(to_tsvector('simple', search_title), 'A') || setweight(to_tsvector('simple', search_body), 'B')
              @@ plainto_tsquery('simple', $1)`,
      [query],
    );
    expect(rows.some((r) => ARABIC_YEH_KAF.test(r.content))).toBe(true);
  });

  it('does nothing when articles exist', async () => {
    const before = await database.db.$count(articles);
    const again = await seedDemoContent(database, { mediaDir, mediaBaseUrl: '/media', now: NOW });
    expect(again.articles).toBe(0);
    expect(await database.db.$count(articles)).toBe(before);
  });
});
