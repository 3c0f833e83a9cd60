import { ArticleGrid } from '../../../components/article-grid.tsx';
import { failureOf } from '../../../components/load-failed.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { LATEST_LIMIT, useLatestArticles } from '../api.ts';

export function LatestArticles() {
  const latest = useLatestArticles();
  const { data, isLoading } = latest;
  return (
    <section aria-labelledby="latest-heading">
      <SectionHeading id="latest-heading">آخرین اخبار</SectionHeading>
      <ArticleGrid articles={data?.slice(0, LATEST_LIMIT)} isLoading={isLoading} skeletonCount={LATEST_LIMIT} empty="خبری یافت نشد" failure={failureOf(latest)} />
    </section>
  );
}
