import type { SearchQuery, SearchResponse } from '@chapar/shared/contracts';
import { findCategory, normalizePersian } from '@chapar/shared/text';
import { withoutEndings, wordForms } from '@chapar/shared/topics';
import type { Db } from '@chapar/db';
import { toArticle } from '../articles/dto.ts';
import { alternativeGroups, queryWords } from './index-text.ts';
import { searchRepo, type SearchFilters } from './repo.ts';

const DAY = 86_400_000;
/** How many known words stand in for one misspelt word. */
const SIMILAR_TERMS = 3;
const WINDOWS: Record<SearchQuery['date'], number | undefined> = {
  all: undefined, today: DAY, week: 7 * DAY, month: 30 * DAY, '3months': 90 * DAY,
};

/**
 * Advanced search: one normaliser for the query and the index, so Arabic letters and any
 * digits find the Persian spelling; trigram similarity when full-text finds nothing.
 */
export async function searchArticles(db: Db, q: SearchQuery, now = new Date()): Promise<SearchResponse> {
  const normalised = normalizePersian(q.q);
  // A topic's forms are one, as trending counts them: an ending written apart adds nothing ('بازی
  // ها' finds 'بازی'), and each word finds its joined plural ('بازیها') and the word without it.
  const words = withoutEndings(queryWords(normalised));
  if (!words.length) return { articles: [], total: 0, page: q.page, mode: 'empty' };
  const window = WINDOWS[q.date];
  const category = q.category === 'all' || !q.category ? undefined : (findCategory(q.category)?.name ?? q.category);
  const f: SearchFilters = {
    category,
    since: window ? new Date(now.getTime() - window) : undefined,
    sort: q.sort,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
  let mode: SearchResponse['mode'] = 'fulltext';
  // Only forms some article has: a group of one word keeps the query as cheap as it was.
  const forms = words.map(wordForms);
  const known = await searchRepo.knownTerms(db, [...new Set(forms.flatMap((f) => f.slice(1)))]);
  let result = await searchRepo.fullText(db, forms.map(([word, ...more]) => [word, ...more.filter((m) => known.has(m))]), f);
  if (result.rows.length === 0 && q.page === 1 && normalised.length >= 3) {
    // Nothing matched as typed: search again with each word widened to the known words closest
    // to it (a misspelling finds the right spelling).
    const similar = await searchRepo.similarTerms(db, words, SIMILAR_TERMS);
    const alternatives = words.map((w, i) => [...new Set([w, ...similar[i]])]);
    const groups = alternatives.some((alts) => alts.length > 1) ? alternativeGroups(alternatives) : [];
    if (groups.length) {
      result = await searchRepo.fullText(db, groups, f);
      mode = 'fuzzy';
    }
  }
  return { articles: result.rows.map(toArticle), total: result.total, page: q.page, mode };
}
