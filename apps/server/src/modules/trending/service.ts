import type { TrendingTopic } from '@chapar/shared/contracts';
import { categoryFaName } from '@chapar/shared/text';
import { isTopic, tidyTopic, topicId } from '@chapar/shared/topics';
import type { Database } from '@chapar/db';

const WINDOW_DAYS = 7;
/** Distinct stored keywords read per request: far more than a week of news carries. */
const MAX_KEYWORDS = 5_000;

interface Row {
  keyword: string;
  articles: number;
  views: number;
  last24: number;
  prev24: number;
  category: string;
}

interface Topic {
  keyword: string;
  /** Articles per spelling, to show the one used most. */
  spellings: Map<string, number>;
  /** Articles per category, for the topic's colour. */
  categories: Map<string, number>;
  articles: number;
  views: number;
  last24: number;
  prev24: number;
}

const most = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * The week's keywords as topics: stored keywords that are not topics ('کشور', 'درصدی', a
 * category's own name) left out, one topic's spellings (Arabic or Persian letters, ZWNJ, space or
 * neither, a hashtag's underscores) and plural forms counted together.
 */
function mergeTopics(rows: Row[]): Topic[] {
  const topics = new Map<string, Topic>();
  for (const row of rows) {
    const keyword = tidyTopic(row.keyword);
    if (!isTopic(keyword)) continue;
    const key = topicId(keyword);
    const topic = topics.get(key) ?? { keyword, spellings: new Map(), categories: new Map(), articles: 0, views: 0, last24: 0, prev24: 0 };
    add(topic.spellings, keyword, row.articles);
    add(topic.categories, row.category, row.articles);
    topic.articles += row.articles;
    topic.views += row.views;
    topic.last24 += row.last24;
    topic.prev24 += row.prev24;
    topics.set(key, topic);
  }
  return [...topics.values()];
}

/**
 * Most stories first, the more read first among topics of as many stories. `count` is the number
 * of stories, as the cloud and the search sidebar say («۳ خبر»), so the order shown never runs
 * against the number shown; one story's words, however read, come after any topic of two.
 */
const byStoriesThenViews = (a: Topic, b: Topic) => b.articles - a.articles || b.views - a.views || most(a.spellings).localeCompare(most(b.spellings));

/**
 * Topics of the last week's articles, counted in stories; the trend compares the last 24 h with
 * the 24 h before; the category is the one most of the topic's articles are in.
 */
export async function trendingTopics(database: Database, limit: number, now = new Date()): Promise<TrendingTopic[]> {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const day = new Date(now.getTime() - 86_400_000).toISOString();
  const twoDays = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const { rows } = await database.raw.query<Row>(
    `with k as (
       select trim(kw) as keyword, a.views, a.published_at, a.category
       from articles a, unnest(string_to_array(a.keywords, ',')) as kw
       where a.status = 'published' and a.published_at >= $1 and trim(kw) <> ''
     )
     select keyword,
            count(*)::int as articles,
            coalesce(sum(views), 0)::int as views,
            (count(*) filter (where published_at >= $2))::int as last24,
            (count(*) filter (where published_at >= $3 and published_at < $2))::int as prev24,
            mode() within group (order by category) as category
     from k group by keyword
     order by count(*) desc, coalesce(sum(views), 0) desc, keyword
     limit $4`,
    [since, day, twoDays, MAX_KEYWORDS],
  );
  return mergeTopics(rows)
    .sort(byStoriesThenViews)
    .slice(0, limit)
    .map((t) => ({
      keyword: most(t.spellings),
      count: t.articles,
      trend: t.last24 > t.prev24 ? 'up' : t.last24 < t.prev24 ? 'down' : 'stable',
      category: categoryFaName(most(t.categories)),
    }));
}
