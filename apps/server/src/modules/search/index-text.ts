import { normalizePersian, stripHtml } from '@chapar/shared/text';

/** The normalised columns the full-text index is built on; written with every article. */
export function searchColumns(a: { title: string; excerpt?: string | null; content?: string | null; keywords?: string | null }) {
  return {
    searchTitle: normalizePersian(a.title),
    searchBody: normalizePersian(`${a.excerpt ?? ''} ${stripHtml(a.content ?? '')} ${(a.keywords ?? '').replaceAll(',', ' ')}`),
  };
}

/**
 * A tsquery from a normalised query: every word must appear. Whole words only: a prefix match
 * makes the database re-read every matching row, and partial words are what the trigram
 * fallback is for. Characters tsquery treats specially go.
 */
export function toTsQuery(normalised: string): string | null {
  const words = normalised.split(' ').map((w) => w.replace(/[&|!():*<>'\\"]/g, '')).filter(Boolean);
  if (!words.length) return null;
  return words.join(' & ');
}
