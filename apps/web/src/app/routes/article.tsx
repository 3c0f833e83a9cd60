import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Home, RotateCcw } from 'lucide-react';
import { categoryFaName, parseArticleId, stripHtml } from '@chapar/shared/text';
import type { Article } from '@chapar/shared/contracts';
import { ARTICLE_REDIRECTS, articleQuery, useArticle } from '../../features/article/api.ts';
import { ArticleSkeleton } from '../../features/article/components/article-skeleton.tsx';
import { ArticleView } from '../../features/article/components/article-view.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { isApiError } from '../../lib/api-client.ts';
import { absoluteUrl, DEFAULT_SHARE_IMAGE, pageTitle, SITE_NAME, useDocumentHead, type PageHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteContext, RouteModule } from '../route-types.ts';

const NOT_FOUND = 'مقاله مورد نظر یافت نشد';

function ArticleNotFound() {
  useDocumentHead({ title: pageTitle(NOT_FOUND) });
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">{NOT_FOUND}</h1>
      <Link to={paths.home()} className={`${buttonStyles.primary} mt-6`}><Home aria-hidden="true" className="size-4" />بازگشت به صفحه اصلی</Link>
    </div>
  );
}

function ArticleLoaded({ article }: { article: Article }) {
  const location = useLocation();
  const navigate = useNavigate();
  const clean = paths.article(article);
  useDocumentHead({ title: pageTitle(article.title), description: article.metaDescription || article.excerpt });
  // Spec 02 §2: an encoded or legacy address is replaced by the clean one.
  useEffect(() => {
    if (location.pathname !== encodeURI(clean)) navigate(clean + location.search + location.hash, { replace: true });
  }, [clean, location.pathname, location.search, location.hash, navigate]);
  return <ArticleView article={article} url={typeof window === 'undefined' ? clean : window.location.origin + encodeURI(clean)} />;
}

function ArticleFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-xl font-bold">خطا در بارگذاری خبر</h1>
      <p className="mt-2 text-muted">لطفاً دوباره تلاش کنید.</p>
      <button type="button" onClick={onRetry} className={`${buttonStyles.secondary} mt-6`}><RotateCcw aria-hidden="true" className="size-4" />تلاش دوباره</button>
    </div>
  );
}

const isMissing = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);

function ArticlePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const parsed = parseArticleId(pathname);
  const redirectTo = parsed !== null ? ARTICLE_REDIRECTS[parsed] : undefined;
  const { data, isLoading, error, refetch } = useArticle(redirectTo ? null : parsed);
  useEffect(() => {
    if (redirectTo) navigate(`/article/${redirectTo}`, { replace: true });
  }, [redirectTo, navigate]);
  if (parsed === null || isMissing(error)) return <ArticleNotFound />;
  if (error) return <ArticleFailed onRetry={() => void refetch()} />;
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
  return {
    title: pageTitle(article.title),
    description,
    path,
    type: 'article',
    image: article.imageUrl,
    imageAlt: article.imageAltText,
    publishedTime: article.publishedAt,
    modifiedTime: article.updatedAt,
    section: categoryFaName(article.category),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.title.slice(0, 110),
      description,
      image: [absoluteUrl(baseUrl, article.imageUrl || DEFAULT_SHARE_IMAGE.path)],
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      articleSection: categoryFaName(article.category),
      inLanguage: 'fa-IR',
      mainEntityOfPage: absoluteUrl(baseUrl, path),
      publisher: { '@type': 'Organization', name: SITE_NAME, logo: { '@type': 'ImageObject', url: absoluteUrl(baseUrl, '/favicon.svg') } },
    },
  };
}

export const route: RouteModule = {
  Component: ArticlePage,
  prefetch: async (ctx) => {
    const id = idOf(ctx);
    if (id !== null && !ARTICLE_REDIRECTS[id]) await ctx.queryClient.prefetchQuery(articleQuery(id));
  },
  resolve: (ctx) => {
    const id = idOf(ctx);
    if (id === null) return { status: 404 };
    if (ARTICLE_REDIRECTS[id]) return { status: 301, redirect: `/article/${ARTICLE_REDIRECTS[id]}` };
    const state = ctx.queryClient.getQueryState(articleQuery(id).queryKey);
    if (isMissing(state?.error)) return { status: 404 };
    return { status: state?.error ? 503 : 200 };
  },
  head: (ctx) => {
    const article = loaded(ctx);
    return article ? articleHead(article, ctx.baseUrl) : { title: pageTitle(NOT_FOUND), path: ctx.pathname, noindex: true };
  },
};
