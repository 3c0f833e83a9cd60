import { Link } from './link.tsx';
import { Clock, Eye } from './icons';
import { formatNumberFa } from '@chapar/shared/text';
import type { ArticleSummary } from '../lib/article-summary.ts';
import { paths } from '../lib/paths.ts';
import { ArticleImage } from './article-image.tsx';
import { CategoryBadge } from './category-badge.tsx';
import { RelativeTime } from './relative-time.tsx';

interface ArticleCardProps {
  article: ArticleSummary;
  /** 'compact': small image beside the title, for sidebars and short lists. */
  variant?: 'default' | 'compact';
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** One article in a list. The title link covers the whole card; the category stays its own link. */
export function ArticleCard({ article, variant = 'default', priority, headingLevel: Heading = 'h3' }: ArticleCardProps) {
  const href = paths.article(article);
  if (variant === 'compact') {
    return (
      <article className="group relative flex gap-3">
        <ArticleImage article={article} className="w-[min(8rem,35%)] shrink-0 self-start rounded-lg sm:w-36" sizes="9rem" />
        <div className="min-w-0 flex-1">
          <Heading className="text-[0.9375rem] leading-7 font-bold group-hover:text-accent">
            <Link to={href} className="block after:absolute after:inset-0"><span className="line-clamp-3">{article.title}</span></Link>
          </Heading>
          <p className="mt-1 text-xs text-muted"><RelativeTime date={article.publishedAt} /></p>
        </div>
      </article>
    );
  }
  // Phones get a dense row (thumbnail beside the title); wider screens a vertical card.
  return (
    <article className="group relative flex h-full gap-3 border-b border-border pb-4 sm:flex-col sm:gap-0 sm:overflow-hidden sm:rounded-xl sm:border sm:bg-card sm:pb-0 sm:transition-shadow sm:hover:shadow-md">
      <ArticleImage
        article={article}
        priority={priority}
        // A share of the row, not only rem: at 150 % text on 320 px the title keeps room.
        className="w-[min(8rem,35%)] shrink-0 self-start rounded-lg sm:w-full sm:rounded-none"
        sizes="(min-width: 1024px) 25rem, (min-width: 640px) 50vw, 8rem"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:gap-2 sm:p-4">
        <div className="hidden sm:block"><CategoryBadge category={article.category} /></div>
        {/* The clamp sits inside the link: on the heading it would clip the link's focus ring. */}
        <Heading className="text-[0.9375rem] leading-7 font-bold group-hover:text-accent sm:text-base sm:leading-8">
          <Link to={href} className="block after:absolute after:inset-0"><span className="line-clamp-3">{article.title}</span></Link>
        </Heading>
        {article.excerpt && <p className="hidden text-sm leading-7 text-muted sm:line-clamp-2">{article.excerpt}</p>}
        {/* Two groups: in a narrow card (three columns, large text) the stats move to a second
            line together, never the view count alone. */}
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted sm:pt-1">
          <RelativeTime date={article.publishedAt} />
          <span className="inline-flex items-center gap-x-3 whitespace-nowrap">
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              {formatNumberFa(article.cardMinutes)} دقیقه مطالعه
            </span>
            <span className="hidden items-center gap-1 sm:inline-flex">
              <Eye aria-hidden="true" className="size-3.5" />
              <span className="sr-only">بازدید:</span>
              {formatNumberFa(article.views)}
            </span>
          </span>
        </p>
      </div>
    </article>
  );
}

export function ArticleCardSkeleton({ variant = 'default' }: { variant?: 'default' | 'compact' }) {
  if (variant === 'compact') {
    return (
      <div aria-hidden="true" className="flex gap-3">
        <div className="aspect-video w-28 shrink-0 animate-pulse rounded-lg bg-surface sm:w-32" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-3 animate-pulse rounded bg-surface" />
          <div className="h-3 w-2/3 animate-pulse rounded bg-surface" />
        </div>
      </div>
    );
  }
  return (
    <div aria-hidden="true" className="flex gap-3 sm:block sm:overflow-hidden sm:rounded-xl sm:border sm:border-border sm:bg-card">
      <div className="aspect-video w-32 shrink-0 animate-pulse rounded-lg bg-surface sm:w-full sm:rounded-none" />
      <div className="flex-1 space-y-3 sm:p-4">
        <div className="h-4 w-16 animate-pulse rounded-full bg-surface" />
        <div className="h-4 animate-pulse rounded bg-surface" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-surface" />
      </div>
    </div>
  );
}
