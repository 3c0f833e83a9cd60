import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { ChevronLeft, ChevronRight, Pause, Play } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { ArticleImage } from '../../../components/article-image.tsx';
import { EmptyState } from '../../../components/article-grid.tsx';
import { failureOf, LOAD_FAILED, LoadFailed } from '../../../components/load-failed.tsx';
import { CategoryBadge } from '../../../components/category-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { mirrorRtl } from '../../../components/ui/button-styles.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { usePrefersReducedMotion } from '../../../lib/reduced-motion.ts';
import { useFeaturedArticles } from '../api.ts';

export const SLIDE_INTERVAL_MS = 5_000;

/** What screen readers call the slider and its slides, in the page's language. */
export const SLIDER_ROLES = { carousel: 'نمایش خبرهای ویژه', slide: 'اسلاید' } as const;

const control = 'flex size-[min(2.5rem,44px)] items-center justify-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65';

/**
 * Featured news (spec 01 §2): advances every 5 s when there is more than one item, wraps,
 * has previous/next/dot controls; pauses while hovered or focused, or when paused by hand.
 * A reader who asks the system for less motion finds it paused; its play button starts it.
 */
export function FeaturedSlider() {
  const featured = useFeaturedArticles();
  const { data, isLoading } = featured;
  const slides = data ?? [];
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => { if (reducedMotion) setStopped(true); }, [reducedMotion]);
  const count = slides.length;
  const current = count ? index % count : 0;

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    if (count < 2 || hovered || focused || stopped) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, hovered, focused, stopped]);

  if (isLoading && !data) return <Skeleton className="aspect-[16/10] w-full rounded-2xl sm:aspect-video" />;
  const failure = failureOf(featured);
  if (!count && failure) return <LoadFailed {...failure}>{LOAD_FAILED.articles}</LoadFailed>;
  if (!count) return <EmptyState>خبر ویژه‌ای یافت نشد</EmptyState>;

  return (
    <section
      aria-roledescription={SLIDER_ROLES.carousel}
      aria-label="اخبار ویژه"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false); }}
      className="relative overflow-hidden rounded-2xl bg-black"
    >
      {/* Slides share one grid cell and their text is in flow: with large text the box grows
          past its ratio instead of pushing the headline under the arrows. */}
      <div className="relative grid aspect-[4/3] sm:aspect-video" aria-live={stopped || hovered || focused ? 'polite' : 'off'}>
        {slides.map((article, i) => (
          <div
            key={article.id}
            role="group"
            aria-roledescription={SLIDER_ROLES.slide}
            aria-label={`${formatNumberFa(i + 1)} از ${formatNumberFa(count)}`}
            inert={i !== current}
            className={cn('relative flex flex-col justify-end transition-opacity duration-700 [grid-area:1/1]', i === current ? 'opacity-100' : 'opacity-0')}
          >
            {/* The image's own box is position: relative; this one lays it under the text. */}
            <div className="absolute inset-0">
              <ArticleImage article={article} priority={i === 0} className="h-full w-full" sizes="(min-width: 1024px) 52rem, 100vw" />
            </div>
            <div className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/35 to-transparent" />
            <div className="relative space-y-2 p-4 pt-14 pb-12 text-white sm:p-6 sm:pt-16 sm:pb-14">
              <CategoryBadge category={article.category} />
              {/* Clamped inside the link, so the link's focus ring is not clipped. */}
              <h2 className="text-lg leading-8 font-bold sm:text-2xl sm:leading-10 lg:text-3xl lg:leading-[3rem]">
                <Link to={paths.article(article)} className="block hover:underline"><span className="line-clamp-3">{article.title}</span></Link>
              </h2>
              {article.excerpt && <p className="hidden text-sm leading-7 text-white/85 sm:line-clamp-2">{article.excerpt}</p>}
              <p className="text-xs text-white/75"><RelativeTime date={article.publishedAt} /></p>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          {/* The controls need scripts; without them the first slide stands alone. */}
          <div className="js-only absolute top-3 end-3 flex gap-2">
            <button type="button" onClick={() => go(current - 1)} aria-label="خبر قبلی" className={control}>
              <ChevronLeft aria-hidden="true" className={`size-5 ${mirrorRtl}`} />
            </button>
            <button type="button" onClick={() => go(current + 1)} aria-label="خبر بعدی" className={control}>
              <ChevronRight aria-hidden="true" className={`size-5 ${mirrorRtl}`} />
            </button>
          </div>
          <div className="js-only absolute inset-x-0 bottom-3 flex items-center justify-center gap-1">
            <button type="button" onClick={() => setStopped((s) => !s)} aria-label={stopped ? 'پخش خودکار' : 'توقف پخش خودکار'} className="flex size-7 items-center justify-center rounded-full text-white/85 hover:text-white">
              {stopped ? <Play aria-hidden="true" className="size-3.5" /> : <Pause aria-hidden="true" className="size-3.5" />}
            </button>
            {slides.map((article, i) => (
              <button
                key={article.id}
                type="button"
                onClick={() => go(i)}
                aria-label={`رفتن به خبر ${formatNumberFa(i + 1)}`}
                aria-current={i === current}
                className="flex size-7 items-center justify-center"
              >
                <span className={cn('block h-2 rounded-full bg-white transition-all', i === current ? 'w-6' : 'w-2 opacity-50')} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
