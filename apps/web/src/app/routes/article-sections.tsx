// Pieces of the article page that combine several features (features never import each
// other; the page composes them). The route module is article.tsx.
import { Suspense } from 'react';
import { MessagesSquare } from '../../components/icons';
import type { Article } from '@chapar/shared/contracts';
import { buildAltText, shortPath } from '@chapar/shared/text';
import { WhenVisible } from '../../components/when-visible.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { BodyVideo } from '../../features/article/components/article-body.tsx';
import { useAdminStatus } from '../../features/auth/api.ts';
import { VideoPlayer } from '../../features/players/components/video-player.tsx';
import { StarRating } from '../../features/rating/components/star-rating.tsx';
import { ShareActions } from '../../features/share/components/share-actions.tsx';
import { ShortLinkBox } from '../../features/share/components/short-link-box.tsx';
import { paths } from '../../lib/paths.ts';
import { absoluteSiteUrl, useSiteOrigin } from '../../lib/site-origin.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { lazyPart } from '../../lib/lazy-part.ts';
import { PartBoundary } from '../../components/part-boundary.tsx';

// Loaded when the reader comes near them, or when an administrator is signed in: most
// readers never download the comment form or the admin tools.
const CommentsSection = lazyPart(() => import('../../features/comments/components/comments-section.tsx'));
const ArticleAdminPanel = lazyPart(() => import('../../features/article-admin/components/article-admin-panel.tsx'));

export function videoLabel(article: Article): string {
  return article.videoAltText || buildAltText({ kind: 'video', title: article.title, category: article.category, excerpt: article.excerpt });
}

/** Puts the site's player in place of a video embedded in the body. */
export const renderBodyVideo = (article: Article) => (video: BodyVideo) => (
  <VideoPlayer
    src={video.src}
    poster={video.poster}
    label={videoLabel(article)}
    // Already cleaned: it is part of the sanitised body.
    caption={video.captionHtml ? <span dangerouslySetInnerHTML={{ __html: video.captionHtml }} /> : undefined}
  />
);

/**
 * Spec 02 §2 item 15: rating, share, copy link and the short-link box. The absolute addresses
 * are made here (not passed in), so they follow this block's own hydration.
 */
export function InteractionCard({ article }: { article: Article }) {
  const origin = useSiteOrigin();
  const url = absoluteSiteUrl(origin, paths.article(article));
  const shortUrl = absoluteSiteUrl(origin, shortPath(article.id));
  return (
    <section aria-labelledby="interaction-title" className="mt-10 space-y-5 rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id="interaction-title" className="text-lg font-bold">نظر شما درباره این خبر</h2>
      <StarRating articleId={article.id} />
      <ShareActions articleId={article.id} title={article.title} url={url} />
      <ShortLinkBox articleId={article.id} shortUrl={shortUrl} />
    </section>
  );
}

const COMMENTS_NEED_SCRIPT = 'برای خواندن و نوشتن نظرها، جاوااسکریپت مرورگر را روشن کنید.';

// Without JavaScript the comments never load: the reader is told why (a text child, so the
// browser's noscript text and the hydrated tree are the same), and no loading box stays.
const commentsPlaceholder = (
  <div className="space-y-3">
    <div aria-hidden="true" className="flex items-center gap-2 text-xl font-bold"><MessagesSquare className="size-5 text-muted" />نظرات</div>
    <noscript>{COMMENTS_NEED_SCRIPT}</noscript>
    <Skeleton className="js-only h-24 w-full" />
  </div>
);

/** Spec 02 §2 item 16, loaded when it comes near the viewport. */
export function LazyComments({ articleId }: { articleId: number }) {
  return (
    <WhenVisible id="comments" className="mt-10" placeholder={commentsPlaceholder}>
      {/* Its code not come (offline, a new version): the comments say so, the article stays. */}
      <PartBoundary>
        <Suspense fallback={commentsPlaceholder}>
          <CommentsSection articleId={articleId} />
        </Suspense>
      </PartBoundary>
    </WhenVisible>
  );
}

/** Spec 02 §2 item 18: only for a signed-in administrator (the status call is not retried). */
export function AdminTools({ article }: { article: Article }) {
  const hydrated = useHydrated();
  const { data } = useAdminStatus({ enabled: hydrated });
  // Its tools edit the article: only for a role that may (a moderator or viewer sees none).
  if (!hydrated || !data?.isAuthenticated || !data.permissions.includes('articles')) return null;
  return (
    <div className="mt-10">
      <PartBoundary>
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <ArticleAdminPanel articleId={article.id} articleTitle={article.title} csrfToken={data.csrfToken} />
        </Suspense>
      </PartBoundary>
    </div>
  );
}
