import { useEffect, useRef } from 'react';
import { LoaderCircle } from '../../../components/icons';
import { ArticleGrid } from '../../../components/article-grid.tsx';
import { failureOf } from '../../../components/load-failed.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { dedupeById, useArticlesFeed } from '../api.ts';

// Spec 01 §9: start loading 200 px before the end, at 10 % visibility.
export const FEED_OBSERVER = { rootMargin: '200px', threshold: 0.1 } as const;

/**
 * Every article, six at a time, loaded as the reader nears the end. The end is watched afresh
 * after every page that arrives, and an observer reports where its target is when it starts:
 * so a page that leaves the end in view (one whose articles were all shown already, after a
 * publish moved the list) is followed by the next without another scroll. A page that fails
 * leaves the watch as it was, and an observer reports only changes, so the page is asked for
 * again when the reader comes back to the end, not over and over while it stays in view.
 */
export function NewsFeed() {
  const feed = useArticlesFeed();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const pagesLoaded = feed.data?.pages.length ?? 0;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      // Several entries for the one target: the last is where it is now.
      if (!entries[entries.length - 1].isIntersecting) return;
      // A page already on its way is not asked for twice.
      void fetchNextPage({ cancelRefetch: false }).then((result) => {
        // Spec 01 §8: a failing page is only logged.
        if (result.isFetchNextPageError) console.error('feed page failed', result.error);
      });
    }, FEED_OBSERVER);
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, pagesLoaded, fetchNextPage]);

  const articles = feed.data ? dedupeById(feed.data.pages) : undefined;
  return (
    <section aria-labelledby="feed-heading">
      <SectionHeading id="feed-heading">همه اخبار</SectionHeading>
      <ArticleGrid articles={articles} isLoading={feed.isLoading} empty="خبری یافت نشد" failure={failureOf(feed)} />
      <div ref={sentinel} aria-live="polite" className="flex min-h-16 items-center justify-center py-6 text-sm text-muted">
        {isFetchingNextPage && <><LoaderCircle aria-hidden="true" className="me-2 size-4 animate-spin" />در حال بارگذاری اخبار بیشتر...</>}
        {feed.data && !hasNextPage && articles?.length ? 'همه اخبار نمایش داده شد' : null}
      </div>
    </section>
  );
}
