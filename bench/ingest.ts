// Ingest throughput: posts per second through the whole pipeline — channel pages parsed,
// posts stored, normalised, filtered, rewritten, pictures watermarked and stored, articles
// written — offline (rule-based rewriter) and with an OpenAI-compatible endpoint that
// answers at once, each straight through the pipeline and through the pg-boss jobs.
// The channel is the demo newsroom copied N times under other names (each copy's headlines
// marked, so no copy is a duplicate of another): 45 posts, one picture each, one album.
//   npx tsx bench/ingest.ts [copies=6]
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { channels as channelTable, migrateDatabase, openDatabase } from '@chapar/db';
import { seedCategories } from '@chapar/db/seed';
import { loadConfig } from '../apps/server/src/config.ts';
import { createAiRewriter } from '../apps/server/src/integrations/ai/index.ts';
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

const COPIES = Number(process.argv[2] ?? 6);
const root = await mkdtemp(path.join(os.tmpdir(), 'chapar-bench-ingest-'));
const pages = path.join(root, 'pages');
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

// ---- the channels
await buildDemoChannel(pages, new Date());
const channels = Array.from({ length: COPIES }, (_, k) => `bench_${k + 1}`);
for (const [k, name] of channels.entries()) {
  await cp(path.join(pages, DEMO_CHANNEL, 'media'), path.join(pages, name, 'media'), { recursive: true });
  for (const file of await readdir(path.join(pages, DEMO_CHANNEL))) {
    if (!file.endsWith('.html')) continue;
    const html = await readFile(path.join(pages, DEMO_CHANNEL, file), 'utf8');
    await writeFile(path.join(pages, name, file), html.replaceAll(DEMO_CHANNEL, name).replaceAll('</b><br/><br/>', ` (دوره ${k + 1})</b><br/><br/>`));
  }
}

// ---- an OpenAI-compatible endpoint that answers at once, keeping every line of the post
const ai = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { messages: Array<{ content: string }> };
    const post = body.messages[1].content.split('<<<\n')[1]?.split('\n>>>')[0] ?? '';
    const lines = post.split('\n').map((l) => l.trim()).filter(Boolean);
    const answer = {
      title: lines[0].slice(0, 100), excerpt: (lines[1] ?? lines[0]).slice(0, 200), content: lines.slice(1).map((l) => `<p>${l}</p>`).join(''),
      category: 'Politics', keywords: [], metaDescription: (lines[1] ?? lines[0]).slice(0, 140),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      id: 'x', object: 'chat.completion', created: 0, model: 'bench', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' }],
    }));
  });
});
await new Promise<void>((resolve) => ai.listen(0, '127.0.0.1', resolve));
const aiBaseUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;

// ---- one run: a fresh database and media directory, every channel checked and ingested
async function run(label: string, opts: { viaJobs: boolean; useAI: boolean }) {
  const dataDir = path.join(root, label.replace(/\W+/g, '-'));
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, INGEST_CONCURRENCY: '4' }), worker: opts.viaJobs };
  const database = await openDatabase();
  await migrateDatabase(database);
  await seedCategories(database);
  const s = createServices({ config, database, log: quiet });
  s.rewriter = opts.useAI ? createAiRewriter({ baseUrl: aiBaseUrl, apiKey: 'bench', model: 'bench', maxRetries: 0 }) : s.offlineRewriter;
  const source = createDirectorySource({ dir: pages });
  s.sources.register({ kind: 'bundled', available: async () => source });
  if (opts.viaJobs) await startWorker(s);

  const started = performance.now();
  let posts = 0;
  for (const name of channels) {
    await database.db.insert(channelTable).values({ username: name, role: 'primary', cleaningRules: defaultCleaningRules(name) });
    const check = await checkChannel(s, source, (await channelRepo.byUsername(database.db, name))!, { maxPages: 10 });
    posts += check.toProcess.length;
    if (opts.viaJobs) await s.jobs.sendMany(ingestPostJob, check.toProcess.map((ref) => ({ ...ref, useAI: opts.useAI })));
    else await runPool(check.toProcess, config.ingestConcurrency, (ref) => ingestPost(s, ref, { source, useAI: opts.useAI }));
  }
  const settled = async () => (await database.raw.query<{ n: number }>("select count(*)::int as n from telegram_posts where state in ('published', 'ignored', 'failed')")).rows[0].n;
  while (opts.viaJobs && (await settled()) < posts) await sleep(20);
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await database.raw.query<{ articles: number; images: number }>(
    'select (select count(*)::int from articles) as articles, (select count(*)::int from media_assets where watermarked) as images');
  await s.jobs.stop();
  await database.close();
  return { label, posts, articles: rows[0].articles, watermarked: rows[0].images, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round((posts / seconds) * 10) / 10 };
}

const results = [];
results.push(await run('offline, pipeline', { viaJobs: false, useAI: false }));
results.push(await run('offline, pg-boss jobs', { viaJobs: true, useAI: false }));
results.push(await run('AI (local endpoint), pipeline', { viaJobs: false, useAI: true }));
results.push(await run('AI (local endpoint), pg-boss jobs', { viaJobs: true, useAI: true }));
ai.close();
await rm(root, { recursive: true, force: true });

console.log(`\nIngest throughput, ${COPIES} × 45 posts, PGlite in memory, INGEST_CONCURRENCY=4, ${os.cpus().length} cores, ${new Date().toISOString()}\n`);
console.log('| path | posts | articles | watermarked images | seconds | posts/s |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.label} | ${r.posts} | ${r.articles} | ${r.watermarked} | ${r.seconds} | ${r.perSecond} |`);
