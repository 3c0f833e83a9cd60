import { ArticleCard, ArticleCardSkeleton } from '../../../components/article-card.tsx';
import { EmptyState } from '../../../components/article-grid.tsx';
import { failureOf, LOAD_FAILED, LoadFailed } from '../../../components/load-failed.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { paths } from '../../../lib/paths.ts';
import { CATEGORY_PREVIEW_LIMIT, useCategoryArticles } from '../api.ts';

/** Two articles of one category with a link to its page (home: politics and economy). */
export function CategoryPreview({ slug, title }: { slug: string; title: string }) {
  const preview = useCategoryArticles(slug, CATEGORY_PREVIEW_LIMIT);
  const { data, isLoading } = preview;
  const failure = failureOf(preview);
  const headingId = `preview-${slug}`;
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading id={headingId} moreHref={paths.category(slug)} moreLabel={`همه اخبار ${title}`}>{title}</SectionHeading>
      {isLoading && !data ? (
        <div className="space-y-4">
          {Array.from({ length: CATEGORY_PREVIEW_LIMIT }, (_, i) => <ArticleCardSkeleton key={i} variant="compact" />)}
        </div>
      ) : data?.length ? (
        <ul className="space-y-4">
          {data.slice(0, CATEGORY_PREVIEW_LIMIT).map((article) => <li key={article.id}><ArticleCard article={article} variant="compact" /></li>)}
        </ul>
      ) : failure ? (
        <LoadFailed {...failure}>{LOAD_FAILED.articles}</LoadFailed>
      ) : (
        <EmptyState>مقاله‌ای یافت نشد</EmptyState>
      )}
    </section>
  );
}
