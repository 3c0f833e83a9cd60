// The one duplicate detector: ingestion, the single check and the full scan all ask it.
// A story's signature is matched against the index (shared LSH bands of its words, its
// images and its video; a short story also against the articles' leads), each candidate
// judged by every signal (compare.ts), and the borderline pairs put to the AI judge when
// one is configured.
import type { Database } from '@chapar/db';
import { stripHtml, toPersianDigits as fa } from '@chapar/shared/text';
import type { AiJudge, SameStoryVerdict } from '../../integrations/ai/judges.ts';
import { bandPairs } from './band-pairs.ts';
import { clearlyDifferent, comparePair, type PairAnalysis, type Screen, type Signature } from './compare.ts';
import { CONTAINED_BORDERLINE, CONTAINED_WITHIN_MS } from './containment.ts';
import { candidateIds, hasOutdated, leadPairs, loadAllScreens, loadScreens, loadSignatures, refreshStale, reindexOutdated } from './index-repo.ts';
import { leadQueryBands, signatureBands } from './signature.ts';

export interface DetectorDeps {
  database: Database;
  judge: AiJudge | null;
  log?: { warn(msg: string): void };
}

export interface Match {
  id: number;
  analysis: PairAnalysis;
  /** The AI judge's word on a borderline pair, when it was asked. */
  ai?: SameStoryVerdict;
  /** Decided: the AI's verdict where asked, else the signals'. */
  isDuplicate: boolean;
  score: number;
  /** A borderline pair the AI judge did not settle, and why: the signals decided it. */
  unjudged?: UndecidedWhy;
}

/** Candidates read from the index for one check. */
const CANDIDATES = 200;
/** Articles whose lead a short story may repeat, read besides them. */
const LEAD_CANDIDATES = 20;
/** Borderline pairs one check puts to the AI judge (the most similar first). */
const AI_PER_CHECK = 3;
/** Borderline pairs one scan puts to the AI judge. */
export const AI_PER_SCAN = 20;
/** Undecided pairs a scan lists, the likeliest first. */
export const UNDECIDED_LIMIT = 50;
/** A band shared by more articles than this says nothing (a stock phrase, a logo). */
const BUCKET_CAP = 20;

async function storyText(database: Database, id: number): Promise<{ title: string; text: string } | null> {
  const { rows } = await database.raw.query<{ title: string; content: string }>('SELECT title, content FROM articles WHERE id = $1', [id]);
  return rows[0] ? { title: rows[0].title, text: stripHtml(rows[0].content) } : null;
}

/** The judge's verdict; undefined without a judge or the other story, 'failed' when it did not answer. */
async function askJudge(deps: DetectorDeps, a: { title: string; text: string }, bId: number): Promise<SameStoryVerdict | 'failed' | undefined> {
  if (!deps.judge) return undefined;
  const b = await storyText(deps.database, bId);
  if (!b) return undefined;
  try {
    return await deps.judge.sameStory(a, b);
  } catch (error) {
    deps.log?.warn(`duplicate check: AI judge unavailable (${(error as Error).message})`);
    return 'failed';
  }
}

/** A pair's reasons; when the AI judge decided, its verdict is the rule named first. */
export function matchReasons(analysis: PairAnalysis, ai: SameStoryVerdict | undefined): string[] {
  if (!ai) return analysis.reasons;
  const verdict = `قاعدهٔ تصمیم: داوری هوش مصنوعی (${ai.duplicate ? 'یک خبر' : 'دو خبر جدا'})${ai.reason ? `: ${ai.reason}` : ''}`;
  return [verdict, ...analysis.reasons.slice(1)];
}

function decide(analysis: PairAnalysis, ai: SameStoryVerdict | undefined): { isDuplicate: boolean; score: number } {
  if (!ai) return { isDuplicate: analysis.isDuplicate, score: analysis.score };
  return { isDuplicate: ai.duplicate, score: ai.duplicate ? Math.max(analysis.score, 0.6, ai.confidence) : Math.min(analysis.score, 0.59, 1 - ai.confidence) };
}

/**
 * The articles a story repeats or resembles, duplicates first, then by decision score.
 * `text` is the story itself, for the AI judge; `exclude` the story's own article, if it has one.
 */
export async function findMatches(deps: DetectorDeps, signature: Signature, opts: { text: { title: string; text: string }; exclude?: number[] }): Promise<Match[]> {
  await refreshStale(deps.database);
  const kept = (id: number) => !opts.exclude?.includes(id);
  // A short post repeating an article's lead shares too few of the article's words to meet it
  // in the text bands: it is looked up among the leads too, and those are compared without the screen.
  const [ids, leads] = (await Promise.all([
    candidateIds(deps.database, signatureBands(signature), CANDIDATES),
    candidateIds(deps.database, leadQueryBands(signature), LEAD_CANDIDATES, {
      skipFullBands: true, activeAround: { around: signature.publishedAt, withinMs: CONTAINED_WITHIN_MS },
    }),
  ])).map((list) => list.filter(kept));
  // Screened by their content hash and media first; only those that pass are read in full.
  const passing = (await loadScreens(deps.database, ids)).filter((c) => !clearlyDifferent(signature, c, 0.2, false)).map((c) => c.id);
  const screened = new Set(passing);
  const candidates = (await loadSignatures(deps.database, [...new Set([...passing, ...leads])])).filter((c) => c.active);
  // Every candidate compared is kept, however weak: the nearest tells how sure a 'not a duplicate' is.
  // A lead's article holding under half the story is dropped, as the screen drops the clearly different.
  const analysed = candidates.map((c) => ({ id: c.id, analysis: comparePair(signature, c) }))
    .filter((m) => screened.has(m.id) || m.analysis.isDuplicate || m.analysis.borderline || (m.analysis.containment ?? 0) >= 0.5)
    .sort((x, y) => y.analysis.score - x.analysis.score);
  const matches: Match[] = [];
  let asked = 0;
  // A judge that did not answer is not asked again in this check: each try would wait out its timeout.
  let judgeDown = false;
  for (const m of analysed) {
    if (!m.analysis.borderline) {
      matches.push({ ...m, ...decide(m.analysis, undefined) });
      continue;
    }
    const skipped: UndecidedWhy | undefined = !deps.judge ? 'no_judge' : judgeDown ? 'judge_failed' : asked >= AI_PER_CHECK ? 'judge_cap' : undefined;
    const answer = skipped ? undefined : await askJudge(deps, opts.text, m.id);
    if (deps.judge) asked++;
    if (answer === 'failed') judgeDown = true;
    const ai = answer === 'failed' ? undefined : answer;
    const unjudged = skipped ?? (answer === 'failed' ? 'judge_failed' : undefined);
    matches.push({ ...m, ai, ...decide(m.analysis, ai), ...(unjudged && { unjudged }) });
  }
  return matches.sort((x, y) => Number(y.isDuplicate) - Number(x.isDuplicate) || y.score - x.score);
}

export interface ScanPair {
  original: Signature;
  duplicate: Signature;
  analysis: PairAnalysis;
  ai?: SameStoryVerdict;
  score: number;
}

/** Why a borderline pair was left to the editor: no judge, the judge did not answer, or past the scan's share of the judge. */
export type UndecidedWhy = 'no_judge' | 'judge_failed' | 'judge_cap';

/** A borderline pair nothing decided: listed for the editor to read, never called a duplicate. */
export interface UndecidedPair extends ScanPair {
  why: UndecidedWhy;
}

export interface ScanProgress {
  (step: 'index' | 'load' | 'compare' | 'judge', percent: number, line?: string): Promise<void> | void;
}

/** Every duplicate pair among the active articles; the older of a pair is the original (of a story and its repeated lead, the story). */
export async function scanAll(deps: DetectorDeps, progress: ScanProgress = () => undefined): Promise<{ total: number; pairs: ScanPair[]; undecided: UndecidedPair[]; candidatePairs: number }> {
  // A scan compares every pair, so it brings every article up to this detector's index first.
  const upgraded = await hasOutdated(deps.database) ? await reindexOutdated(deps.database, (done) => progress('index', 5, `${fa(done)} امضا به‌روز شد`)) : 0;
  const refreshed = upgraded + await refreshStale(deps.database, (done) => progress('index', 5, `${fa(upgraded + done)} امضا به‌روز شد`));
  if (refreshed) await progress('index', 10, `نمایه برای ${fa(refreshed)} مقاله به‌روز شد`);
  const screens = await loadAllScreens(deps.database);
  await progress('load', 30, `${fa(screens.length)} مقاله خوانده شد`);

  // Without a judge nothing can call the least similar borderline pairs duplicates: they are not
  // compared in full, and the editor is shown the nearer ones (a scan lists only the likeliest).
  const screened = screenCandidates(screens, deps.judge ? 0.2 : 0.28);
  const { survivors, bands } = screened;
  // A short article repeating another's lead shares too few of its words to meet it in the
  // text bands: it is paired through the leads' bands. Those pairs skip the screen, so they
  // count only for how much of the short one the other contains.
  const screenedPairs = survivors.length;
  const n = screens.length;
  const index = new Map(screens.map((screen, i) => [screen.id, i]));
  const known = new Set(survivors.map(([i, j]) => i * n + j));
  let added = 0;
  for (const [story, article] of await leadPairs(deps.database, screens, CONTAINED_WITHIN_MS)) {
    const a = index.get(story);
    const b = index.get(article);
    if (a === undefined || b === undefined) continue;
    const [i, j] = a < b ? [a, b] : [b, a];
    if (known.has(i * n + j)) continue;
    known.add(i * n + j);
    survivors.push([i, j]);
    added++;
  }
  const candidatePairs = screened.candidatePairs + added;
  // Only the articles of the pairs that passed the screen are read in full.
  const ids = [...new Set(survivors.flatMap(([i, j]) => [screens[i].id, screens[j].id]))];
  const full = new Map((await loadSignatures(deps.database, ids)).map((sig) => [sig.id, sig]));
  const pairs: ScanPair[] = [];
  const borderline: Array<{ a: Signature; b: Signature; analysis: PairAnalysis }> = [];
  for (const [k, [i, j]] of survivors.entries()) {
    const a = full.get(screens[i].id);
    const b = full.get(screens[j].id);
    if (!a || !b) continue;
    const analysis = comparePair(a, b);
    if (k >= screenedPairs && (analysis.containment ?? 0) < CONTAINED_BORDERLINE) continue;
    if (analysis.isDuplicate) pairs.push(orient(a, b, analysis));
    else if (analysis.borderline) borderline.push({ a, b, analysis });
  }
  await progress('compare', 80, `${fa(candidatePairs)} جفت نامزد در ${fa(bands)} دسته مقایسه شد`);

  // The judge reads the most similar borderline pairs; a pair it does not decide is the editor's to read.
  borderline.sort((x, y) => y.analysis.contentSimilarity - x.analysis.contentSimilarity);
  const undecided: UndecidedPair[] = [];
  let judgeDown = false;
  for (const [k, b] of borderline.entries()) {
    if (!deps.judge || judgeDown || k >= AI_PER_SCAN) {
      undecided.push({ ...orient(b.a, b.b, b.analysis), why: !deps.judge ? 'no_judge' : judgeDown ? 'judge_failed' : 'judge_cap' });
      continue;
    }
    // undefined: one of the two was removed since the scan read it.
    const text = await storyText(deps.database, b.a.id);
    const ai = text ? await askJudge(deps, text, b.b.id) : undefined;
    if (ai === 'failed') {
      // Not asked again in this scan: each try would wait out the judge's timeout.
      judgeDown = true;
      undecided.push({ ...orient(b.a, b.b, b.analysis), why: 'judge_failed' });
    } else if (ai?.duplicate) pairs.push({ ...orient(b.a, b.b, b.analysis), ai, score: Math.max(0.6, ai.confidence) });
    await progress('judge', 80 + Math.round((15 * (k + 1)) / Math.min(AI_PER_SCAN, borderline.length)));
  }
  pairs.sort((x, y) => y.analysis.overall.value - x.analysis.overall.value || y.score - x.score);
  undecided.sort((x, y) => y.score - x.score || y.analysis.overall.value - x.analysis.overall.value);
  return { total: screens.length, pairs, undecided: undecided.slice(0, UNDECIDED_LIMIT), candidatePairs };
}

/**
 * The pairs among these articles that meet in an index band (a band too many share is a
 * stock phrase and is skipped), each screened once: those not clearly different, as index
 * pairs. `floor`: the content similarity below which a pair is not compared in full.
 */
export function screenCandidates(screens: Screen[], floor: number): { survivors: Array<[number, number]>; candidatePairs: number; bands: number } {
  const n = screens.length;
  const { pairs, bands } = bandPairs(screens.map((screen) => signatureBands(screen)), BUCKET_CAP);
  const survivors: Array<[number, number]> = [];
  for (const key of pairs) {
    const i = Math.floor(key / n);
    const j = key - i * n;
    if (!clearlyDifferent(screens[i], screens[j], floor)) survivors.push([i, j]);
  }
  return { survivors, candidatePairs: pairs.length, bands };
}

function orient(a: Signature, b: Signature, analysis: PairAnalysis): ScanPair {
  // A story and its repeated lead: the full story is kept, whichever came first.
  const aFirst = analysis.rule === 'contained' ? a.wordCount > b.wordCount
    : a.publishedAt < b.publishedAt || (a.publishedAt === b.publishedAt && a.id < b.id);
  return { original: aFirst ? a : b, duplicate: aFirst ? b : a, analysis, score: analysis.score };
}

