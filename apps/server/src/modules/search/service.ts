import type { SearchQuery, SearchResponse } from '@chapar/shared/contracts';
import { findCategory, normalizePersian } from '@chapar/shared/text';
import { withoutEndings, wordForms, wordSplits } from '@chapar/shared/topics';
import type { Db } from '@chapar/db';
import { toArticle } from '../articles/dto.ts';
import { alternativeGroups, queryWords } from './index-text.ts';
import { searchRepo, type SearchFilters, type TermGroups } from './repo.ts';

const DAY = 86_400_000;
/** How many known words stand in for one misspelt word. */
const SIMILAR_TERMS = 3;
const WINDOWS: Record<SearchQuery['date'], number | undefined> = {
  all: undefined, today: DAY, week: 7 * DAY, month: 30 * DAY, '3months': 90 * DAY,
};

const PERSIAN_WORD = /^[\u0620-\u06d3]{2,}$/;
/** Words Persian writes apart from the next, never run together with it ('به روز' is no 'بهروز'). */
const WRITTEN_APART = new Set(['به', 'در', 'از', 'با', 'که', 'را', 'تا', 'بر', 'یا', 'این', 'آن']);
/** Two words a story may run together ('کم آبی', 'کمآبی'; 'می شود', 'میشود'). */
const joinable = (a: string, b: string) => PERSIAN_WORD.test(a) && PERSIAN_WORD.test(b) && !WRITTEN_APART.has(a) && !WRITTEN_APART.has(b);

/**
 * The query's words as groups of alternatives, so a topic's forms are one, as trending counts
 * them: each word also finds its joined plural and the word without it ('بازیها', 'بازی'), two
 * words also find the two run together ('کمآبی'), and a word run together also finds its two
 * pieces written apart, next to each other ('کم آبی'). Only forms some article has are added (one
 * look in the term list): a query without such forms stays one word a group, as cheap as it was.
 */
async function topicGroups(db: Db, words: string[]): Promise<TermGroups> {
  const forms = words.map(wordForms);
  const joined = words.map((w, i) => (i + 1 < words.length && joinable(w, words[i + 1]) ? `${w}${words[i + 1]}` : ''));
  const splits = words.map((w) => wordSplits(w).filter(([a, b]) => joinable(a, b)));
  const known = await searchRepo.knownTerms(db, [...new Set([
    ...forms.flatMap((f) => f.slice(1)), ...joined.filter(Boolean), ...splits.flat(2),
  ])]);
  const groups: TermGroups = [];
  for (let i = 0; i < words.length; i++) {
    if (joined[i] && known.has(joined[i])) {
      groups.push([`${words[i]} & ${words[i + 1]}`, joined[i]]);
      i++;
    } else {
      const apart = splits[i].filter((pieces) => pieces.every((p) => known.has(p))).map(([a, b]) => `${a} <-> ${b}`);
      groups.push([words[i], ...forms[i].slice(1).filter((form) => known.has(form)), ...apart]);
    }
  }
  return groups;
}

/**
 * Advanced search: one normaliser for the query and the index, so Arabic letters and any
 * digits find the Persian spelling; trigram similarity when full-text finds nothing.
 */
export async function searchArticles(db: Db, q: SearchQuery, now = new Date()): Promise<SearchResponse> {
  const normalised = normalizePersian(q.q);
  // An ending written apart adds nothing ('بازی ها' finds 'بازی'); see topicGroups.
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
  let result = await searchRepo.fullText(db, await topicGroups(db, words), f);
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
