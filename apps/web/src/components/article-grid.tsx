import type { ReactNode } from 'react';
import type { ArticleSummary } from '../lib/article-summary.ts';
import { ArticleCard, ArticleCardSkeleton } from './article-card.tsx';
import { LOAD_FAILED, LoadFailed, type Failure } from './load-failed.tsx';

interface ArticleGridProps {
  articles: ArticleSummary[] | undefined;
  isLoading: boolean;
  skeletonCount?: number;
  empty: ReactNode;
  /** Number of leading cards whose images load at once. */
  priorityCount?: number;
  /** The cards' title level: h2 straight under the page's h1, h3 (the default) under a section's h2. */
  headingLevel?: 'h2' | 'h3';
  /** Set when the read failed: with nothing to show, the grid says so and offers a retry, not `empty`. */
  failure?: Failure | null;
}

/** Responsive grid of cards: 1 column on phones, 2 on tablets, 3 on desktops. */
export function ArticleGrid({ articles, isLoading, skeletonCount = 6, empty, priorityCount = 0, headingLevel, failure }: ArticleGridProps) {
  const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6';
  if (isLoading && !articles) {
    return (
      <div className={grid} aria-busy="true" aria-label="در حال بارگذاری">
        {Array.from({ length: skeletonCount }, (_, i) => <ArticleCardSkeleton key={i} />)}
      </div>
    );
  }
  if (failure && !articles?.length) return <LoadFailed {...failure}>{LOAD_FAILED.articles}</LoadFailed>;
  if (!articles?.length) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className={grid}>
      {articles.map((article, i) => (
        <li key={article.id}><ArticleCard article={article} priority={i < priorityCount} headingLevel={headingLevel} /></li>
      ))}
    </ul>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted">{children}</p>;
}
