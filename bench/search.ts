// Search API latency over 100,000 generated Persian articles (issue: p95 ≤ 50 ms).
// Builds a PGlite database in a temp dir (or uses BENCH_DATABASE_URL), fills it with articles
// made from the demo texts' vocabulary, then times GET /api/search/advanced through the app
// with the read cache off, over a mix of one-, two- and three-word queries, filters and sorts.
//   npx tsx bench/search.ts [count=100000]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { articles, migrateDatabase, openDatabase } from '@chapar/db';
import { seedCategories } from '@chapar/db/seed';
import { normalizePersian, slugify } from '@chapar/shared/text';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seededRandom } from '../apps/server/testing/seeded-random.ts';
import { demoVocabulary, zipfPicker } from './corpus-words.ts';

const COUNT = Number(process.argv[2] ?? 100_000);
const QUERIES = 300;
const CATEGORIES = ['Politics', 'Economy', 'Technology', 'Health', 'Culture', 'Sports'];

// A deterministic generator, so every run searches the same corpus.
const rand = seededRandom(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

const vocabulary = demoVocabulary();
// Words in text follow Zipf's law, as in real news: a few are everywhere, most are rare.
const zipfWord = zipfPicker(vocabulary, rand);
const sentence = (n: number) => Array.from({ length: n }, zipfWord).join(' ');
// Real news has a long tail the demo texts lack: people, places, organisations. Synthetic
// proper nouns from Persian syllables give every article a few, again Zipf-distributed.
const SYLLABLES = ['به', 'را', 'مه', 'سا', 'ری', 'نو', 'دا', 'کا', 'لا', 'شا', 'پر', 'گل', 'زا', 'مو', 'تی', 'سر', 'فر', 'نا', 'وی', 'هو', 'بو', 'دی', 'ما', 'سی'];
const SUFFIXES = ['', 'آباد', 'ان', 'ی', 'ستان', 'گاه', 'زاده'];
const entities = [...new Set(Array.from({ length: 30_000 }, () =>
  `${pick(SYLLABLES)}${pick(SYLLABLES)}${rand() < 0.5 ? pick(SYLLABLES) : ''}${pick(SUFFIXES)}`))];
const entityCumulative: number[] = [];
entities.reduce((sum, _e, rank) => { entityCumulative.push(sum + 1 / (rank + 1) ** 0.8); return sum + 1 / (rank + 1) ** 0.8; }, 0);
const entity = () => {
  const x = rand() * entityCumulative[entityCumulative.length - 1];
  let lo = 0;
  let hi = entityCumulative.length - 1;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (entityCumulative[mid] < x) lo = mid + 1; else hi = mid; }
  return entities[lo];
};
const withEntities = (text: string, n: number) => `${text} ${Array.from({ length: n }, entity).join(' ')}`;

// BENCH_SEARCH_DIR keeps the generated corpus between runs (it is reused when present).
const dataDir = process.env.BENCH_SEARCH_DIR ?? mkdtempSync(path.join(tmpdir(), 'chapar-search-bench-'));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
await migrateDatabase(database);
await seedCategories(database);

const existing = Number((await database.raw.query<{ n: number }>('select count(*)::int as n from articles')).rows[0].n);
console.log(`vocabulary: ${vocabulary.length} words; inserting ${COUNT - existing} articles…`);
const t0 = performance.now();
const now = Date.now();
// Two-word queries are taken from real titles, as readers search for what was in the news.
const titlePairs: string[] = [];
for (let i = existing; i < COUNT; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => {
    const title = withEntities(sentence(5 + Math.floor(rand() * 5)), 1);
    if (titlePairs.length < 1000 && rand() < 0.05) {
      const words = title.split(' ');
      titlePairs.push(`${words[words.length - 1]} ${words[Math.floor(rand() * (words.length - 1))]}`);
    }
    const excerpt = sentence(20);
    const body = withEntities(`${sentence(80)} ${sentence(80)}`, 4);
    const keywords = [entity(), pick(vocabulary), pick(vocabulary)].join(',');
    return {
      title, excerpt, keywords, slug: slugify(title),
      content: `<p>${body}</p>`,
      category: pick(CATEGORIES),
      views: Math.floor(rand() * 5000),
      publishedAt: new Date(now - Math.floor(rand() * 365 * 86_400_000)),
      searchTitle: normalizePersian(title),
      searchBody: normalizePersian(`${excerpt} ${body} ${keywords.replaceAll(',', ' ')}`),
      telegramId: i + j,
      source: 'bench',
    };
  });
  await database.db.insert(articles).values(batch);
}
await database.raw.exec('VACUUM ANALYZE articles');
console.log(`inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO_CONTENT: 'false' }), dataDir: 'memory://', readCacheTtlMs: 0 };
const app = await buildApp({ config, database, ssr: false });
await app.ready();

// What readers type: a name, a topic word, or a name with a word.
const queryText = (i: number) => (i % 3 === 0 ? entity() : i % 3 === 1 || !titlePairs.length ? pick(vocabulary) : pick(titlePairs));
const urls = Array.from({ length: QUERIES }, (_, i) => {
  const words = queryText(i);
  const params = new URLSearchParams({ q: words });
  if (i % 4 === 1) params.set('category', pick(CATEGORIES));
  if (i % 5 === 2) params.set('date', pick(['today', 'week', 'month', '3months']));
  if (i % 3 === 0) params.set('sort', pick(['date', 'views']));
  return `/api/search/advanced?${params}`;
});
// Typos: the fuzzy path runs when full-text finds nothing.
for (let i = 0; i < 30; i++) urls.push(`/api/search/advanced?q=${encodeURIComponent(`${pick(vocabulary)}ز`)}`);

// Two passes over the same queries: the first meets caches the corpus has left (this machine
// hands idle page cache back quickly), the second the working set a busy site keeps warm.
const pass = async () => {
  const times: number[] = [];
  const slowest: Array<[number, string]> = [];
  let hits = 0;
  for (const url of urls) {
    const t = performance.now();
    const res = await app.inject({ url });
    const ms = performance.now() - t;
    times.push(ms);
    slowest.push([ms, `${decodeURIComponent(url)} → ${(res.json() as { total: number; mode: string }).mode}`]);
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    if ((res.json() as { total: number }).total > 0) hits++;
  }
  times.sort((a, b) => a - b);
  return { times, slowest, hits };
};
const first = await pass();
const second = await pass();
console.log(`\n| corpus | database | pass | queries | with results | p50 ms | p95 ms | p99 ms | max ms |\n|---:|---|---|---:|---:|---:|---:|---:|---:|`);
for (const [name, { times, hits }] of [['first', first], ['second', second]] as const) {
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`| ${COUNT} | ${database.kind} | ${name} | ${times.length} | ${hits} | ${q(0.5)} | ${q(0.95)} | ${q(0.99)} | ${times[times.length - 1].toFixed(1)} |`);
}
if (process.env.BENCH_VERBOSE) for (const [ms, url] of second.slowest.sort((a, b) => b[0] - a[0]).slice(0, Number(process.env.BENCH_VERBOSE) || 12)) console.log(`${ms.toFixed(1)} ms  ${url}`);
await app.close();
await database.close();
