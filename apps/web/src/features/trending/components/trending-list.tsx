import { Link } from '../../../components/link.tsx';
import { TrendingDown, TrendingUp, Minus } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { failureOf, LOAD_FAILED, LoadFailed } from '../../../components/load-failed.tsx';
import { paths } from '../../../lib/paths.ts';
import { useTrendingTopics } from '../api.ts';

/** Numbered list of trending keywords (search sidebar), each with its number of stories. */
export function TrendingList({ limit }: { limit: number }) {
  const trending = useTrendingTopics(limit);
  const { data, isLoading } = trending;
  const failure = failureOf(trending);
  if (isLoading && !data) return <p className="text-sm text-muted">در حال بارگذاری...</p>;
  if (!data?.length && failure) return <LoadFailed compact {...failure}>{LOAD_FAILED.topics}</LoadFailed>;
  if (!data?.length) return <p className="text-sm text-muted">موضوع داغی یافت نشد</p>;
  return (
    <ol className="space-y-1">
      {data.slice(0, limit).map((topic, i) => {
        const Icon = topic.trend === 'up' ? TrendingUp : topic.trend === 'down' ? TrendingDown : Minus;
        const tone = topic.trend === 'up' ? 'text-green-600' : topic.trend === 'down' ? 'text-red-600' : 'text-muted';
        return (
          <li key={topic.keyword}>
            <Link to={paths.search({ q: topic.keyword })} className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface">
              <span className="w-5 text-muted">{formatNumberFa(i + 1)}</span>
              <span className="flex-1 font-medium">{topic.keyword}</span>
              <span className="text-xs text-muted">{formatNumberFa(topic.count)} خبر</span>
              <Icon aria-label={topic.trend === 'up' ? 'رو به رشد' : topic.trend === 'down' ? 'رو به کاهش' : 'ثابت'} className={`size-4 ${tone}`} />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
