// Ingest throughput with media in an S3-compatible bucket: the whole pipeline as in
// bench/ingest.ts (channel pages parsed, posts rewritten offline, every picture watermarked),
// with every file (marked copy and private original) uploaded to a local S3 server (s3rver,
// started here on a free port, in a child process as a bucket service runs apart from the app)
// through the AWS SDK. Then the responsive variants (five WebP widths per picture, the
// image-variants job) are made by a worker, timed apart. The first row
// is the same run on the local disk, for comparison on the same machine at the same time.
// The channel is the demo newsroom copied N times under other names (45 posts, one picture each).
//   npx tsx bench/ingest-s3.ts [copies=6] [ingest-only]
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { channels as channelTable, migrateDatabase, openDatabase } from '@chapar/db';
import { seedCategories } from '@chapar/db/seed';
import { loadConfig } from '../apps/server/src/config.ts';
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
import { createServices } from '../apps/server/src/modules/ingest/services.ts';
import { startS3Server } from '../apps/server/testing/s3-server.ts';

const COPIES = Number(process.argv[2] ?? 6);
/** `ingest-only`: skip waiting for the variants (the throughput figure alone). */
const INGEST_ONLY = process.argv[3] === 'ingest-only';
const root = await mkdtemp(path.join(os.tmpdir(), 'chapar-bench-ingest-s3-'));
const pages = path.join(root, 'pages');
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

/**
 * The duplicate detector (rightly) takes a copy of a post for the same story, even reworded,
 * so each copy past the first has every word of every message text replaced by a word drawn
 * (seeded) from the whole demo newsroom's vocabulary: the same lengths, Persian news words and
 * pictures, but a story of its own, so every copy becomes an article.
 */
const MESSAGE_TEXT = /(<div class="tgme_widget_message_text[^>]*>)([\s\S]*?)(<\/div>)/g;
function reworded(html: string, seed: number, vocabulary: string[]): string {
  let state = (seed * 2654435761) % 4294967296 || 1;
  const next = () => (state = (state * 1664525 + 1013904223) % 4294967296) / 4294967296;
  return html.replace(MESSAGE_TEXT, (_, open: string, body: string, close: string) =>
    open + body.replace(/>([^<>]+)</g, (_m, text: string) =>
      `>${text.replace(/[\u0600-\u06FF\u200c]+/g, () => vocabulary[Math.floor(next() * vocabulary.length)])}<`) + close);
}

await buildDemoChannel(pages, new Date());
const vocabulary = new Set<string>();
for (const file of await readdir(path.join(pages, DEMO_CHANNEL))) {
  if (!file.endsWith('.html')) continue;
  for (const [, , body] of (await readFile(path.join(pages, DEMO_CHANNEL, file), 'utf8')).matchAll(MESSAGE_TEXT)) {
    for (const word of body.replace(/<[^>]+>/g, ' ').match(/[\u0600-\u06FF\u200c]{2,}/g) ?? []) vocabulary.add(word);
  }
}
const channels = Array.from({ length: COPIES }, (_, k) => `bench_${k + 1}`);
for (const [k, name] of channels.entries()) {
  await cp(path.join(pages, DEMO_CHANNEL, 'media'), path.join(pages, name, 'media'), { recursive: true });
  for (const file of await readdir(path.join(pages, DEMO_CHANNEL))) {
    if (!file.endsWith('.html')) continue;
    const html = await readFile(path.join(pages, DEMO_CHANNEL, file), 'utf8');
    const marked = html.replaceAll(DEMO_CHANNEL, name).replaceAll('</b><br/><br/>', ` (دوره ${k + 1})</b><br/><br/>`);
    await writeFile(path.join(pages, name, file), k === 0 ? marked : reworded(marked, k, [...vocabulary]));
  }
}

async function run(label: string, opts: { viaJobs: boolean; local?: boolean }) {
  // The bucket service in a process of its own, as a real one is: its work is not the app's.
  const s3 = await startS3Server({ bucket: `bench-${label.replace(/\W+/g, '-')}`, separateProcess: true });
  const localDir = path.join(root, `${label.replace(/\W+/g, '-')}-files`);
  const listKeys = async (prefix: 'media/' | 'originals/') => {
    if (!opts.local) return s3.keys(prefix);
    const entries = await readdir(path.join(localDir, prefix), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => path.join(e.parentPath, e.name));
  };
  const dataDir = path.join(root, label.replace(/\W+/g, '-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: opts.local ? localDir : dataDir, INGEST_CONCURRENCY: '4', MEDIA_BASE_URL: opts.local ? '/media' : s3.mediaBaseUrl }),
    s3: opts.local ? undefined : s3.options,
    worker: opts.viaJobs,
  };
  const database = await openDatabase();
  await migrateDatabase(database);
  await seedCategories(database);
  const s = createServices({ config, database, log: quiet });
  s.rewriter = s.offlineRewriter;
  const source = createDirectorySource({ dir: pages });
  s.sources.register({ kind: 'bundled', available: async () => source });
  // Through jobs, the variant jobs run beside the posts (as on a live site); straight through
  // the pipeline they wait and are made afterwards.
  if (opts.viaJobs) await startWorker(s);

  const started = performance.now();
  let posts = 0;
  for (const name of channels) {
    await database.db.insert(channelTable).values({ username: name, role: 'primary', cleaningRules: defaultCleaningRules(name) });
    const check = await checkChannel(s, source, (await channelRepo.byUsername(database.db, name))!, { maxPages: 10 });
    posts += check.toProcess.length;
    if (opts.viaJobs) await s.jobs.sendMany(ingestPostJob, check.toProcess.map((ref) => ({ ...ref, useAI: false })));
    else await runPool(check.toProcess, config.ingestConcurrency, (ref) => ingestPost(s, ref, { source, useAI: false }));
  }
  const settled = async () => (await database.raw.query<{ n: number }>("select count(*)::int as n from telegram_posts where state in ('published', 'ignored', 'failed')")).rows[0].n;
  while (opts.viaJobs && (await settled()) < posts) await sleep(20);
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await database.raw.query<{ articles: number; images: number }>(
    'select (select count(*)::int from articles) as articles, (select count(*)::int from media_assets where watermarked) as images');
  const imageKeys = (await listKeys('media/')).filter((k) => /\d+-(?:image|thumb|preview)\.(?:jpe?g|png|webp)$/.test(k));
  const originals = (await listKeys('originals/')).length;

  // The variants: five per picture, by the image-variants job.
  if (!opts.viaJobs && !INGEST_ONLY) await startWorker(s);
  const variantsWanted = imageKeys.length * 5;
  const variantCount = async () => (await listKeys('media/')).filter((k) => /\.w\d+\.webp$/.test(k)).length;
  while (!INGEST_ONLY && (await variantCount()) < variantsWanted) await sleep(200);
  const variantSeconds = (performance.now() - started) / 1000;

  await s.jobs.stop();
  await database.close();
  await s3.close();
  return {
    label, posts, articles: rows[0].articles, watermarked: rows[0].images, stored: imageKeys.length, originals,
    seconds: Math.round(seconds * 100) / 100, perSecond: Math.round((posts / seconds) * 10) / 10,
    variantSeconds: Math.round(variantSeconds * 100) / 100, variants: variantsWanted,
  };
}

console.log(`\nIngest throughput with S3 storage (local s3rver), ${COPIES} × 45 posts, PGlite in memory, INGEST_CONCURRENCY=4, ${os.cpus().length} cores, ${new Date().toISOString()}\n`);
console.log('| path | posts | articles | watermarked images | pictures stored | originals stored | seconds | posts/s | all variants made after (s) |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
// Each row as soon as its run ends.
for (const [label, opts] of [
  ['offline, pipeline, local disk', { viaJobs: false, local: true }],
  ['offline, pipeline, S3', { viaJobs: false }],
  ['offline, pg-boss jobs, S3', { viaJobs: true }],
] as const) {
  const r = await run(label, opts);
  console.log(`| ${r.label} | ${r.posts} | ${r.articles} | ${r.watermarked} | ${r.stored} | ${r.originals} | ${r.seconds} | ${r.perSecond} | ${INGEST_ONLY ? '—' : `${r.variantSeconds} (${r.variants})`} |`);
}
await rm(root, { recursive: true, force: true });
process.exit(0);
