// The demo newsroom for a fresh site, through the real pipeline: the bundled channel
// pages are read by the directory source and every post is normalised, filtered,
// rewritten offline, its pictures watermarked and stored, and published, exactly as a
// real channel's would be. Then the editor's touches the demo needs (featured stories,
// view counts, an updated story) are applied. Runs once; re-running changes nothing.
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { articles, channels, settings, type Database } from '@chapar/db';
import type { Config } from '../../../config.ts';
import { createDirectorySource } from '../../../integrations/telegram/index.ts';
import { channelRepo } from '../../channels/repo.ts';
import { defaultCleaningRules } from '../../channels/cleaning-rules.ts';
import { checkChannel } from '../check-channel.ts';
import { ingestPost } from '../ingest-post.ts';
import type { Log } from '../../operations/operation-reporter.ts';
import { runPool } from '../run-pool.ts';
import { createServices } from '../../../services.ts';
import { buildDemoChannel } from './demo-channel.ts';
import { DEMO_CHANNEL, type DemoPost } from './demo-posts.ts';

const MARKER = 'demo.seed';
const HOUR_MS = 3_600_000;
/** A seed that started this long ago and never finished (a crash) may be taken over. */
const STALE_MS = 5 * 60_000;

/** Claims the seed for this process; false when it is done or another process is at it. */
async function claim(database: Database): Promise<boolean> {
  const [other] = await database.db.select({ n: sql<number>`count(*)::int` }).from(articles)
    .where(sql`${articles.source} is distinct from ${DEMO_CHANNEL}`);
  if (other.n > 0) return false; // a real site: never mix demo news into it
  const value = { status: 'running', at: new Date().toISOString() };
  const inserted = await database.db.insert(settings).values({ key: MARKER, value }).onConflictDoNothing().returning();
  if (inserted.length) return true;
  const [row] = await database.db.select().from(settings).where(eq(settings.key, MARKER));
  const prior = row?.value as { status?: string; at?: string } | undefined;
  if (prior?.status === 'done' || Date.now() - Date.parse(prior?.at ?? '') < STALE_MS) return false;
  await database.db.update(settings).set({ value }).where(eq(settings.key, MARKER));
  return true;
}

async function applyEditorialTouches(database: Database, posts: DemoPost[]): Promise<void> {
  for (const post of posts) {
    const { featured, views, updatedHoursLater } = post.article;
    await database.db.update(articles).set({
      featured, views,
      ...(updatedHoursLater ? { updatedAt: new Date(post.date.getTime() + updatedHoursLater * HOUR_MS) } : {}),
    }).where(and(eq(articles.source, DEMO_CHANNEL), eq(articles.telegramId, post.messageId)));
  }
}

export async function seedDemoNewsroom(database: Database, config: Config, log: Pick<Log, 'info' | 'warn'>, now = new Date()): Promise<{ articles: number; ms: number }> {
  const started = Date.now();
  if (!(await claim(database))) return { articles: 0, ms: 0 };
  const dir = path.join(config.dataDir, 'demo-channel');
  const posts = await buildDemoChannel(dir, now);
  // The demo never needs an AI key: the offline rewriter writes it, on any machine.
  const services = createServices({ config: { ...config, worker: false }, database, log: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.warn(m) } });
  services.rewriter = services.offlineRewriter;
  const source = createDirectorySource({ dir });

  await database.db.insert(channels).values({ username: DEMO_CHANNEL, role: 'demo', title: 'چاپار (نمونه)', isActive: false, cleaningRules: defaultCleaningRules(DEMO_CHANNEL) })
    .onConflictDoNothing();
  const channel = (await channelRepo.byUsername(database.db, DEMO_CHANNEL))!;
  // The jobs the posts queue are in the database for the site's worker; this queue's timers (and
  // on PostgreSQL its connections) would otherwise outlive the seed.
  const outcomes = await checkChannel(services, source, channel, { maxPages: 20 })
    .then((check) => runPool(check.toProcess, 4, (ref) => ingestPost(services, ref, { source, useAI: false })))
    .finally(() => services.jobs.stop());
  await applyEditorialTouches(database, posts);
  await database.raw.exec('ANALYZE articles');
  await database.db.update(settings).set({ value: { status: 'done', at: new Date().toISOString() } }).where(eq(settings.key, MARKER));
  const published = outcomes.filter((o) => o.status === 'created' || o.status === 'updated').length;
  return { articles: published, ms: Date.now() - started };
}
