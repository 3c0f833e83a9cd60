import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@chapar/db/testing';
import { DEMO_ARTICLES } from '@chapar/db/seed';
import type { Database } from '@chapar/db';
import { isOldContent, normalizePersian, stripHtml, wasUpdated } from '@chapar/shared/text';
import { isStopword, isTopic } from '@chapar/shared/topics';
import { trendingTopics } from '../../trending/service.ts';
import { prepareSite } from '../../../bootstrap.ts';
import { loadConfig } from '../../../config.ts';
import { DEMO_CHANNEL } from './demo-posts.ts';

let database: Database;
let dataDir: string;
const log = { info: () => undefined, warn: () => undefined };
type Row = { id: number; telegram_id: number; source: string; featured: boolean; views: number; category: string; image_url: string; content: string; published_at: Date; updated_at: Date; status: string };

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-demo-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the demo newsroom', () => {
  const config = () => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ADMIN_PASSWORD: 'demo-password-1' });

  it('fills an empty site through the real pipeline, quickly, and leaves no job queue running', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const started = Date.now();
    await prepareSite(database, config(), log);
    expect(Date.now() - started).toBeLessThan(30_000);
    // The seed's own queue (pg-boss's clocks) stops with it. Counted on the embedded database only:
    // on PostgreSQL the test database's pool keeps a timer per idle connection, as many as the
    // seed's four posts at once left there.
    if (!process.env.TEST_DATABASE_URL) expect(timers()).toBeLessThanOrEqual(before);

    const rows = (await database.raw.query<Row>('select * from articles order by published_at')).rows;
    expect(rows.length).toBe(DEMO_ARTICLES.length);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(rows.every((r) => r.source === DEMO_CHANNEL && r.status === 'published' && Number(r.telegram_id) > 1000)).toBe(true);
    expect(rows.filter((r) => r.featured)).toHaveLength(6);
    expect(new Set(rows.map((r) => r.category)).size).toBe(8);
    expect(rows.reduce((sum, r) => sum + r.views, 0)).toBeGreaterThan(10_000);
    const now = Date.now();
    expect(rows.filter((r) => now - r.published_at.getTime() < 24 * 3_600_000).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => isOldContent(r.published_at, new Date()))).toHaveLength(1);
    expect(rows.filter((r) => wasUpdated(r.published_at, r.updated_at))).toHaveLength(2);

    for (const r of rows) {
      expect(r.image_url).toMatch(new RegExp(`^/media/tg/${DEMO_CHANNEL}/\\d+/0-image\\.[0-9a-f]{8}\\.jpg$`));
      expect(existsSync(path.join(dataDir, r.image_url))).toBe(true);
      expect(r.content).not.toMatch(/@chapar_demo|🆔|#/);
    }
    const media = await database.raw.query<{ n: number; marked: number }>('select count(*)::int as n, count(*) filter (where watermarked)::int as marked from media_assets');
    expect(media.rows[0]).toEqual({ n: rows.length + 2, marked: rows.length + 2 });
    const album = rows.filter((r) => (r.content.match(/<figure><img/g) ?? []).length === 2);
    expect(album).toHaveLength(1);
  });

  it('gives topics a reader recognises: on the trending page and on every article', async () => {
    const topics = (await trendingTopics(database, 30)).map((t) => t.keyword);
    for (const topic of ['انتخابات', 'استارتاپ', 'سینما', 'وزارت بهداشت', 'لیگ برتر', 'برنامه بازی‌ها', 'کشتی آزاد', 'خودروی برقی', 'بیمه تکمیلی']) expect(topics).toContain(topic);
    for (const word of ['تغییر', 'تیم', 'دوازدهم', 'کشور', 'درصدی', 'رشد', 'برنامه بازی ها', 'ورزش', 'سیاست', 'اقتصاد']) expect(topics).not.toContain(word);

    const rows = (await database.raw.query<{ keywords: string; excerpt: string; content: string }>('select keywords, excerpt, content from articles')).rows;
    const all = rows.flatMap((r) => r.keywords.split(','));
    for (const keyword of all) {
      expect(isTopic(keyword), keyword).toBe(true);
      expect(isStopword(normalizePersian(keyword)), keyword).toBe(false);
    }
    // The editor's keywords keep their ZWNJ and the shadda the hashtag carried.
    for (const keyword of ['برنامه بازی‌ها', 'هزینه‌های انتخاباتی', 'گروه‌های پرخطر', 'ثبت‌نام نامزدها', 'خیّران']) expect(all).toContain(keyword);
    // The lead never copies a first paragraph that has more to say.
    for (const r of rows) {
      const first = stripHtml(r.content.split('</p>')[0]);
      if (first.split(/(?<=[.!؟])\s+/).length > 1) expect(normalizePersian(r.excerpt)).not.toBe(normalizePersian(first));
    }
  });

  it('adds nothing on the next start', async () => {
    const before = (await database.raw.query<{ n: number }>('select count(*)::int as n from articles')).rows[0].n;
    const started = Date.now();
    await prepareSite(database, config(), log);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await database.raw.query<{ n: number }>('select count(*)::int as n from articles')).rows[0].n).toBe(before);
  });
});
