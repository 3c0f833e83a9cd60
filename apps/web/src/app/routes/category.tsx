import { useParams, useSearchParams } from 'react-router';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { ChevronLeft, ChevronRight } from '../../components/icons';
import { Link } from '../../components/link.tsx';
import { failureOf } from '../../components/load-failed.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { CATEGORY_PAGE_SIZE, categoryArticlesQuery, useCategoryArticles } from '../../features/articles/api.ts';
import { categoriesQuery, categoryTitle, useCategories } from '../../features/categories/api.ts';
import { CATEGORIES, feedPaths, formatNumberFa } from '@chapar/shared/text';
import { pageTitle, SITE_NAME, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteContext, RouteModule } from '../route-types.ts';

/** `?page=` as a page number: plain digits from 2 up, anything else the first page. */
function pageOf(raw: string | null): number {
  return raw && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
}

/** Older and newer pages as plain links: they work without JavaScript and crawlers follow them. */
function Pager({ slug, page, hasOlder }: { slug: string; page: number; hasOlder: boolean }) {
  if (page === 1 && !hasOlder) return null;
  return (
    <nav aria-label="صفحه‌های دسته‌بندی" className="mt-8 flex items-center justify-between gap-2">
      {page > 1 ? <Link to={paths.category(slug, page - 1)} rel="prev" className={buttonStyles.secondary}><ChevronRight aria-hidden="true" className="size-4" />خبرهای تازه‌تر</Link> : <span />}
      <span className="text-sm text-muted">صفحهٔ {formatNumberFa(page)}</span>
      {hasOlder ? <Link to={paths.category(slug, page + 1)} rel="next" className={buttonStyles.secondary}>خبرهای قدیمی‌تر<ChevronLeft aria-hidden="true" className="size-4" /></Link> : <span />}
    </nav>
  );
}

function CategoryPage() {
  const slug = (useParams().slug ?? '').toLowerCase();
  const page = pageOf(useSearchParams()[0].get('page'));
  const { data: categories } = useCategories();
  const articles = useCategoryArticles(slug, undefined, page);
  const { data, isLoading } = articles;
  const { name, description } = categoryTitle(slug, categories);
  const title = page > 1 ? `${name}، صفحهٔ ${formatNumberFa(page)}` : name;
  useDocumentHead({ title: pageTitle(title), description });
  return (
    <>
      <header className="mb-6 border-b border-border pb-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
        {description && <p className="mt-2 text-muted">{description}</p>}
      </header>
      <ArticleGrid articles={data} isLoading={isLoading} skeletonCount={9} priorityCount={page === 1 ? 3 : 0} headingLevel="h2" empty="مقاله‌ای یافت نشد" failure={failureOf(articles)} />
      {data && <Pager slug={slug} page={page} hasOlder={data.length >= CATEGORY_PAGE_SIZE} />}
    </>
  );
}

const slugOf = (ctx: RouteContext) => (ctx.params.slug ?? '').toLowerCase();
const ctxPage = (ctx: RouteContext) => pageOf(ctx.searchParams.get('page'));
const titleOf = (ctx: RouteContext) => categoryTitle(slugOf(ctx), ctx.queryClient.getQueryData(categoriesQuery().queryKey));

export const route: RouteModule = {
  Component: CategoryPage,
  prefetch: (ctx) => ctx.queryClient.prefetchQuery(categoryArticlesQuery(slugOf(ctx), undefined, ctxPage(ctx))),
  // A category the site does not have is shown to the visitor (spec 01 §2) but is no page of
  // the site: 404, not indexed, and never in the sitemap. So is a page past its last article.
  // A list that could not be read (the database not answering) is a 503: try again, not an empty category.
  resolve: (ctx) => {
    if (!titleOf(ctx).known) return { status: 404 };
    const page = ctxPage(ctx);
    const state = ctx.queryClient.getQueryState(categoryArticlesQuery(slugOf(ctx), undefined, page).queryKey);
    if (!state?.data) return { status: state?.error ? 503 : 200 };
    return { status: page > 1 && state.data.length === 0 ? 404 : 200 };
  },
  head: (ctx) => {
    const { name, description, known } = titleOf(ctx);
    // The category's own feeds (the server has one for each of the site's categories).
    const slug = slugOf(ctx);
    const hasFeed = known && CATEGORIES.some((c) => c.slug === slug);
    const feeds = hasFeed ? [
      { title: `${SITE_NAME} — ${name}`, path: feedPaths.category(slug) },
      { title: `${SITE_NAME} — پادکست ${name}`, path: feedPaths.podcastCategory(slug) },
    ] : [];
    const page = ctxPage(ctx);
    const title = page > 1 ? `${name}، صفحهٔ ${formatNumberFa(page)}` : name;
    return { title: pageTitle(title), description: description || undefined, path: paths.category(slug, page), noindex: !known, feeds };
  },
};
