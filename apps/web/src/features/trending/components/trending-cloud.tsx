import { Link } from '../../../components/link.tsx';
import { formatNumberFa } from '@chapar/shared/text';
import { failureOf, LOAD_FAILED, LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { cloudFontSize, useTrendingTopics } from '../api.ts';
import { TONE_CLASSES, topicTone } from '../topic-color.ts';
import { TrendArrow } from './trend-arrow.tsx';

const TREND_WORDS: Readonly<Record<string, string>> = { up: '، رو به رشد', down: '، رو به کاهش' };

/** Keyword cloud: size linear in count (0.7–2.5rem), colour by category or trend, an arrow for the trend (its words say both). */
export function TrendingCloud({ limit, className }: { limit: number; className?: string }) {
  const trending = useTrendingTopics(limit);
  const { data, isLoading } = trending;
  const failure = failureOf(trending);
  if (isLoading && !data) return <Skeleton className={cn('h-40 w-full rounded-xl', className)} />;
  const topics = (data ?? []).slice(0, limit);
  if (!topics.length && failure) return <LoadFailed compact {...failure} className={className}>{LOAD_FAILED.topics}</LoadFailed>;
  if (!topics.length) return <p className={cn('py-6 text-center text-sm text-muted', className)}>موضوع داغی یافت نشد</p>;
  const counts = topics.map((t) => t.count);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return (
    <ul className={cn('flex flex-wrap items-center justify-center gap-x-3 gap-y-1 leading-tight', className)}>
      {topics.map((topic) => (
        <li key={topic.keyword}>
          <Link
            to={paths.search({ q: topic.keyword })}
            title={`${topic.keyword}: ${formatNumberFa(topic.count)} خبر${TREND_WORDS[topic.trend] ?? ''}`}
            style={{ fontSize: `${cloudFontSize(topic.count, min, max)}rem` }}
            className={cn('inline-block rounded px-1 font-bold transition-opacity hover:opacity-75', TONE_CLASSES[topicTone(topic)])}
          >
            {topic.keyword}
            <TrendArrow trend={topic.trend} className="ms-0.5 inline size-[max(0.6em,0.75rem)] align-middle" />
            <span className="sr-only"> ({formatNumberFa(topic.count)} خبر{TREND_WORDS[topic.trend] ?? ''})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
