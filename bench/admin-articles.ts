// The admin articles table over 100,000 articles (issue: search, sort and paging < 100 ms).
// Builds a PGlite database in a temp dir (or uses BENCH_DATABASE_URL), fills it with generated
// Persian articles (some unpublished), signs in as an admin and times GET /api/admin/articles
// through the app: every order both ways on the first, second, a middle and the last page,
// each status filter, and searches for common words, rare names, parts of title words,
// Telegram ids and words that no article has, with sorts.
//   npx tsx bench/admin-articles.ts [count=100000]
// BENCH_ADMIN_DIR=<dir> keeps the PGlite corpus for the next run; BENCH_SEED_ONLY=1 only builds it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { articles, migrateDatabase, openDatabase } from '@chapar/db';
import { seedCategories } from '@chapar/db/seed';
import { normalizePersian, slugify } from '@chapar/shared/text';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { ensureInitialAdmin } from '../apps/server/src/modules/auth/service.ts';
import { seededRandom } from '../apps/server/testing/seeded-random.ts';
import { demoVocabulary, zipfPicker } from './corpus-words.ts';

const COUNT = Number(process.argv[2] ?? 100_000);
const CATEGORIES = ['Politics', 'Economy', 'Technology', 'Health', 'Culture', 'Sports'];
const SORTS = ['publishedAt', 'title', 'views', 'category'] as const;

// A deterministic generator, so every run reads the same corpus.
const rand = seededRandom(7);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

const vocabulary = demoVocabulary();
// Zipf-distributed words, as in real text: a few are in nearly every article, most are rare.
const zipfWord = zipfPicker(vocabulary, rand);
const sentence = (n: number) => Array.from({ length: n }, zipfWord).join(' ');
// Proper nouns (people, places) from Persian syllables: the long tail editors search for.
const SYLLABLES = ['به', 'را', 'مه', 'سا', 'ری', 'نو', 'دا', 'کا', 'لا', 'شا', 'پر', 'گل', 'زا', 'مو', 'تی', 'سر', 'فر', 'نا', 'وی', 'هو', 'بو', 'دی', 'ما', 'سی'];
const SUFFIXES = ['', 'آباد', 'ان', 'ی', 'ستان', 'گاه', 'زاده'];
const entities = [...new Set(Array.from({ length: 30_000 }, () => `${pick(SYLLABLES)}${pick(SYLLABLES)}${rand() < 0.5 ? pick(SYLLABLES) : ''}${pick(SUFFIXES)}`))];
const entity = () => entities[Math.floor(rand() ** 2 * entities.length)];

// BENCH_ADMIN_DIR keeps the generated corpus between runs (it is reused when present).
const dataDir = process.env.BENCH_ADMIN_DIR ?? mkdtempSync(path.join(tmpdir(), 'chapar-admin-bench-'));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
await migrateDatabase(database);
await seedCategories(database);
await ensureInitialAdmin(database.db, { username: 'bench', password: 'bench-password-long-enough' });

const existing = Number((await database.raw.query<{ n: number }>('select count(*)::int as n from articles')).rows[0].n);
console.log(`vocabulary: ${vocabulary.length} words; inserting ${COUNT - existing} articles…`);
const t0 = performance.now();
const now = Date.now();
const titleWords: string[] = [];
for (let i = existing; i < COUNT; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => {
    const title = `${sentence(5 + Math.floor(rand() * 5))} ${entity()}`;
    const excerpt = sentence(20);
    const body = `${sentence(80)} ${entity()} ${sentence(80)} ${entity()}`;
    const keywords = [entity(), pick(vocabulary)].join(',');
    // One in fifty is off the site: deleted at its source, or taken down by an editor.
    const unpublished = rand() < 0.02;
    return {
      title, excerpt, keywords, slug: slugify(title),
      content: `<p>${body}</p>`,
      category: pick(CATEGORIES),
      views: Math.floor(rand() * 5000),
      publishedAt: new Date(now - Math.floor(rand() * 365 * 86_400_000)),
      status: unpublished ? 'unpublished' : 'published',
      unpublishedReason: unpublished ? 'پست در کانال تلگرام حذف شده است' : null,
      searchTitle: normalizePersian(title),
      searchBody: normalizePersian(`${excerpt} ${body} ${keywords.replaceAll(',', ' ')}`),
      telegramId: 10_000 + i + j,
      source: 'bench_channel',
    };
  });
  await database.db.insert(articles).values(batch);
}
await database.raw.exec('VACUUM ANALYZE articles');
console.log(`inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
for (const { title } of (await database.raw.query<{ title: string }>('select title from articles order by id limit 200')).rows) {
  titleWords.push(...normalizePersian(title).split(' ').filter((w) => w.length >= 5));
}

if (process.env.BENCH_SEED_ONLY) {
  await database.close();
  process.exit(0);
}

const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO_CONTENT: 'false' }), dataDir: 'memory://', readCacheTtlMs: 0 };
const app = await buildApp({ config, database, ssr: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'bench', password: 'bench-password-long-enough' } });
if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

type Kind = 'browse' | 'status' | 'search';
const cases: Array<{ kind: Kind; query: Record<string, string> }> = [];
const lastPage = Math.ceil(COUNT / 20);
for (const sortBy of SORTS) {
  for (const sortOrder of ['desc', 'asc']) {
    for (const page of [1, 2, 3, 50, Math.floor(lastPage / 2), lastPage]) cases.push({ kind: 'browse', query: { sortBy, sortOrder, page: String(page) } });
  }
}
for (const status of ['published', 'unpublished', 'all']) {
  for (const sortBy of SORTS) cases.push({ kind: 'status', query: { status, sortBy, sortOrder: pick(['asc', 'desc']), page: String(1 + Math.floor(rand() * 3)) } });
}
const searches = [
  ...vocabulary.slice(0, 10), // the most common words: in most articles
  ...Array.from({ length: 20 }, () => pick(vocabulary)),
  ...Array.from({ length: 20 }, entity),
  ...Array.from({ length: 15 }, () => { const w = pick(titleWords); return w.slice(1, 1 + Math.min(4, w.length - 1)); }), // part of a title word
  ...Array.from({ length: 10 }, () => `${pick(vocabulary)} ${entity()}`),
  ...Array.from({ length: 10 }, () => String(10_000 + Math.floor(rand() * COUNT))), // Telegram ids
  ...Array.from({ length: 5 }, () => `${pick(vocabulary)}ژژ`), // nothing matches
];
for (const [i, search] of searches.entries()) {
  cases.push({ kind: 'search', query: { search, sortBy: SORTS[i % 4], sortOrder: i % 2 ? 'asc' : 'desc', page: String(1 + (i % 3)), status: i % 5 === 0 ? 'published' : 'all' } });
}

const run = async () => {
  const byKind = new Map<Kind, number[]>();
  const slowest: Array<[number, string]> = [];
  for (const { kind, query } of cases) {
    const url = `/api/admin/articles?${new URLSearchParams(query)}`;
    const t = performance.now();
    const res = await app.inject({ url, headers: { cookie } });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    const total = (res.json() as { pagination: { total: number } }).pagination.total;
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    slowest.push([ms, `${decodeURIComponent(url)} → ${total}`]);
  }
  return { byKind, slowest };
};
const first = await run();
const second = await run();
console.log(`\n| corpus | database | pass | requests | p50 ms | p95 ms | max ms |\n|---:|---|---|---|---:|---:|---:|`);
for (const [name, { byKind }] of [['first', first], ['second', second]] as const) {
  for (const [kind, times] of [...byKind, ['all', [...byKind.values()].flat()] as const]) {
    const sorted = [...times].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
    console.log(`| ${COUNT} | ${database.kind} | ${name} | ${kind} (${sorted.length}) | ${q(0.5)} | ${q(0.95)} | ${sorted[sorted.length - 1].toFixed(1)} |`);
  }
}
const worst = Number(process.env.BENCH_VERBOSE ?? 10);
for (const [ms, url] of second.slowest.sort((a, b) => b[0] - a[0]).slice(0, worst)) console.log(`${ms.toFixed(1)} ms  ${url}`);
await app.close();
await database.close();
