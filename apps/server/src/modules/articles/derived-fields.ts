// Fields computed from an article's text, recomputed on every write so they never go
// stale: slug, reading time, the search columns and the generated alt texts.
import { articleReadingMinutes, buildAltText, normalizePersian, slugify } from '@chapar/shared/text';
import { searchColumns } from '../search/index-text.ts';
import type { ArticleRow } from './article-row.ts';

/** The slug of a title with no letter or digit a slug keeps (emoji, other scripts): 'news'. */
export const FALLBACK_SLUG = 'خبر';

/** The stored slug: never empty, whatever the title is made of. */
export const articleSlug = (title: string) => slugify(title) || FALLBACK_SLUG;

type TextFields = Pick<ArticleRow, 'title' | 'excerpt' | 'content' | 'keywords' | 'category' | 'imageUrl' | 'videoUrl'>;

export function derivedFields(a: TextFields) {
  return {
    slug: articleSlug(a.title),
    readingTime: articleReadingMinutes(a.content),
    ...searchColumns(a),
    imageAltText: a.imageUrl ? buildAltText({ kind: 'image', title: a.title, category: a.category, excerpt: a.excerpt }) : null,
    videoAltText: a.videoUrl ? buildAltText({ kind: 'video', title: a.title, category: a.category, excerpt: a.excerpt }) : null,
  };
}

/** Arabic letter forms typed for Persian ones (ي ك), as readers would see typos. */
export function fixArabicLetters(text: string): string {
  return text.replace(/\u064a/g, '\u06cc').replace(/\u0649/g, '\u06cc').replace(/\u0643/g, '\u06a9');
}

/** Meta descriptions are at most 150 characters (spec 03 §5), cut at a word. */
export function fitMeta(text: string | null | undefined): string | null {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  if (clean.length <= 150) return clean;
  const cut = clean.slice(0, 149);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trim()}…`;
}

export const sameText = (a: string | null | undefined, b: string | null | undefined) => normalizePersian(a ?? '') === normalizePersian(b ?? '');
