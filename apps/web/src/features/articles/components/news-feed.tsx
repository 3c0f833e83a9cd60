import { useEffect, useRef } from 'react';
import { LoaderCircle } from '../../../components/icons';
import { ArticleGrid } from '../../../components/article-grid.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { dedupeById, useArticlesFeed } from '../api.ts';

// Spec 01 §9: start loading 200 px before the end, at 10 % visibility.
export const FEED_OBSERVER = { rootMargin: '200px', threshold: 0.1 } as const;

/** Every article, six at a time, loaded as the reader nears the end. */
export function NewsFeed() {
  const feed = useArticlesFeed();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) {
        // Spec 01 §8: a failing page is only logged.
        fetchNextPage().catch((error: unknown) => console.error('feed page failed', error));
      }
    }, FEED_OBSERVER);
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const articles = feed.data ? dedupeById(feed.data.pages) : undefined;
  return (
    <section aria-labelledby="feed-heading">
      <SectionHeading id="feed-heading">همه اخبار</SectionHeading>
      <ArticleGrid articles={articles} isLoading={feed.isLoading} empty="خبری یافت نشد" />
      <div ref={sentinel} aria-live="polite" className="flex min-h-16 items-center justify-center py-6 text-sm text-muted">
        {isFetchingNextPage && <><LoaderCircle aria-hidden="true" className="me-2 size-4 animate-spin" />در حال بارگذاری اخبار بیشتر...</>}
        {feed.data && !hasNextPage && articles?.length ? 'همه اخبار نمایش داده شد' : null}
      </div>
    </section>
  );
}
