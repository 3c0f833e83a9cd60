// The duplicate detector: its quality on the labelled set, and its speed at 10,000, 30,000
// and 100,000 articles (full scan ≤ 10 s at 100,000, growing about linearly; a single
// check p95 ≤ 50 ms at 100,000).
//   npx tsx bench/duplicates.ts [sizes=10000,30000,100000]
// Builds a PGlite database in a temp dir (or uses BENCH_DATABASE_URL). The corpus: articles of
// Zipf-distributed words from the demo texts with synthetic names and figures, plus the
// labelled set's stories and, every 500 articles, a second channel's reworded copy of an earlier one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '@chapar/db';
import { seedCategories } from '@chapar/db/seed';
import { stripHtml } from '@chapar/shared/text';
import { comparePair } from '../apps/server/src/modules/duplicates/compare.ts';
import { findMatches, scanAll, type DetectorDeps } from '../apps/server/src/modules/duplicates/detector.ts';
import { refreshStale } from '../apps/server/src/modules/duplicates/index-repo.ts';
import { buildSignature, signatureBands } from '../apps/server/src/modules/duplicates/signature.ts';
import { buildDuplicateSet, syntheticReport } from '../apps/server/testing/duplicate-set.ts';
import { seededRandom } from '../apps/server/testing/seeded-random.ts';
import { demoVocabulary, zipfPicker } from './corpus-words.ts';

const SIZES = (process.argv[2] ?? '10000,30000,100000').split(',').map(Number);
const CHECKS = 200;

// 1. Quality on the labelled set, through the index bands as a check finds candidates.
const set = buildDuplicateSet();
let tp = 0, fp = 0, fn = 0, tn = 0;
for (const pair of set) {
  const a = buildSignature({ id: 1, title: pair.a.title, body: pair.a.body });
  const b = buildSignature({ id: 2, body: pair.b.body });
  const bands = new Set(signatureBands(a));
  const found = signatureBands(b).some((x) => bands.has(x)) && comparePair(b, a).isDuplicate;
  if (found && pair.duplicate) tp++; else if (found) fp++; else if (pair.duplicate) fn++; else tn++;
}
console.log(`labelled set: ${set.filter((p) => p.duplicate).length} duplicate pairs, ${set.filter((p) => !p.duplicate).length} different-event pairs`);
console.log(`  precision ${(tp / (tp + fp)).toFixed(3)}  recall ${(tp / (tp + fn)).toFixed(3)}  (tp ${tp}, fp ${fp}, fn ${fn}, tn ${tn})`);

// 2. Speed.
const rand = seededRandom(7);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
const vocabulary = demoVocabulary();
const zipfWord = zipfPicker(vocabulary, rand);
// Real news has a long tail the demo texts lack: people, places, organisations and the rarer
// words of each story. A lexicon of 40,000 synthetic words, Zipf-distributed, supplies it:
// half the words of an article come from it, half from the demo texts' vocabulary.
const SYLLABLES = ['به', 'را', 'مه', 'سا', 'ری', 'نو', 'دا', 'کا', 'لا', 'شا', 'پر', 'گل', 'زا', 'مو', 'تی', 'سر', 'فر', 'نا', 'وی', 'هو', 'بو', 'دی', 'ما', 'سی'];
const lexicon = [...new Set(Array.from({ length: 60_000 }, () => `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}${rand() < 0.5 ? pick(SYLLABLES) : ''}`))].slice(0, 40_000);
const lexCumulative: number[] = [];
lexicon.reduce((sum, _w, rank) => { lexCumulative.push(sum + 1 / (rank + 1) ** 0.9); return sum + 1 / (rank + 1) ** 0.9; }, 0);
const lexWord = () => {
  const x = rand() * lexCumulative[lexCumulative.length - 1];
  let lo = 0;
  let hi = lexCumulative.length - 1;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (lexCumulative[mid] < x) lo = mid + 1; else hi = mid; }
  return lexicon[lo];
};
const word = () => (rand() < 0.5 ? zipfWord() : lexWord());
const name = () => `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
const sentence = (n: number) => `${Array.from({ length: n }, word).join(' ')} ${name()} ${Math.floor(rand() * 5000)}.`;

function article(i: number): { title: string; content: string } {
  if (i % 50 === 3) {
    const report = syntheticReport(i);
    return { title: report.title, content: `<p>${report.body.split('\n\n').slice(1).join('</p><p>')}</p>` };
  }
  const title = `${Array.from({ length: 6 }, word).join(' ')} ${name()}`;
  return { title, content: `<p>${sentence(25)} ${sentence(25)}</p><p>${sentence(30)} ${sentence(20)}</p>` };
}

/** A second channel's copy: sentences reversed, a word dropped here and there, a signature. */
function reworded(source: { title: string; content: string }): { title: string; content: string } {
  const sentences = stripHtml(source.content).split('. ').reverse();
  const text = sentences.map((s) => s.split(' ').filter((_, k) => k % 9 !== 4).join(' ')).join('. ');
  return { title: source.title.split(' ').reverse().join(' '), content: `<p>🔴 ${text} #خبر_فوری</p><p>🆔 @khabar_fori</p>` };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'chapar-dup-bench-'));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
await migrateDatabase(database);
await seedCategories(database);
const deps: DetectorDeps = { database, judge: null };
const made: Array<{ title: string; content: string }> = [];
const now = Date.now();

async function grow(to: number) {
  for (let i = made.length; i < to; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, to - i) }, (_, j) => {
      const n = i + j;
      const a = n % 500 === 499 && n > 1000 ? reworded(made[n - 1 - Math.floor(rand() * 900)]) : article(n);
      made.push(a);
      return a;
    });
    await database.raw.query(
      `INSERT INTO articles (title, content, excerpt, category, source, telegram_id, published_at, search_title, search_body)
       SELECT t, c, '', 'Politics', 'bench', id, to_timestamp(p), '', '' FROM unnest($1::text[], $2::text[], $3::int[], $4::float8[]) AS x(t, c, id, p)`,
      [batch.map((b) => b.title), batch.map((b) => b.content), batch.map((_, j) => i + j + 1), batch.map((_, j) => (now - (to - i - j) * 60_000) / 1000)]);
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const rows: string[] = [];
for (const size of SIZES) {
  await grow(size);
  const t0 = performance.now();
  const indexed = await refreshStale(database);
  const indexMs = performance.now() - t0;
  await database.raw.query('ANALYZE duplicate_bands');
  await database.raw.query('ANALYZE duplicate_signatures');
  const scans: number[] = [];
  let found = 0;
  let candidates = 0;
  for (let run = 0; run < 2; run++) {
    const s0 = performance.now();
    const result = await scanAll(deps, process.env.DUP_TRACE ? (step, pct, line) => console.log(step, pct, line, (performance.now() - s0).toFixed(0)) : undefined);
    scans.push(performance.now() - s0);
    found = result.pairs.length;
    candidates = result.candidatePairs;
  }
  // Single checks: half are reworded copies of stored articles, half new stories.
  const times: number[] = [];
  let hits = 0;
  for (let k = 0; k < CHECKS; k++) {
    const story = k % 2 === 0 ? reworded(made[Math.floor(rand() * made.length)]) : article(size * 3 + k);
    const sig = buildSignature({ id: 0, title: story.title, body: story.content, html: true });
    const c0 = performance.now();
    const matches = await findMatches(deps, sig, { text: { title: story.title, text: stripHtml(story.content) } });
    times.push(performance.now() - c0);
    if (k % 2 === 0 && matches[0]?.isDuplicate) hits++;
  }
  const line = `${size.toLocaleString('en')} articles: index built in ${(indexMs / 1000).toFixed(1)} s (${indexed} signatures); full scan ${(scans[0] / 1000).toFixed(2)} s cold, ${(scans[1] / 1000).toFixed(2)} s with the signatures already read (${candidates} candidate pairs, ${found} duplicate pairs); single check p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; reworded copies found ${hits}/${CHECKS / 2}`;
  console.log(line);
  rows.push(line);
}
await database.close();
