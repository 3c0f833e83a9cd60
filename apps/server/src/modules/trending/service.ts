import type { TrendingTopic } from '@chapar/shared/contracts';
import { categoryFaName } from '@chapar/shared/text';
import type { Database } from '@chapar/db';

const WINDOW_DAYS = 7;

interface Row {
  keyword: string;
  articles: number;
  views: number;
  last24: number;
  prev24: number;
  category: string;
}

/**
 * Keywords of the last week's articles, weighted by views: count = articles + views/100.
 * The trend compares the last 24 h with the 24 h before.
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
     order by count(*) + coalesce(sum(views), 0) / 100.0 desc, keyword
     limit $4`,
    [since, day, twoDays, limit],
  );
  return rows.map((r) => ({
    keyword: r.keyword,
    count: Math.round(r.articles + r.views / 100),
    trend: r.last24 > r.prev24 ? 'up' : r.last24 < r.prev24 ? 'down' : 'stable',
    category: categoryFaName(r.category),
  }));
}
