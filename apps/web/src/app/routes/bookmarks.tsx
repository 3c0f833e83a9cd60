// The reader's bookmarks (spec 01 lets a visitor bookmark; this is where they are found again).
// They are kept under this browser's session id, which only the browser knows: the server sends
// the page's frame, and the list is read once the page runs.
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { categoryFaName, formatJalaliDate } from '@chapar/shared/text';
import { Bookmark } from '../../components/icons';
import { Link } from '../../components/link.tsx';
import { bookmarksQuery } from '../../features/bookmarks/api.ts';
import { BookmarkButton } from '../../features/bookmarks/components/bookmark-button.tsx';
import { pageTitle, useDocumentHead } from '../../lib/head.ts';
import { useFocusKeptInside } from '../../lib/keep-focus.ts';
import { paths } from '../../lib/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { RouteModule } from '../route-types.ts';

const TITLE = 'خبرهای نشانک‌شده';
const DESCRIPTION = 'خبرهایی که در این مرورگر نشانک کرده‌اید.';

function BookmarkList() {
  const hydrated = useHydrated();
  const { data, isError, refetch } = useQuery({ ...bookmarksQuery(), enabled: hydrated });
  if (!hydrated || (!data && !isError)) {
    return (
      <>
        <p role="status" className="js-only text-muted">در حال بارگذاری نشانک‌ها…</p>
        <noscript><p className="text-muted">نشانک‌ها در همین مرورگر نگه داشته می‌شوند و دیدن آن‌ها به جاوااسکریپت نیاز دارد.</p></noscript>
      </>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-xl border border-border bg-card p-6 text-center">
        <p>نشانک‌ها خوانده نشد.</p>
        <button type="button" onClick={() => void refetch()} className="mt-3 text-accent underline-offset-4 hover:underline">تلاش دوباره</button>
      </div>
    );
  }
  if (!data.length) {
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center leading-8 text-muted">
        هنوز خبری را نشانک نکرده‌اید. با دکمهٔ «نشانک» در صفحهٔ هر خبر، آن را این‌جا نگه دارید.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
      {data.map(({ articleId, createdAt, article }) => (
        <li key={articleId} className="flex items-start gap-3 p-4">
          <div className="min-w-0 flex-1">
            <h2 className="leading-8 font-bold"><Link to={paths.article(article)} className="hover:text-accent">{article.title}</Link></h2>
            <p className="mt-1 text-sm text-muted">
              {categoryFaName(article.category)} · منتشرشده {formatJalaliDate(article.publishedAt)} · نشانک‌شده {formatJalaliDate(createdAt)}
            </p>
          </div>
          <BookmarkButton articleId={articleId} title={article.title} />
        </li>
      ))}
    </ul>
  );
}

function BookmarksPage() {
  useDocumentHead({ title: pageTitle(TITLE), description: DESCRIPTION });
  // A bookmark removed here takes its card, and the focused button with it: focus goes to the next
  // card's button (the one before, for the last card), or to this section once the list is empty.
  const page = useRef<HTMLElement>(null);
  useFocusKeptInside(page);
  return (
    <section ref={page} aria-labelledby="bookmarks-heading" className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 id="bookmarks-heading" className="flex items-center gap-2 text-2xl font-bold sm:text-3xl"><Bookmark aria-hidden="true" className="size-7 text-accent" />{TITLE}</h1>
        <p className="mt-2 text-muted">{DESCRIPTION}</p>
      </header>
      <BookmarkList />
    </section>
  );
}

export const route: RouteModule = {
  Component: BookmarksPage,
  // A reader's own list: the page is the same frame for everyone and no search engine's business.
  head: () => ({ title: pageTitle(TITLE), description: DESCRIPTION, path: paths.bookmarks(), noindex: true }),
};
