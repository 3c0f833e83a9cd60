// Ingest throughput with media in an S3-compatible bucket: the whole pipeline as in
// bench/ingest.ts (channel pages parsed, posts rewritten offline, every picture watermarked),
// with every file (marked copy and private original) uploaded to a local S3 server (s3rver,
// started here on a free port, in a child process as a bucket service runs apart from the app)
// through the AWS SDK. Then the responsive variants (five WebP widths per picture, the
// image-variants job) are made by a worker, timed apart. The first row
// is the same run on the local disk, for comparison on the same machine at the same time.
// The channel is the demo newsroom copied N times under other names (45 posts, one picture each).
//   npx tsx bench/ingest-s3.ts [copies=6] [ingest-only]
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../apps/server/src/config.ts';
import { startWorker } from '../apps/server/src/jobs/registry.ts';
import { startS3Server } from '../apps/server/testing/s3-server.ts';
import { buildBenchChannels, startIngestRun } from './ingest-setup.ts';

const COPIES = Number(process.argv[2] ?? 6);
/** `ingest-only`: skip waiting for the variants (the throughput figure alone). */
const INGEST_ONLY = process.argv[3] === 'ingest-only';
const root = await mkdtemp(path.join(os.tmpdir(), 'chapar-bench-ingest-s3-'));
const pages = path.join(root, 'pages');
const channels = await buildBenchChannels(pages, COPIES);

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
  };
  const ingest = await startIngestRun(pages, config, { viaJobs: opts.viaJobs });
  // Through jobs, the variant jobs run beside the posts (as on a live site); straight through
  // the pipeline they wait and are made afterwards.
  const started = performance.now();
  const posts = await ingest.ingest(channels, { useAI: false });
  const seconds = (performance.now() - started) / 1000;
  const counts = await ingest.counts();
  const imageKeys = (await listKeys('media/')).filter((k) => /\d+-(?:image|thumb|preview)\.(?:jpe?g|png|webp)$/.test(k));
  const originals = (await listKeys('originals/')).length;

  // The variants: five per picture, by the image-variants job.
  if (!opts.viaJobs && !INGEST_ONLY) await startWorker(ingest.services);
  const variantsWanted = imageKeys.length * 5;
  const variantCount = async () => (await listKeys('media/')).filter((k) => /\.w\d+\.webp$/.test(k)).length;
  while (!INGEST_ONLY && (await variantCount()) < variantsWanted) await sleep(200);
  const variantSeconds = (performance.now() - started) / 1000;

  await ingest.close();
  await s3.close();
  return {
    label, posts, articles: counts.articles, watermarked: counts.images, stored: imageKeys.length, originals,
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
