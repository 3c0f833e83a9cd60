import { normalizePersian, stripHtml } from '@chapar/shared/text';

/** The normalised columns the full-text index is built on; written with every article. */
export function searchColumns(a: { title: string; excerpt?: string | null; content?: string | null; keywords?: string | null }) {
  return {
    searchTitle: normalizePersian(a.title),
    searchBody: normalizePersian(`${a.excerpt ?? ''} ${stripHtml(a.content ?? '')} ${(a.keywords ?? '').replaceAll(',', ' ')}`),
  };
}

/**
 * A prefix-matching tsquery from a normalised query: every word must appear, the last one may
 * be the start of a word (the reader is still typing). Characters tsquery treats specially go.
 */
export function toTsQuery(normalised: string): string | null {
  const words = normalised.split(' ').map((w) => w.replace(/[&|!():*<>'\\"]/g, '')).filter(Boolean);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}
