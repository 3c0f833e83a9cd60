import { Link } from 'react-router';
import { AlertTriangle, Clock, Eye, FileText, Flame, RefreshCw } from 'lucide-react';
import type { Article } from '@chapar/shared/contracts';
import {
  articleReadingMinutes, buildAltText, categoryFaName, categorySlug, countWords, formatJalaliDate,
  formatNumberFa, freshnessBadge, isHot, isOldContent, wasUpdated,
} from '@chapar/shared/text';
import { ArticleImage } from '../../../components/article-image.tsx';
import { CategoryBadge } from '../../../components/category-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useNow } from '../../../lib/now.tsx';
import { paths } from '../../../lib/paths.ts';
import { breadcrumbTitle } from '../api.ts';
import { ShareLinks } from './share-links.tsx';

/** The readable part of the article page (spec 02 §2), all of it server-rendered. */
export function ArticleView({ article, url }: { article: Article; url: string }) {
  const now = useNow();
  const freshness = freshnessBadge(article.publishedAt, now);
  const minutes = articleReadingMinutes(article.content);
  const words = countWords(article.content);
  const keywords = article.keywords.split(/[,،]/).map((k) => k.trim()).filter(Boolean);
  return (
    <article className="mx-auto max-w-3xl">
      <nav aria-label="مسیر صفحه" className="mb-4 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to={paths.home()} className="hover:text-accent">خانه</Link></li>
          <li aria-hidden="true">/</li>
          <li><Link to={paths.category(categorySlug(article.category))} className="hover:text-accent">{categoryFaName(article.category)}</Link></li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-fg">{breadcrumbTitle(article.title)}</li>
        </ol>
      </nav>
      {isOldContent(article.publishedAt, now) && (
        <p role="note" className="mb-4 flex items-center gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          این خبر بیش از یک ماه پیش منتشر شده و ممکن است به‌روز نباشد.
        </p>
      )}
      <h1 className="text-2xl leading-[2.75rem] font-bold sm:text-3xl sm:leading-[3.25rem]">{article.title}</h1>
      {article.excerpt && <p className="mt-3 text-lg leading-9 text-muted">{article.excerpt}</p>}
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <time dateTime={article.publishedAt}>{formatJalaliDate(article.publishedAt)}</time>
        <RelativeTime date={article.publishedAt} />
        <span className="inline-flex items-center gap-1"><Eye aria-hidden="true" className="size-4" />{formatNumberFa(article.views)} بازدید</span>
        {wasUpdated(article.publishedAt, article.updatedAt) && (
          <span className="inline-flex items-center gap-1"><RefreshCw aria-hidden="true" className="size-4" />به‌روزشده <RelativeTime date={article.updatedAt} /></span>
        )}
      </p>
      <figure className="relative mt-6 overflow-hidden rounded-2xl">
        <ArticleImage article={article} priority className="w-full" sizes="(min-width: 768px) 48rem, 100vw" />
        <div className="absolute top-3 start-3 flex gap-2">
          <CategoryBadge category={article.category} />
          {freshness.kind !== 'old' && <span className="rounded-full bg-black/60 px-2.5 py-0.5 text-xs text-white">{freshness.text}</span>}
          {isHot(article.publishedAt, article.views, now) && (
            <span className="inline-flex items-center gap-1 rounded-full bg-orange-500 px-2.5 py-0.5 text-xs text-white"><Flame aria-hidden="true" className="size-3" />داغ</span>
          )}
        </div>
      </figure>
      <div className="mt-6"><ShareLinks url={url} title={article.title} category={article.category} /></div>
      {article.videoUrl && !article.content.includes('<video') && (
        <video controls preload="metadata" src={article.videoUrl} aria-label={article.videoAltText || buildAltText({ kind: 'video', title: article.title, category: article.category })} className="mt-6 aspect-video w-full rounded-2xl bg-black" />
      )}
      {article.podcastUrl && (
        <div className="mt-6 rounded-2xl border border-border p-4">
          <p className="mb-2 text-sm font-bold">نسخه صوتی این خبر</p>
          <audio controls preload="none" src={article.podcastUrl} className="w-full" />
        </div>
      )}
      <p className="mt-6 flex gap-4 text-sm text-muted">
        <span className="inline-flex items-center gap-1"><FileText aria-hidden="true" className="size-4" />{formatNumberFa(words)} کلمه</span>
        <span className="inline-flex items-center gap-1"><Clock aria-hidden="true" className="size-4" />{formatNumberFa(minutes)} دقیقه مطالعه</span>
      </p>
      <div className="prose-fa mt-4" dangerouslySetInnerHTML={{ __html: article.content }} />
      {keywords.length > 0 && (
        <ul aria-label="برچسب‌ها" className="mt-8 flex flex-wrap gap-2">
          {keywords.map((k) => (
            <li key={k}><Link to={paths.search({ q: k })} className="inline-block rounded-full bg-surface px-3 py-1 text-sm hover:text-accent">#{k}</Link></li>
          ))}
        </ul>
      )}
    </article>
  );
}
