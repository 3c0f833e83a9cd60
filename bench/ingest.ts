// Ingest throughput: posts per second through the whole pipeline — channel pages parsed,
// posts stored, normalised, filtered, rewritten, pictures watermarked and stored, articles
// written — offline (rule-based rewriter) and with an OpenAI-compatible endpoint that
// answers at once, each straight through the pipeline and through the pg-boss jobs.
// The channel is the demo newsroom copied N times under other names, each copy past the first
// reworded (bench/ingest-setup.ts): 45 posts, one picture each, one album.
//   npx tsx bench/ingest.ts [copies=6]
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { createAiRewriter } from '../apps/server/src/integrations/ai/index.ts';
import { buildBenchChannels, startIngestRun } from './ingest-setup.ts';

const COPIES = Number(process.argv[2] ?? 6);
const root = await mkdtemp(path.join(os.tmpdir(), 'chapar-bench-ingest-'));
const pages = path.join(root, 'pages');
const channels = await buildBenchChannels(pages, COPIES);

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
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, INGEST_CONCURRENCY: '4' });
  const rewriter = opts.useAI ? createAiRewriter({ baseUrl: aiBaseUrl, apiKey: 'bench', model: 'bench', maxRetries: 0 }) : undefined;
  const ingest = await startIngestRun(pages, config, { viaJobs: opts.viaJobs, rewriter });
  const started = performance.now();
  const posts = await ingest.ingest(channels, { useAI: opts.useAI });
  const seconds = (performance.now() - started) / 1000;
  const { articles, images } = await ingest.counts();
  await ingest.close();
  return { label, posts, articles, watermarked: images, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round((posts / seconds) * 10) / 10 };
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
