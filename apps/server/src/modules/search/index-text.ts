import { normalizePersian, stripHtml } from '@chapar/shared/text';

/** The normalised columns the full-text index is built on; written with every article. */
export function searchColumns(a: { title: string; excerpt?: string | null; content?: string | null; keywords?: string | null }) {
  return {
    searchTitle: normalizePersian(a.title),
    searchBody: normalizePersian(`${a.excerpt ?? ''} ${stripHtml(a.content ?? '')} ${(a.keywords ?? '').replaceAll(',', ' ')}`),
  };
}

/**
 * The words of a normalised query, without the characters tsquery treats specially; every word
 * must appear. Whole words only: a prefix match makes the database re-read every matching row,
 * and partial words are what the trigram fallback is for.
 */
export function queryWords(normalised: string): string[] {
  return normalised.split(' ').map((w) => w.replace(/[&|!():*<>'\\"]/g, '')).filter(Boolean);
}

/** Every word must match one of its alternatives: `[[a, a1, a2], [b, b1]]` is `(a | a1 | a2) & (b | b1)`. */
export function alternativeGroups(alternatives: string[][]): string[][] {
  return alternatives.map((alts) => alts.map((a) => a.replace(/[&|!():*<>'\\"\s]/g, '')).filter(Boolean)).filter((g) => g.length);
}
