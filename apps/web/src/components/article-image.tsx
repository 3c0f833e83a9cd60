import { useState } from 'react';
import { ImageOff, Newspaper } from './icons';
import { buildAltText, categoryFaName, imageSrcSet } from '@chapar/shared/text';
import type { ArticleSummary } from '../lib/article-summary.ts';
import { cn } from '../lib/cn.ts';

interface ArticleImageProps {
  article: Pick<ArticleSummary, 'imageUrl' | 'imageAltText' | 'title' | 'category' | 'excerpt'>;
  /** Must include the width (e.g. 'w-full'); the height follows from 16:9. */
  className: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
  sizes?: string;
}

/**
 * 16:9 image whose box is reserved before it loads (no layout shift). Without an image,
 * or when it fails, a category placeholder takes its place (spec 01 §8).
 */
export function ArticleImage({ article, className, priority = false, sizes }: ArticleImageProps) {
  const [failed, setFailed] = useState(false);
  const alt = article.imageAltText || buildAltText({ kind: 'image', title: article.title, category: article.category, excerpt: article.excerpt });
  const showImage = article.imageUrl && !failed;
  return (
    <div className={cn('relative aspect-video overflow-hidden bg-surface', className)}>
      {showImage ? (
        <img
          src={article.imageUrl ?? undefined}
          srcSet={imageSrcSet(article.imageUrl)}
          alt={alt}
          width={640}
          height={360}
          sizes={sizes}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div role="img" aria-label={failed ? 'خطا در بارگذاری تصویر' : alt} className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-gradient-to-br from-accent-soft to-surface text-accent">
          {failed ? <ImageOff aria-hidden="true" className="size-8 opacity-70" /> : <Newspaper aria-hidden="true" className="size-8 opacity-70" />}
          <span className="text-xs font-medium">{failed ? 'خطا در بارگذاری تصویر' : categoryFaName(article.category)}</span>
        </div>
      )}
    </div>
  );
}
