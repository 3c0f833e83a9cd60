import type { TrendingTopic } from '@chapar/shared/contracts';
import { categoryFaName } from '@chapar/shared/text';
import { isTopic, tidyTopic, topicId, topicMatcher } from '@chapar/shared/topics';
import type { Database } from '@chapar/db';

const DAY = 86_400_000;
/** The days a topic's stories are counted over (`count`), and on which it may stand out. */
const WEEK_DAYS = 7;
/** The days read: the week and the weeks before it, its baseline. */
const PERIOD_DAYS = 28;
/** Stories without the topic added to the other days, so a handful of them says little. */
const PRIOR_STORIES = 10;
/** On its day, a trending topic is in at least this many times the stories its usual share predicts… */
const MIN_LIFT = 1.5;
/**
 * …and more than chance gives: the expected count plus this many standard deviations (and a half,
 * for counts being whole). A word in two of five stories stands out by chance in about one week
 * of a thousand.
 */
const MIN_Z = 3.5;

interface StoryRow {
  keywords: string;
  /** The title, normalised as for search. */
  search_title: string;
  published_at: string | Date;
  category: string;
  views: number;
}

interface Topic {
  /** Stories per spelling, to show the one used most. */
  spellings: Map<string, number>;
  /** The week's stories per category, for the topic's colour. */
  categories: Map<string, number>;
  /** Stories per day, day 0 the last 24 h. */
  days: number[];
  total: number;
  views: number;
}

const most = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/** A stored keyword as a topic (tidied, with its id), or null when it is none ('کشور', 'درصدی', a category's name). */
const seen = new Map<string, { keyword: string; id: string } | null>();
function asTopic(raw: string): { keyword: string; id: string } | null {
  let found = seen.get(raw);
  if (found === undefined) {
    const keyword = tidyTopic(raw);
    found = isTopic(keyword) ? { keyword, id: topicId(keyword) } : null;
    // Keywords are few next to stories; the bound only keeps a long-running process small.
    if (seen.size > 50_000) seen.clear();
    seen.set(raw, found);
  }
  return found;
}

/**
 * The period's stories as topics: each story counts once for each topic its stored keywords name
 * or its title mentions (a topic some story's keywords name, in any spelling), one topic's
 * spellings and plural forms counted together. `stories` holds the stories per day.
 */
function countTopics(rows: StoryRow[], now: number): { topics: Map<string, Topic>; stories: number[] } {
  const topics = new Map<string, Topic>();
  const stories = new Array<number>(PERIOD_DAYS).fill(0);
  const named = rows.map((row) => {
    const ids = new Map<string, string>();
    for (const raw of row.keywords.split(',')) {
      const found = raw.trim() ? asTopic(raw.trim()) : null;
      if (found && !ids.has(found.id)) ids.set(found.id, found.keyword);
    }
    for (const [id, keyword] of ids) {
      let topic = topics.get(id);
      if (!topic) {
        topic = { spellings: new Map(), categories: new Map(), days: new Array<number>(PERIOD_DAYS).fill(0), total: 0, views: 0 };
        topics.set(id, topic);
      }
      add(topic.spellings, keyword, 1);
    }
    return ids;
  });
  const mentions = topicMatcher(topics.keys());
  rows.forEach((row, i) => {
    // A story dated ahead of the clock is today's.
    const day = Math.min(PERIOD_DAYS - 1, Math.max(0, Math.floor((now - new Date(row.published_at).getTime()) / DAY)));
    stories[day]++;
    for (const id of new Set([...named[i].keys(), ...mentions(row.search_title)])) {
      const topic = topics.get(id)!;
      topic.days[day]++;
      topic.total++;
      if (day < WEEK_DAYS) {
        add(topic.categories, row.category, 1);
        topic.views += row.views;
      }
    }
  });
  return { topics, stories };
}

/** The stretches of days a topic may stand out in: the week as a whole, and each of its days. */
const STRETCHES: ReadonlyArray<readonly [number, number]> = [[0, WEEK_DAYS], ...Array.from({ length: WEEK_DAYS }, (_, d) => [d, d + 1] as const)];

const sum = (counts: readonly number[], from = 0, to = counts.length) => counts.slice(from, to).reduce((a, b) => a + b, 0);

/**
 * Whether a topic stood out this week, as a whole or on one of its days: in clearly more of
 * those stories than its share of the other days of the period predicts. A word in every story
 * ('ایران', 'تهران') never does, however often it is written, nor a name in a story every few
 * days; a topic new to the period does at once; without other days to compare with (a new
 * site) every topic does.
 */
export function standsOut(topic: { days: readonly number[]; total: number }, stories: readonly number[]): boolean {
  const all = sum(stories);
  return STRETCHES.some(([from, to]) => {
    const n = sum(topic.days, from, to);
    const within = sum(stories, from, to);
    // The topic's share of the other days' stories, taken as smaller while they are few.
    const share = (topic.total - n) / (all - within + PRIOR_STORIES);
    const expected = within * share;
    return n > expected && n >= MIN_LIFT * expected && n >= expected + MIN_Z * Math.sqrt(expected * (1 - share)) + 0.5;
  });
}

const weekCount = (t: Topic) => sum(t.days, 0, WEEK_DAYS);

/**
 * Most stories first, the more read first among topics of as many stories. `count` is the number
 * of stories, as the cloud and the search sidebar say («۳ خبر»), so the order shown never runs
 * against the number shown; one story's words, however read, come after any topic of two.
 */
const byStoriesThenViews = (a: Topic, b: Topic) => weekCount(b) - weekCount(a) || b.views - a.views || most(a.spellings).localeCompare(most(b.spellings));

/**
 * The week's topics that stand out against the weeks before (see standsOut), counted in the
 * week's stories; the trend compares the last 24 h with the 24 h before; the category is the one
 * most of the topic's stories this week are in. Reads four weeks of stories: kept (below), not
 * read for each request.
 */
async function rankTopics(database: Database, now: Date): Promise<TrendingTopic[]> {
  const since = new Date(now.getTime() - PERIOD_DAYS * DAY).toISOString();
  const { rows } = await database.raw.query<StoryRow>(
    `select keywords, search_title, published_at, category, views from articles
     where status = 'published' and published_at >= $1`,
    [since],
  );
  const { topics, stories } = countTopics(rows, now.getTime());
  return [...topics.values()]
    .filter((t) => weekCount(t) > 0 && standsOut(t, stories))
    .sort(byStoriesThenViews)
    .slice(0, MAX_TOPICS)
    .map((t) => ({
      keyword: most(t.spellings),
      count: weekCount(t),
      trend: t.days[0] > t.days[1] ? 'up' : t.days[0] < t.days[1] ? 'down' : 'stable',
      category: categoryFaName(most(t.categories)),
    }));
}

/** The most topics any page asks for (the API's limit). */
const MAX_TOPICS = 50;
/** How long a ranking is answered before it is made again; the cloud says «every few minutes». */
export const RANKING_TTL_MS = 60_000;

interface Ranking {
  value?: TrendingTopic[];
  madeAt: number;
  pending?: Promise<TrendingTopic[]>;
}
const rankings = new WeakMap<Database, Ranking>();

/** The kept ranking; once it is older than RANKING_TTL_MS it is still answered while a new one is made. */
function keptRanking(database: Database): Promise<TrendingTopic[]> {
  let ranking = rankings.get(database);
  if (!ranking) {
    ranking = { madeAt: 0 };
    rankings.set(database, ranking);
  }
  const kept = ranking;
  if (kept.value && Date.now() - kept.madeAt < RANKING_TTL_MS) return Promise.resolve(kept.value);
  kept.pending ??= rankTopics(database, new Date()).then((value) => {
    kept.value = value;
    kept.madeAt = Date.now();
    return value;
  }).finally(() => { kept.pending = undefined; });
  if (!kept.value) return kept.pending;
  // A failed refresh leaves the old ranking answered, and the next request tries again.
  kept.pending.catch(() => undefined);
  return Promise.resolve(kept.value);
}

/** Trending topics, at most `limit`; at a given time (tests, tools) made afresh. */
export async function trendingTopics(database: Database, limit: number, now?: Date): Promise<TrendingTopic[]> {
  const ranked = now ? await rankTopics(database, now) : await keptRanking(database);
  return ranked.slice(0, limit);
}
