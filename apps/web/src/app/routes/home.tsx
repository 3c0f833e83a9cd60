import { Link } from '../../components/link.tsx';
import { Flame } from '../../components/icons';
import { CategoryPreview } from '../../features/articles/components/category-preview.tsx';
import { FeaturedSlider } from '../../features/articles/components/featured-slider.tsx';
import { LatestArticles } from '../../features/articles/components/latest-articles.tsx';
import { NewsFeed } from '../../features/articles/components/news-feed.tsx';
import { PopularSidebar } from '../../features/articles/components/popular-sidebar.tsx';
import { TopicChips } from '../../features/articles/components/topic-chips.tsx';
import { VideoSection } from '../../features/articles/components/video-section.tsx';
import {
  articlesFeedQuery, categoryArticlesQuery, CATEGORY_PREVIEW_LIMIT, featuredArticlesQuery, latestArticlesQuery,
  popularArticlesQuery,
} from '../../features/articles/api.ts';
import { NewsletterBox } from '../../features/newsletter/components/newsletter-box.tsx';
import { HealthIndicator } from '../../features/system/components/health-indicator.tsx';
import { TRENDING_LIMITS, trendingTopicsQuery } from '../../features/trending/api.ts';
import { TrendingCloud } from '../../features/trending/components/trending-cloud.tsx';
import { DEFAULT_DESCRIPTION, pageTitle, SITE_NAME, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteModule } from '../route-types.ts';

const PREVIEWS = [
  { slug: 'politics', title: 'سیاست' },
  { slug: 'economy', title: 'اقتصاد' },
] as const;

function HomePage() {
  useDocumentHead({ title: pageTitle(), description: DEFAULT_DESCRIPTION });
  return (
    <>
      <h1 className="sr-only">{SITE_NAME}، آخرین اخبار ایران و جهان</h1>
      {/* Source order is the spec's order (phones); on wide screens the aside becomes a sidebar. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          <FeaturedSlider />
          <LatestArticles />
          <div className="grid gap-10 md:grid-cols-2 md:gap-8">
            {PREVIEWS.map((p) => <CategoryPreview key={p.slug} slug={p.slug} title={p.title} />)}
          </div>
        </div>
        <aside aria-label="ستون کناری" className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PopularSidebar />
          <NewsletterBox />
          <section aria-labelledby="trending-heading" className="rounded-2xl border border-border bg-card p-4">
            <h2 id="trending-heading" className="mb-3 flex items-center gap-2 text-lg font-bold">
              <Flame aria-hidden="true" className="size-5 text-accent" />
              موضوعات داغ
            </h2>
            <TrendingCloud limit={TRENDING_LIMITS.home} />
            <Link to={paths.trending()} className="mt-3 block text-center text-sm text-muted hover:text-accent">همه موضوعات داغ</Link>
          </section>
          <TopicChips />
          <HealthIndicator />
        </aside>
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-2">
          <VideoSection />
          <NewsFeed />
        </div>
      </div>
    </>
  );
}

export const route: RouteModule = {
  Component: HomePage,
  // The 20-article list behind the video section is left to the browser: it is below the fold
  // and would double the data embedded in every home page.
  prefetch: ({ queryClient }) =>
    Promise.all([
      queryClient.prefetchQuery(featuredArticlesQuery()),
      queryClient.prefetchQuery(latestArticlesQuery()),
      ...PREVIEWS.map((p) => queryClient.prefetchQuery(categoryArticlesQuery(p.slug, CATEGORY_PREVIEW_LIMIT))),
      queryClient.prefetchQuery(popularArticlesQuery()),
      queryClient.prefetchQuery(trendingTopicsQuery(TRENDING_LIMITS.home)),
      queryClient.prefetchInfiniteQuery(articlesFeedQuery()),
    ]),
  head: () => ({ title: pageTitle(), description: DEFAULT_DESCRIPTION, path: '/' }),
};
