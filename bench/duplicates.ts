// The duplicate detector: its quality on the labelled set and on short posts repeating a
// report's lead, and its speed at 10,000, 30,000 and 100,000 articles (full scan ≤ 10 s at
// 100,000, growing about linearly; a single check p95 ≤ 50 ms at 100,000), a short post's too.
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
import { clearlyDifferent, comparePair, type Signature } from '../apps/server/src/modules/duplicates/compare.ts';
import { findMatches, scanAll, type DetectorDeps } from '../apps/server/src/modules/duplicates/detector.ts';
import { refreshStale } from '../apps/server/src/modules/duplicates/index-repo.ts';
import { articleBands, buildSignature, leadQueryBands, signatureBands } from '../apps/server/src/modules/duplicates/signature.ts';
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

// 1b. Short posts repeating a report's lead: its first sentence, the copy's first one or two
// sentences (reworded), against the report as it is and lengthened to about 250 and 600 words
// with sentences of the corpus's words; another event's first one or two sentences are not
// duplicates. Found as findMatches finds them: a shared band that passes the screen, or a lead band.
const sentencesOf = (body: string) => body.split('\n\n')[1].split(/(?<=\.)\s+/).filter(Boolean);
const post = (text: string) => `🔴 ${text}\n\n🆔 @khabar_fori`;
// The filler (and the short posts below) has random numbers of its own, so the timed corpus stays as it was.
const fillRand = seededRandom(11);
const fillZipf = zipfPicker(vocabulary, fillRand);
const fillWords = (n: number) => Array.from({ length: n }, () => (fillRand() < 0.5 ? fillZipf() : lexicon[Math.floor(fillRand() ** 3 * lexicon.length)])).join(' ');
const filler = () => `${fillWords(22)}.`;
const meets = (short: Signature, long: Signature) => {
  const bands = new Set(articleBands(long));
  return (signatureBands(short).some((x) => bands.has(x)) && !clearlyDifferent(short, long, 0.2, false)) || leadQueryBands(short).some((x) => bands.has(x));
};
for (const fillers of [0, 8, 24]) {
  const short = { tp: 0, fp: 0, fn: 0, tn: 0 };
  let words = 0;
  for (const pair of set) {
    const body = `${pair.a.body} ${Array.from({ length: fillers }, filler).join(' ')}`;
    const long = buildSignature({ id: 1, title: pair.a.title, body });
    words += long.wordCount;
    const copy = sentencesOf(pair.b.body);
    const texts = pair.duplicate ? [sentencesOf(pair.a.body)[0], copy[0], copy.slice(0, 2).join(' ')] : [copy[0], copy.slice(0, 2).join(' ')];
    for (const text of texts) {
      const sig = buildSignature({ id: 2, body: post(text) });
      const found = meets(sig, long) && comparePair(sig, long).isDuplicate;
      if (found && pair.duplicate) short.tp++; else if (found) short.fp++; else if (pair.duplicate) short.fn++; else short.tn++;
    }
  }
  console.log(`short posts repeating the lead of a report${fillers ? `, lengthened to ${Math.round(words / set.length)} content words on average` : ''}: ${short.tp + short.fn} duplicates, ${short.fp + short.tn} other events`);
  console.log(`  precision ${short.tp + short.fp ? (short.tp / (short.tp + short.fp)).toFixed(3) : '-'}  recall ${(short.tp / (short.tp + short.fn)).toFixed(3)}  (tp ${short.tp}, fp ${short.fp}, fn ${short.fn}, tn ${short.tn})`);
}

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

/** A second channel's short post: the article's headline and first sentence, every seventh word dropped. */
function leadPost(source: { title: string; content: string }): string {
  const first = stripHtml(source.content).split('. ')[0];
  return `🔴 ${source.title}\n\n${first.split(' ').filter((_, k) => k % 7 !== 3).join(' ')}.\n\n🆔 @khabar_fori`;
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
  const { rows: [bandTable] } = await database.raw.query<{ rows: number; mb: number }>(
    "SELECT count(*)::int AS rows, round(pg_total_relation_size('duplicate_bands') / 1e6)::int AS mb FROM duplicate_bands");
  const scans: number[] = [];
  let found = 0;
  let near = 0;
  let candidates = 0;
  for (let run = 0; run < 2; run++) {
    const s0 = performance.now();
    const result = await scanAll(deps, process.env.DUP_TRACE ? (step, pct, line) => console.log(step, pct, line, (performance.now() - s0).toFixed(0)) : undefined);
    scans.push(performance.now() - s0);
    found = result.pairs.length;
    near = result.undecided.length;
    candidates = result.candidatePairs;
  }
  // Single checks: half are reworded copies of stored articles, half new stories; then short
  // posts, half a stored article's lead (a word dropped), half a new story's lead.
  const times: number[] = [];
  let hits = 0;
  let falseHits = 0;
  for (let k = 0; k < CHECKS; k++) {
    const story = k % 2 === 0 ? reworded(made[Math.floor(rand() * made.length)]) : article(size * 3 + k);
    const sig = buildSignature({ id: 0, title: story.title, body: story.content, html: true });
    const c0 = performance.now();
    const matches = await findMatches(deps, sig, { text: { title: story.title, text: stripHtml(story.content) } });
    times.push(performance.now() - c0);
    if (k % 2 === 0 && matches[0]?.isDuplicate) hits++;
    if (k % 2 === 1 && matches[0]?.isDuplicate) falseHits++;
  }
  const shortTimes: number[] = [];
  let leadHits = 0;
  let leadFalse = 0;
  for (let k = 0; k < CHECKS; k++) {
    const source = k % 2 === 0 ? made[Math.floor(fillRand() * made.length)] : { title: fillWords(7), content: `<p>${fillWords(26)} ${Math.floor(fillRand() * 5000)}. ${filler()}</p>` };
    const text = leadPost(source);
    const sig = buildSignature({ id: 0, body: text });
    const c0 = performance.now();
    const matches = await findMatches(deps, sig, { text: { title: sig.title, text } });
    shortTimes.push(performance.now() - c0);
    if (matches[0]?.isDuplicate) { if (k % 2 === 0) leadHits++; else leadFalse++; }
  }
  const line = `${size.toLocaleString('en')} articles: index built in ${(indexMs / 1000).toFixed(1)} s (${indexed} signatures, ${bandTable.rows.toLocaleString('en')} bands, ${bandTable.mb} MB); full scan ${(scans[0] / 1000).toFixed(2)} s cold, ${(scans[1] / 1000).toFixed(2)} s with the signatures already read (${candidates} candidate pairs, ${found} duplicate pairs, ${near} near pairs listed for an editor); single check p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; reworded copies found ${hits}/${CHECKS / 2}, new stories called duplicates ${falseHits}/${CHECKS / 2}; short posts: p50 ${percentile(shortTimes, 50).toFixed(1)} ms, p95 ${percentile(shortTimes, 95).toFixed(1)} ms, leads found ${leadHits}/${CHECKS / 2}, new leads called duplicates ${leadFalse}/${CHECKS / 2}`;
  console.log(line);
  rows.push(line);
}
await database.close();
