// The single duplicate check (spec 03 §2.3, §5, §7) and the question ingestion asks of
// every post: both go through judgeStory, so a text the check calls a duplicate is one
// ingestion would have refused, and the other way round.
import type { DuplicateCheckResult } from '@chapar/shared/contracts';
import { DUPLICATE_MESSAGES, duplicateTextTooShort } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { badRequest, notFound } from '../../errors.ts';
import { cleanPostText } from '../../integrations/ai/index.ts';
import { fetchTelegraphArticle, telegraphLinks, type TelegramPost } from '../../integrations/telegram/index.ts';
import { channelRepo } from '../channels/repo.ts';
import { compileRules } from '../channels/cleaning-rules.ts';
import { normalisePost } from '../posts/normalise.ts';
import { fromPayload, textHash, type PostRef } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { findMatches, matchReasons, type Match } from './detector.ts';
import { shownProbability, verdictConfidence } from './overall.ts';
import { detectorDeps } from './service.ts';
import { buildSignature } from './signature.ts';

type CheckDuplicatePostDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'mediaPolicy'>;

export interface StoryVerdict {
  /** An article with the very same normalised text, if any. */
  exact: number | null;
  /** The articles the detector compared, duplicates first, then by decision score. */
  matches: Match[];
  /** The article the story repeats: the identical one, else the detector's first duplicate. */
  duplicateOf: number | null;
}

/**
 * Does this story (a post's text as the pipeline normalised it, or an admin's text cleaned
 * the same way) repeat an article? The same normalised text first, then the detector. `ref`
 * is the post's own address: its own article is never its duplicate.
 */
export async function judgeStory(s: Pick<Services, 'config' | 'database' | 'log'>, story: { plain: string; textHash: string; date: Date; ref?: PostRef }): Promise<StoryVerdict> {
  const ref = story.ref ?? null;
  const { rows: same } = await s.database.raw.query<{ id: number }>(
    `SELECT id FROM articles WHERE content_hash = $1
       AND ($2::text IS NULL OR source IS DISTINCT FROM $2 OR telegram_id IS DISTINCT FROM $3::bigint) ORDER BY id LIMIT 1`,
    [story.textHash, ref?.source ?? null, ref?.telegramId ?? null]);
  const own = ref
    ? (await s.database.raw.query<{ id: number }>('SELECT id FROM articles WHERE source = $1 AND telegram_id = $2', [ref.source, ref.telegramId])).rows.map((r) => r.id)
    : [];
  const signature = buildSignature({ id: 0, body: story.plain, publishedAt: story.date });
  const matches = await findMatches(detectorDeps(s), signature, { text: { title: signature.title, text: story.plain }, exclude: own });
  const exact = same[0]?.id ?? null;
  return { exact, matches, duplicateOf: exact ?? matches.find((m) => m.isDuplicate)?.id ?? null };
}

/** Why nothing settled a borderline pair (detector.ts): the signals decided it was not a duplicate. */
function unjudgedWhy(m: Match): string {
  return m.unjudged === 'no_judge' ? 'داور هوش مصنوعی تنظیم نشده است'
    : m.unjudged === 'judge_failed' ? 'داور هوش مصنوعی پاسخ نداد' : 'سهم داوری این بررسی تمام شده بود';
}

/** A published post's report line for an article it is near that nothing settled. */
export function unjudgedNote(m: Match): string {
  return `به مقالهٔ ${fa(m.id)} نزدیک است اما نشانه‌ها برای حکم کافی نبود و ${unjudgedWhy(m)}؛ تکراری شمرده نشد، دو مقاله را با هم بخوانید`;
}

interface ArticleBrief { id: number; title: string; excerpt: string; category: string; source: string | null; telegram_id: number | null; published_at: Date }

async function briefs(s: Pick<Services, 'database'>, ids: number[]): Promise<Map<number, ArticleBrief>> {
  if (!ids.length) return new Map();
  const { rows } = await s.database.raw.query<ArticleBrief>(
    'SELECT id, title, excerpt, category, source, telegram_id, published_at FROM articles WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, { ...r, telegram_id: r.telegram_id === null ? null : Number(r.telegram_id) }]));
}

const percent = (x: number) => Math.round(x * 100);

function duplicateType(best: Match | undefined): DuplicateCheckResult['duplicateType'] {
  if (!best) return 'keyword_analysis';
  if (best.ai) return 'ai_analysis';
  const a = best.analysis;
  if (a.rule === 'media') return 'media_comparison';
  if (a.matchType === 'title') return 'title_similarity';
  return 'keyword_analysis';
}

const METHOD_LABEL: Record<DuplicateCheckResult['duplicateType'], string> = {
  title_similarity: 'شباهت عنوان',
  keyword_analysis: 'تحلیل متن و کلیدواژه‌ها',
  media_comparison: 'مقایسهٔ تصویر و ویدیو',
  ai_analysis: 'تحلیل معنایی هوش مصنوعی',
};

/** Articles listed beside a verdict: duplicates, borderline pairs and those at least this similar overall. */
const LISTED_SIMILARITY = 0.25;
const LISTED_AT_MOST = 10;

async function checkAnswer(s: Pick<Services, 'database'>, verdict: StoryVerdict, started: number): Promise<DuplicateCheckResult> {
  const { exact, matches } = verdict;
  const listed = matches.filter((m) => m.isDuplicate || m.analysis.borderline || m.analysis.overall.value >= LISTED_SIMILARITY).slice(0, LISTED_AT_MOST);
  const info = await briefs(s, [...new Set([...(exact ? [exact] : []), ...listed.map((m) => m.id)])]);
  const similar: DuplicateCheckResult['duplicateArticles'] = [];
  const exactInfo = exact ? info.get(exact) : undefined;
  if (exactInfo) similar.push({ ...brief(exactInfo), similarity: 100, probability: 100, isDuplicate: true, reasons: ['متن پس از یکسان‌سازی با این مقاله یکی است'] });
  for (const m of listed) {
    const a = info.get(m.id);
    if (!a || m.id === exact) continue;
    similar.push({
      ...brief(a), similarity: percent(m.analysis.overall.value), probability: percent(shownProbability(m.score)), isDuplicate: m.isDuplicate,
      reasons: matchReasons(m.analysis, m.ai),
    });
  }
  const best = matches[0];
  const base = { processingTime: Date.now() - started, duplicateArticles: similar };
  if (exact) {
    return { ...base, isDuplicate: true, confidence: 100, duplicateType: 'keyword_analysis', details: `این خبر تکرار مقالهٔ ${fa(exact)} است: متن آن پس از یکسان‌سازی با متن آن مقاله یکی است.` };
  }
  const isDuplicate = Boolean(best?.isDuplicate);
  const type = duplicateType(best);
  // With nothing in the index near it, the nearest article's score is 0.
  const confidence = percent(verdictConfidence(isDuplicate, best?.score ?? 0));
  // The rule that decided and the overall similarity; the listed article carries every reason.
  const reasons = best ? matchReasons(best.analysis, best.ai).slice(0, 2) : [];
  const details = !best
    ? 'نمایه مقاله‌ای نزدیک به این متن نیافت؛ تکراری نیست.'
    : isDuplicate
      ? `این خبر تکرار مقالهٔ ${fa(best.id)} است (${METHOD_LABEL[type]}). ${reasons.join('؛ ')}`
      : `مقالهٔ تکراری پیدا نشد؛ نزدیک‌ترین مقاله ${fa(best.id)} است، با احتمال ${fa(percent(shownProbability(best.score)))}٪ که همان خبر باشد. ${reasons.join('؛ ')}${unsettled(best)}`;
  return { ...base, isDuplicate, confidence, duplicateType: type, details: details.trim() };
}

/** A nearest article nothing settled: the verdict says the two are for the admin to compare. */
const unsettled = (best: Match) => best.unjudged ? `. نشانه‌ها برای حکم کافی نبود و ${unjudgedWhy(best)}؛ متن را با این مقاله مقایسه کنید.` : '';

const brief = (a: ArticleBrief) => ({
  id: a.id, title: a.title, excerpt: a.excerpt, category: a.category, publishedAt: new Date(a.published_at).toISOString(), source: a.source, telegramId: a.telegram_id,
});

export async function checkDuplicateContent(s: Pick<Services, 'config' | 'database' | 'log'>, content: string | null | undefined): Promise<DuplicateCheckResult> {
  const started = Date.now();
  if (!(content ?? '').trim()) throw badRequest(DUPLICATE_MESSAGES.required);
  // Cleaned as the pipeline cleans a post (no channel's own rules: the text has no channel).
  const plain = cleanPostText(content ?? '');
  const short = duplicateTextTooShort(plain);
  if (short) throw badRequest(short);
  return checkAnswer(s, await judgeStory(s, { plain, textHash: textHash(plain), date: new Date() }), started);
}

/** A post id as the spec has it: digits only (Persian digits too), no @, no channel name, at most a safe integer. */
export function parsePostId(raw: string | number | null | undefined): number {
  if (raw === null || raw === undefined || String(raw).trim() === '') throw badRequest(DUPLICATE_MESSAGES.required);
  const text = String(raw).trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  // Digits past the safe integers (a JSON number too) are a number, only too big for an id.
  if ((typeof raw === 'number' || /^\d+$/.test(text)) && Number(text) > Number.MAX_SAFE_INTEGER) throw badRequest(DUPLICATE_MESSAGES.postIdRange);
  if (!/^\d+$/.test(text) || Number(text) <= 0) throw badRequest(DUPLICATE_MESSAGES.postIdFormat);
  return Number(text);
}

/** A stored post judged exactly as ingestion judges it: the channel's cleaning rules, its Telegraph page, its own article left out. */
export async function checkDuplicatePost(s: CheckDuplicatePostDeps, raw: string | number | null | undefined): Promise<DuplicateCheckResult> {
  const started = Date.now();
  const telegramId = parsePostId(raw);
  const channels = s.config.channels.map((c) => c.username);
  const { rows } = await s.database.raw.query<{ source: string; payload: Record<string, unknown> }>(
    'SELECT source, payload FROM telegram_posts WHERE telegram_id = $1 AND source = ANY($2::text[]) AND deleted_at IS NULL', [telegramId, channels]);
  const row = channels.map((c) => rows.find((r) => r.source === c)).find(Boolean);
  if (!row) throw notFound(DUPLICATE_MESSAGES.postNotFound);
  const post = fromPayload(row.payload);
  const channel = await channelRepo.byUsername(s.db, row.source);
  const normalised = normalisePost(post, compileRules(row.source, channel?.cleaningRules), { telegraph: await readTelegraph(s, post) });
  const short = duplicateTextTooShort(normalised.plain, 'post');
  if (short) throw badRequest(short);
  const ref = { source: row.source, telegramId };
  const verdict = await judgeStory(s, { plain: normalised.plain, textHash: normalised.textHash, date: post.date, ref });
  return { ...(await checkAnswer(s, verdict, started)), post: { ...ref, url: `https://t.me/${row.source}/${telegramId}` } };
}

/** The post's Telegraph page, read as ingestion reads it (ingest-post.ts); a page that fails is left out. */
async function readTelegraph(s: Pick<Services, 'config' | 'log' | 'mediaPolicy'>, post: TelegramPost) {
  const [link] = telegraphLinks(post.links, s.config.telegraphBaseUrl);
  if (!link) return null;
  try {
    return await fetchTelegraphArticle(link, s.mediaPolicy);
  } catch (error) {
    s.log.warn(`${post.channel}/${post.messageId}: Telegraph page not read for the duplicate check (${(error as Error).message})`);
    return null;
  }
}
