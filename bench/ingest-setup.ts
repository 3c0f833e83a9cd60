// What the ingest benchmarks share: the demo newsroom copied under other names as bundled
// channel pages, and one measured run (a fresh PGlite, the real services, every channel
// checked and its posts ingested straight through the pipeline or through pg-boss jobs).
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { channels as channelTable, migrateDatabase, openDatabase, type Database } from '@chapar/db';
import { seedCategories } from '@chapar/db/seed';
import type { Config } from '../apps/server/src/config.ts';
import { createDirectorySource } from '../apps/server/src/integrations/telegram/index.ts';
import { ingestPostJob } from '../apps/server/src/jobs/specs.ts';
import { startWorker } from '../apps/server/src/jobs/registry.ts';
import { defaultCleaningRules } from '../apps/server/src/modules/channels/cleaning-rules.ts';
import { channelRepo } from '../apps/server/src/modules/channels/repo.ts';
import { checkChannel } from '../apps/server/src/modules/ingest/check-channel.ts';
import { buildDemoChannel } from '../apps/server/src/modules/ingest/demo/demo-channel.ts';
import { DEMO_CHANNEL } from '../apps/server/src/modules/ingest/demo/demo-posts.ts';
import { ingestPost } from '../apps/server/src/modules/ingest/ingest-post.ts';
import { runPool } from '../apps/server/src/modules/ingest/run-pool.ts';
import { createServices, type Services } from '../apps/server/src/services.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

/**
 * The duplicate detector (rightly) takes a copy of a post for the same story, even reworded,
 * so each copy past the first has every word of every message text replaced by a word drawn
 * (seeded) from the whole demo newsroom's vocabulary: the same lengths, Persian news words and
 * pictures, but a story of its own. Copies are named bench_1 … bench_N; their headlines marked.
 */
const MESSAGE_TEXT = /(<div class="tgme_widget_message_text[^>]*>)([\s\S]*?)(<\/div>)/g;
function reworded(html: string, seed: number, vocabulary: string[]): string {
  let state = (seed * 2654435761) % 4294967296 || 1;
  const next = () => (state = (state * 1664525 + 1013904223) % 4294967296) / 4294967296;
  return html.replace(MESSAGE_TEXT, (_, open: string, body: string, close: string) =>
    open + body.replace(/>([^<>]+)</g, (_m, text: string) =>
      `>${text.replace(/[\u0600-\u06FF\u200c]+/g, () => vocabulary[Math.floor(next() * vocabulary.length)])}<`) + close);
}

/** The demo channel's pages under `pages`, copied `copies` times; the copies' names. */
export async function buildBenchChannels(pages: string, copies: number): Promise<string[]> {
  await buildDemoChannel(pages, new Date());
  const vocabulary = new Set<string>();
  for (const file of await readdir(path.join(pages, DEMO_CHANNEL))) {
    if (!file.endsWith('.html')) continue;
    for (const [, , body] of (await readFile(path.join(pages, DEMO_CHANNEL, file), 'utf8')).matchAll(MESSAGE_TEXT)) {
      for (const word of body.replace(/<[^>]+>/g, ' ').match(/[\u0600-\u06FF\u200c]{2,}/g) ?? []) vocabulary.add(word);
    }
  }
  const channels = Array.from({ length: copies }, (_, k) => `bench_${k + 1}`);
  for (const [k, name] of channels.entries()) {
    await cp(path.join(pages, DEMO_CHANNEL, 'media'), path.join(pages, name, 'media'), { recursive: true });
    for (const file of await readdir(path.join(pages, DEMO_CHANNEL))) {
      if (!file.endsWith('.html')) continue;
      const html = await readFile(path.join(pages, DEMO_CHANNEL, file), 'utf8');
      const marked = html.replaceAll(DEMO_CHANNEL, name).replaceAll('</b><br/><br/>', ` (دوره ${k + 1})</b><br/><br/>`);
      await writeFile(path.join(pages, name, file), k === 0 ? marked : reworded(marked, k, [...vocabulary]));
    }
  }
  return channels;
}

export interface IngestRun {
  database: Database;
  services: Services;
  /** Every channel checked and its posts ingested; resolves when every post is settled. The post count. */
  ingest(channels: string[], opts: { useAI: boolean }): Promise<number>;
  /** Articles written and pictures watermarked. */
  counts(): Promise<{ articles: number; images: number }>;
  close(): Promise<void>;
}

/**
 * A fresh in-memory database and the real services over the bundled pages under `pages`.
 * `viaJobs`: posts go to a pg-boss worker in this process, one job each; otherwise straight
 * through the pipeline, `config.ingestConcurrency` at a time. `rewriter` replaces the offline one.
 */
export async function startIngestRun(pages: string, config: Config, opts: { viaJobs: boolean; rewriter?: Services['rewriter'] }): Promise<IngestRun> {
  const database = await openDatabase();
  await migrateDatabase(database);
  await seedCategories(database);
  const services = createServices({ config: { ...config, worker: opts.viaJobs }, database, log: quiet });
  services.rewriter = opts.rewriter ?? services.offlineRewriter;
  const source = createDirectorySource({ dir: pages });
  services.sources.register({ kind: 'bundled', available: async () => source });
  if (opts.viaJobs) await startWorker(services);
  const settled = async () => (await database.raw.query<{ n: number }>("select count(*)::int as n from telegram_posts where state in ('published', 'ignored', 'failed')")).rows[0].n;
  return {
    database,
    services,
    async ingest(channels, { useAI }) {
      let posts = 0;
      for (const name of channels) {
        await database.db.insert(channelTable).values({ username: name, role: 'primary', cleaningRules: defaultCleaningRules(name) });
        const check = await checkChannel(services, source, (await channelRepo.byUsername(database.db, name))!, { maxPages: 10 });
        posts += check.toProcess.length;
        if (opts.viaJobs) await services.jobs.sendMany(ingestPostJob, check.toProcess.map((ref) => ({ ...ref, useAI })));
        else await runPool(check.toProcess, config.ingestConcurrency, (ref) => ingestPost(services, ref, { source, useAI }));
      }
      while (opts.viaJobs && (await settled()) < posts) await sleep(20);
      return posts;
    },
    async counts() {
      const { rows } = await database.raw.query<{ articles: number; images: number }>(
        'select (select count(*)::int from articles) as articles, (select count(*)::int from media_assets where watermarked) as images');
      return rows[0];
    },
    async close() {
      await services.jobs.stop();
      await database.close();
    },
  };
}
