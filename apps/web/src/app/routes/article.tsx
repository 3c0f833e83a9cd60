import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Home, RotateCcw } from '../../components/icons';
import type { Article } from '@chapar/shared/contracts';
import { categoryFaName, categorySlug, excerptRepeatsLead, feedPaths, parseArticleId, SHARE_IMAGE, shareImagePath, stripHtml } from '@chapar/shared/text';
import { articleQuery, keywordList, relatedQuery, useArticle, useTrackViews } from '../../features/article/api.ts';
import { ArticleBody, hasEmbeddedVideo } from '../../features/article/components/article-body.tsx';
import { ArticleBreadcrumb } from '../../features/article/components/article-breadcrumb.tsx';
import { ArticleCover } from '../../features/article/components/article-cover.tsx';
import { ArticleMeta } from '../../features/article/components/article-meta.tsx';
import { ARTICLE_NOT_FOUND } from '@chapar/shared/page-reads';
import { ArticleNotFound } from '../../features/article/components/article-not-found.tsx';
import { ArticleSkeleton } from '../../features/article/components/article-skeleton.tsx';
import { ArticleTopBar } from '../../features/article/components/article-top-bar.tsx';
import { KeywordTags } from '../../features/article/components/keyword-tags.tsx';
import { OldContentWarning } from '../../features/article/components/old-content-warning.tsx';
import { ReadingStats } from '../../features/article/components/reading-stats.tsx';
import { RelatedArticles } from '../../features/article/components/related-articles.tsx';
import { BookmarkButton } from '../../features/bookmarks/components/bookmark-button.tsx';
import { OfflineBanner } from '../../features/offline/components/offline-banner.tsx';
import { OfflineSaveButton } from '../../features/offline/components/offline-save-button.tsx';
import { PodcastPlayer } from '../../features/players/components/podcast-player.tsx';
import { VideoPlayer } from '../../features/players/components/video-player.tsx';
import { NativeShareButton } from '../../features/share/components/native-share-button.tsx';
import { ShareButtons } from '../../features/share/components/share-buttons.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { HydrateWhenVisible } from '../../components/hydrate-when-visible.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { absoluteUrl, DEFAULT_SHARE_IMAGE, pageTitle, SITE_LOGO, SITE_NAME, useDocumentHead, type PageHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteSiteUrl, rememberSiteOrigin, useSiteOrigin } from '../../lib/site-origin.ts';
import type { RouteContext, RouteModule } from '../route-types.ts';
import { AdminTools, InteractionCard, LazyComments, renderBodyVideo, videoLabel } from './article-sections.tsx';

function ArticleFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-xl font-bold">خطا در بارگذاری خبر</h1>
      <p className="mt-2 text-muted">لطفاً دوباره تلاش کنید.</p>
      <div className="mt-6 flex justify-center gap-2">
        <button type="button" onClick={onRetry} className={buttonStyles.secondary}><RotateCcw aria-hidden="true" className="size-4" />تلاش دوباره</button>
        <Link to={paths.home()} className={buttonStyles.ghost}><Home aria-hidden="true" className="size-4" />صفحه اصلی</Link>
      </div>
    </div>
  );
}

/** Spec 02 §2: every block of the page, top to bottom. */
function ArticleLoaded({ article }: { article: Article }) {
  const location = useLocation();
  const navigate = useNavigate();
  const clean = paths.article(article);
  const origin = useSiteOrigin();
  const url = absoluteSiteUrl(origin, clean);
  const renderVideo = useMemo(() => renderBodyVideo(article), [article]);
  useDocumentHead({ title: pageTitle(article.title), description: article.metaDescription || article.excerpt });
  useTrackViews(article.id);
  // Spec 02 §2: an encoded or outdated address becomes the clean one (replace, not push).
  // The server already answers such addresses with a 301; this covers client navigation.
  useEffect(() => {
    if (location.pathname !== encodeURI(clean)) navigate(clean + location.search + location.hash, { replace: true });
  }, [clean, location.pathname, location.search, location.hash, navigate]);

  return (
    <div className="mx-auto max-w-3xl">
      <ArticleTopBar title={article.title}>
        <NativeShareButton articleId={article.id} title={article.title} url={url} />
        <BookmarkButton articleId={article.id} />
      </ArticleTopBar>
      <ArticleBreadcrumb title={article.title} category={article.category} />
      <OfflineBanner />
      <article aria-labelledby="article-title">
        <OldContentWarning publishedAt={article.publishedAt} />
        <ArticleCover article={article} />
        <ArticleMeta article={article}>
          <OfflineSaveButton article={article} pagePath={clean} />
        </ArticleMeta>
        <h1 id="article-title" className="mt-4 text-2xl leading-[2.75rem] font-bold sm:text-3xl sm:leading-[3.25rem]">{article.title}</h1>
        {/* The lead once: an excerpt that is the body's first paragraph over again is left out. */}
        {article.excerpt && !excerptRepeatsLead(article.excerpt, article.content) && <p className="mt-3 text-lg leading-9 text-muted">{article.excerpt}</p>}
        <div className="mt-6">
          <ShareButtons articleId={article.id} url={url} title={article.title} category={article.category}>
            <BookmarkButton articleId={article.id} variant="pill" />
          </ShareButtons>
        </div>
        {article.videoUrl && !hasEmbeddedVideo(article.content) && (
          <VideoPlayer src={article.videoUrl} poster={article.videoPosterUrl ?? article.imageUrl} duration={article.videoDuration} label={videoLabel(article)} />
        )}
        {article.podcastUrl && <PodcastPlayer src={article.podcastUrl} duration={article.podcastDuration} voice={article.podcastVoice} articleId={article.id} feedUrl={feedPaths.podcast()} />}
        <ReadingStats content={article.content} />
        <ArticleBody html={article.content} renderVideo={renderVideo} />
        <KeywordTags keywords={article.keywords} />
      </article>
      <HydrateWhenVisible name="related" key={`related-${article.id}`}>
        <RelatedArticles articleId={article.id} />
      </HydrateWhenVisible>
      <HydrateWhenVisible name="interaction" key={`interaction-${article.id}`}>
        <InteractionCard article={article} />
      </HydrateWhenVisible>
      <LazyComments articleId={article.id} />
      <AdminTools article={article} />
    </div>
  );
}

const isMissing = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);

function ArticlePage() {
  const { pathname } = useLocation();
  const id = parseArticleId(pathname);
  const { data, isLoading, error, refetch } = useArticle(id);
  if (id === null || isMissing(error)) return <ArticleNotFound />;
  if (error && !data) return <ArticleFailed onRetry={() => void refetch()} />;
  if (isLoading || !data) return <ArticleSkeleton />;
  return <ArticleLoaded article={data} />;
}

const idOf = (ctx: RouteContext) => parseArticleId(ctx.pathname);
const loaded = (ctx: RouteContext) => {
  const id = idOf(ctx);
  return id === null ? undefined : ctx.queryClient.getQueryData(articleQuery(id).queryKey);
};

function articleHead(article: Article, baseUrl: string): PageHead {
  const path = paths.article(article);
  const description = article.metaDescription || article.excerpt || stripHtml(article.content).slice(0, 160);
  // Link previews get the photo cut to 1200 × 630 by the server, whose size is therefore known;
  // search engines get that first (a channel's photo can be smaller than they take), then the photo.
  const share = shareImagePath(article.imageUrl);
  const images = [share, article.imageUrl || DEFAULT_SHARE_IMAGE.path].filter((url): url is string => Boolean(url)).map((url) => absoluteUrl(baseUrl, url));
  const categoryPath = paths.category(categorySlug(article.category));
  const section = categoryFaName(article.category);
  const tags = keywordList(article.keywords);
  const publisher = { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(baseUrl, '/'), logo: { '@type': 'ImageObject', url: absoluteUrl(baseUrl, SITE_LOGO.path), width: SITE_LOGO.size, height: SITE_LOGO.size } };
  return {
    title: pageTitle(article.title),
    description,
    path,
    type: 'article',
    image: share ?? article.imageUrl,
    imageSize: share ? SHARE_IMAGE : null,
    imageAlt: article.imageAltText,
    publishedTime: article.publishedAt,
    modifiedTime: article.updatedAt,
    section,
    tags,
    largeImagePreview: true,
    jsonLd: [{
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.title.slice(0, 110),
      description,
      image: images,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      // Articles are the newsroom's rewrites of channel posts: the organisation is the author.
      author: [{ '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(baseUrl, '/') }],
      publisher,
      articleSection: section,
      keywords: tags.join('، '),
      inLanguage: 'fa-IR',
      isAccessibleForFree: true,
      mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(baseUrl, path) },
    }, {
      // The breadcrumb the page shows (home › category › title).
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'خانه', item: absoluteUrl(baseUrl, paths.home()) },
        { '@type': 'ListItem', position: 2, name: section, item: absoluteUrl(baseUrl, categoryPath) },
        { '@type': 'ListItem', position: 3, name: article.title, item: absoluteUrl(baseUrl, path) },
      ],
    }],
  };
}

export const route: RouteModule = {
  Component: ArticlePage,
  prefetch: async (ctx) => {
    rememberSiteOrigin(ctx.queryClient, ctx.baseUrl);
    const id = idOf(ctx);
    if (id === null) return;
    await Promise.all([ctx.queryClient.prefetchQuery(articleQuery(id)), ctx.queryClient.prefetchQuery(relatedQuery(id))]);
  },
  resolve: (ctx) => {
    const id = idOf(ctx);
    if (id === null) return { status: 404 };
    const state = ctx.queryClient.getQueryState(articleQuery(id).queryKey);
    if (isMissing(state?.error)) return { status: 404 };
    if (!state?.data) return { status: state?.error ? 503 : 200 };
    // One address per article: any other form (bare id, old slug, other encoding) moves.
    const clean = paths.article(state.data);
    if (ctx.pathname !== encodeURI(clean)) {
      const search = ctx.searchParams.toString();
      return { status: 301, redirect: search ? `${clean}?${search}` : clean };
    }
    return { status: 200 };
  },
  head: (ctx) => {
    const article = loaded(ctx);
    return article ? articleHead(article, ctx.baseUrl) : { title: pageTitle(ARTICLE_NOT_FOUND), path: ctx.pathname, noindex: true };
  },
};
