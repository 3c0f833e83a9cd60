import { useParams } from 'react-router';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { categoryArticlesQuery, useCategoryArticles } from '../../features/articles/api.ts';
import { categoriesQuery, categoryTitle, useCategories } from '../../features/categories/api.ts';
import { CATEGORIES, feedPaths } from '@chapar/shared/text';
import { pageTitle, SITE_NAME, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteContext, RouteModule } from '../route-types.ts';

function CategoryPage() {
  const slug = (useParams().slug ?? '').toLowerCase();
  const { data: categories } = useCategories();
  const { data, isLoading } = useCategoryArticles(slug);
  const { name, description } = categoryTitle(slug, categories);
  useDocumentHead({ title: pageTitle(name), description });
  return (
    <>
      <header className="mb-6 border-b border-border pb-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
        {description && <p className="mt-2 text-muted">{description}</p>}
      </header>
      <ArticleGrid articles={data} isLoading={isLoading} skeletonCount={9} priorityCount={3} headingLevel="h2" empty="مقاله‌ای یافت نشد" />
    </>
  );
}

const slugOf = (ctx: RouteContext) => (ctx.params.slug ?? '').toLowerCase();
const titleOf = (ctx: RouteContext) => categoryTitle(slugOf(ctx), ctx.queryClient.getQueryData(categoriesQuery().queryKey));

export const route: RouteModule = {
  Component: CategoryPage,
  prefetch: (ctx) => ctx.queryClient.prefetchQuery(categoryArticlesQuery(slugOf(ctx))),
  // A category the site does not have is shown to the visitor (spec 01 §2) but is no page of
  // the site: 404, not indexed, and never in the sitemap.
  resolve: (ctx) => ({ status: titleOf(ctx).known ? 200 : 404 }),
  head: (ctx) => {
    const { name, description, known } = titleOf(ctx);
    // The category's own feeds (the server has one for each of the site's categories).
    const slug = slugOf(ctx);
    const hasFeed = known && CATEGORIES.some((c) => c.slug === slug);
    const feeds = hasFeed ? [
      { title: `${SITE_NAME} — ${name}`, path: feedPaths.category(slug) },
      { title: `${SITE_NAME} — پادکست ${name}`, path: feedPaths.podcastCategory(slug) },
    ] : [];
    return { title: pageTitle(name), description: description || undefined, path: paths.category(slug), noindex: !known, feeds };
  },
};
