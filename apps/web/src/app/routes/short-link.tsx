import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseArticleId } from '@chapar/shared/text';
import { articleQuery, useArticle } from '../../features/article/api.ts';
import { ARTICLE_NOT_FOUND } from '@chapar/shared/page-reads';
import { ArticleNotFound } from '../../features/article/components/article-not-found.tsx';
import { ArticleSkeleton } from '../../features/article/components/article-skeleton.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { pageTitle } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteModule } from '../route-types.ts';

/**
 * /s/{id}: the server answers 301 (after its redirect table); in the browser (client
 * navigation) the address is replaced by the article's clean one.
 */
function ShortLinkPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const id = parseArticleId(pathname);
  const { data, isError } = useArticle(id);
  useEffect(() => {
    if (data) navigate(paths.article(data), { replace: true });
  }, [data, navigate]);
  if (id === null || isError) return <ArticleNotFound />;
  return <ArticleSkeleton />;
}

export const route: RouteModule = {
  Component: ShortLinkPage,
  prefetch: async ({ queryClient, pathname }) => {
    const id = parseArticleId(pathname);
    if (id !== null) await queryClient.prefetchQuery(articleQuery(id));
  },
  resolve: ({ queryClient, pathname }) => {
    const id = parseArticleId(pathname);
    if (id === null) return { status: 404 };
    const state = queryClient.getQueryState(articleQuery(id).queryKey);
    if (state?.data) return { status: 301, redirect: paths.article(state.data) };
    return { status: isApiError(state?.error, 404) || isApiError(state?.error, 400) ? 404 : 200 };
  },
  head: ({ queryClient, pathname }) => {
    const id = parseArticleId(pathname);
    const missing = id === null || queryClient.getQueryState(articleQuery(id).queryKey)?.error;
    return { title: pageTitle(missing ? ARTICLE_NOT_FOUND : undefined), path: pathname, noindex: true };
  },
};
