import { sql } from 'drizzle-orm';
import { articles } from '@chapar/db';

// The tsquery text of a search: its words, and the category, date and views tokens the index
// holds beside them.

/** A query as groups of words: every group must match, through any one of its words. */
export type TermGroups = string[][];

const DAY = 86_400_000;

/**
 * What the index holds per article (migrations 0003, 0004): its words, plus date tokens (see
 * dateTokens), a `category C` token and a `views N` token (N grows by one for each quarter
 * doubling of the views), so filters and orders narrow the GIN scan itself.
 */
export const indexed = sql`(${articles.searchVector} || chapar_search_facets(${articles.publishedAt}, ${articles.category}, ${articles.views}))`;

export const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY);
/** The views token's step, as migration 0004 computes it (here only to bound ranges from above). */
export const viewsStep = (views: number) => Math.floor(4 * Math.log2(Math.max(views, 0) + 1));

/** A lexeme quoted for tsquery input (quotes and backslashes doubled). */
const lexeme = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** `(a | a1) & b`, from groups whose words carry no tsquery operators (see queryWords). */
export function groupsText(groups: TermGroups): string {
  return groups.map((g) => (g.length > 1 ? `(${g.join(' | ')})` : g[0])).join(' & ');
}

/** The date tokens of migration 0003, largest first: `name N` covers `days` days from day `days * N`. */
const DATE_UNITS = [{ name: 'weeks8', days: 56 }, { name: 'week', days: 7 }, { name: 'day', days: 1 }] as const;

/**
 * Date tokens covering exactly the days `from`..`to`, largest first where they fit. Past `top`
 * (the newest article's day) nothing is published, so a range reaching it may end anywhere later.
 */
export function dateTokens(from: number, to: number, top: number): string[] {
  const end = to >= top ? Math.max(to, Math.ceil((top + 1) / 56) * 56 - 1) : to;
  const tokens: string[] = [];
  for (let d = from; d <= end;) {
    const unit = DATE_UNITS.find((u) => ((d % u.days) + u.days) % u.days === 0 && d + u.days - 1 <= end)!;
    tokens.push(`${unit.name} ${Math.floor(d / unit.days)}`);
    d += unit.days;
  }
  return tokens;
}

/** The category, date and views tokens a search is restricted to, as tsquery text, or null for none. */
export function facetsText(category: string | undefined, dates: string[] | null, views: string[] | null = null): string | null {
  const parts: string[] = [];
  if (category !== undefined) parts.push(lexeme(`category ${category}`));
  for (const tokens of [dates, views]) {
    if (tokens) parts.push(tokens.length > 1 ? `(${tokens.map(lexeme).join(' | ')})` : lexeme(tokens[0]));
  }
  return parts.length ? parts.join(' & ') : null;
}
