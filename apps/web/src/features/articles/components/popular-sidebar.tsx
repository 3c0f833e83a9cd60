import { Link } from '../../../components/link.tsx';
import { TrendingUp } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { ArticleCardSkeleton } from '../../../components/article-card.tsx';
import { failureOf, LOAD_FAILED, LoadFailed } from '../../../components/load-failed.tsx';
import { DotSeparator } from '../../../components/dot-separator.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePopularArticles } from '../api.ts';

const POPULAR_SKELETONS = 5;
const POPULAR_SHOWN = 5;

/** Most-read articles, numbered. */
export function PopularSidebar() {
  const popular = usePopularArticles();
  const { data, isLoading } = popular;
  const failure = failureOf(popular);
  return (
    <section aria-labelledby="popular-heading" className="rounded-2xl border border-border bg-card p-4">
      <h2 id="popular-heading" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <TrendingUp aria-hidden="true" className="size-5 text-accent" />
        پربازدیدترین‌ها
      </h2>
      {isLoading && !data ? (
        <div className="space-y-4">{Array.from({ length: POPULAR_SKELETONS }, (_, i) => <ArticleCardSkeleton key={i} variant="compact" />)}</div>
      ) : data?.length ? (
        <ol className="divide-y divide-border">
          {data.slice(0, POPULAR_SHOWN).map((article, i) => (
            <li key={article.id} className="group relative flex gap-3 py-3">
              <span aria-hidden="true" className="text-2xl leading-8 font-bold text-accent/70">{formatNumberFa(i + 1)}</span>
              <div className="min-w-0">
                {/* Clamped inside the link, so the link's focus ring is not clipped. */}
                <h3 className="text-sm leading-7 font-medium group-hover:text-accent">
                  <Link to={paths.article(article)} className="block after:absolute after:inset-0"><span className="line-clamp-2">{article.title}</span></Link>
                </h3>
                <p className="text-xs text-muted">
                  <RelativeTime date={article.publishedAt} /><DotSeparator />{formatNumberFa(article.views)} بازدید
                </p>
              </div>
            </li>
          ))}
        </ol>
      ) : failure ? (
        <LoadFailed compact {...failure}>{LOAD_FAILED.articles}</LoadFailed>
      ) : (
        <p className="py-4 text-center text-sm text-muted">مقاله محبوبی وجود ندارد</p>
      )}
    </section>
  );
}
