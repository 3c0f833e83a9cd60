import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { articles, type Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { normalizePersian } from '@chapar/shared/text';
import { dateTokens, dayNumber, viewsStep } from './query-text.ts';
import { searchRepo, type FullTextOptions, type SearchFilters, type TermGroups } from './repo.ts';

const DAY = 86_400_000;
const SIZES: Record<string, number> = { day: 1, week: 7, weeks8: 56 };
const daysOf = (token: string) => {
  const [name, n] = token.split(' ');
  return Array.from({ length: SIZES[name] }, (_, i) => Number(n) * SIZES[name] + i);
};
const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('date tokens', () => {
  it('cover exactly the days asked, in a handful of tokens', () => {
    for (const [from, to] of [[20_000, 20_000], [20_001, 20_100], [19_999, 20_413], [20_413, 20_420], [20_160, 20_215]]) {
      const tokens = dateTokens(from, to, 30_000);
      expect(tokens.flatMap(daysOf).sort((a, b) => a - b)).toEqual(span(from, to));
      expect(tokens.length).toBeLessThanOrEqual(26);
    }
    expect(dateTokens(20_160, 20_215, 30_000)).toEqual(['weeks8 360']);
    // A range ending on the newest day may run past it (nothing is published there), never before it.
    const days = dateTokens(20_003, 20_050, 20_050).flatMap(daysOf);
    expect(Math.min(...days)).toBe(20_003);
    expect(days).toEqual(expect.arrayContaining(span(20_003, 20_050)));
  });

  it('are the tokens the database indexes for an article, at UTC day boundaries', async () => {
    const database = await openTestDatabase();
    try {
      for (const iso of ['2026-11-22T00:00:00Z', '2026-11-21T23:59:59.999Z', '2026-01-01T12:00:00+03:30']) {
        const day = dayNumber(new Date(iso));
        const { rows } = await database.raw.query<{ v: string }>("select chapar_search_facets($1::timestamptz, 'Culture', 0)::text as v", [iso]);
        expect(rows[0].v.split(/(?<=') (?=')/).sort()).toEqual(
          [`'category Culture'`, `'day ${day}'`, `'week ${Math.floor(day / 7)}'`, `'weeks8 ${Math.floor(day / 56)}'`, `'views 0'`].sort(),
        );
      }
    } finally {
      await database.close();
    }
  });
});

// A fixture over 200 days in which one word is in most articles (sometimes in the title), one
// in some and one in few: reading newest matches range by range must give exactly what
// reading every match gives, for every sort, filter and page.
describe('searching range by range', () => {
  let database: Database;
  const now = Date.now();
  const ODD_CATEGORY = "Cul'ture\\x";
  let fixture: Array<typeof articles.$inferInsert>;

  beforeAll(async () => {
    database = await openTestDatabase();
    let seed = 11;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const rows = Array.from({ length: 160 }, (_, i) => {
      const words = ['گزارش', 'روز'];
      if (rand() < 0.7) words.push('زعفران');
      if (rand() < 0.4) words.push('انار');
      if (rand() < 0.06) words.push('قنات');
      const title = `خبر ${i} ${rand() < 0.3 ? words.slice(2).join(' ') : ''}`;
      const body = `${words.join(' ')} ${rand() < 0.5 ? 'زعفران زعفران' : ''}`;
      return {
        title, content: `<p>${body}</p>`, slug: `f-${i}`,
        category: i % 7 === 0 ? ODD_CATEGORY : ['Culture', 'Economy', 'Sports'][i % 3],
        views: Math.floor(rand() * 40),
        status: i % 13 === 0 ? 'draft' : 'published',
        // Bunched like news: several a day lately, fewer further back; some share a timestamp.
        publishedAt: new Date(now - Math.floor(200 * DAY * rand() ** 2) - (i % 5 === 0 ? 0 : i)),
        searchTitle: normalizePersian(title),
        searchBody: normalizePersian(body),
      };
    });
    // A burst: one word in the 39 newest published articles and in the oldest one only.
    const published = rows.filter((r) => r.status === 'published').sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
    for (const r of [...published.slice(0, 39), published[published.length - 1]]) r.searchBody += ' سیل';
    fixture = rows;
    await database.db.insert(articles).values(rows);
  });
  afterAll(async () => { await database?.close(); });

  const run = async (groups: TermGroups, f: SearchFilters, options: FullTextOptions, on: Database = database) => {
    const r = await searchRepo.fullText(on.db, groups, f, { limits: { total: 40, candidates: 25 }, ...options });
    return { ids: r.rows.map((a) => a.id), total: r.total, trace: r.trace };
  };

  const queries: TermGroups[] = [[['زعفران']], [['زعفران'], ['انار']], [['قنات']], [['قنات', 'انار']], [['ناموجود']]];
  const filters: Array<Partial<SearchFilters>> = [
    {}, { category: 'Culture' }, { category: ODD_CATEGORY }, { since: new Date(now - 30 * DAY) }, { since: new Date(now - DAY) },
  ];

  it('gives the same pages and totals as reading every match', async () => {
    let compared = 0;
    let found = 0;
    let rangesSeen = 0;
    let countedPastRanges = 0;
    for (const groups of queries) {
      for (const filter of filters) {
        for (const sort of ['relevance', 'date', 'views'] as const) {
          for (const offset of [0, 10, 30]) {
            const f: SearchFilters = { sort, limit: 10, offset, ...filter };
            const all = await run(groups, f, { window: 'none', viewsWindow: 'none' });
            expect(all.trace.every((step) => step !== 'range' && step !== 'views range')).toBe(true);
            for (const window of [1, 3, 20] as const) {
              const ranged = await run(groups, f, { window, viewsWindow: window === 20 ? 8 : window });
              expect({ ...ranged, trace: undefined }, JSON.stringify({ groups, f, window })).toEqual({ ...all, trace: undefined });
              if (ranged.trace.filter((step) => step === 'range').length > 1) rangesSeen++;
              if (ranged.trace.includes('count')) countedPastRanges++;
              compared++;
            }
            if (all.ids.length) found++;
          }
        }
      }
    }
    expect(compared).toBe(675);
    // The comparison is not vacuous: pages have results, and several ranges were read.
    expect(found).toBeGreaterThan(100);
    expect(rangesSeen).toBeGreaterThan(100);
    // Totals past the sorted ranges were counted without sorting, and still agree.
    expect(countedPastRanges).toBeGreaterThan(50);
    // 900 searches in a row: about 10 s on an idle machine, more than the default 30 s on a busy one.
  }, 120_000);

  it('sizes ranges from the statistics once analysed: same results, and few reads even past a burst', async () => {
    // A database of its own: the statistics are kept for a minute once read.
    const analysed = await openTestDatabase();
    try {
      await analysed.db.insert(articles).values(fixture);
      await analysed.raw.exec('ANALYZE articles');
      let ranged = 0;
      for (const groups of [...queries, [['سیل']]]) {
        for (const filter of filters) {
          for (const [sort, offset] of [['relevance', 0], ['date', 0], ['date', 30], ['views', 0]] as const) {
            const f: SearchFilters = { sort, limit: 10, offset, ...filter };
            const all = await run(groups, f, { window: 'none', viewsWindow: 'none' }, analysed);
            // Sized by the statistics, and from a first range of three days (after the burst, the
            // rest is far older than the word's rate suggests).
            for (const window of ['auto', 3] as const) {
              const auto = await run(groups, f, { window }, analysed);
              expect({ ...auto, trace: undefined }, JSON.stringify({ groups, f, window })).toEqual({ ...all, trace: undefined });
              const reads = auto.trace.filter((step) => step === 'range' || step === 'count').length;
              // Ranges through the burst, then doubling through the quiet years: about a dozen
              // at most here (without doubling, the last one match alone took over 60).
              expect(reads, JSON.stringify({ groups, f, window, trace: auto.trace })).toBeLessThanOrEqual(14);
              if (window === 'auto' && auto.trace.includes('range')) ranged++;
            }
          }
        }
      }
      expect(ranged).toBeGreaterThan(5);
    } finally {
      await analysed.close();
    }
  });

  it('finds the most viewed from the top views steps down, as reading every match does', async () => {
    let ranges = 0;
    for (const [groups, offset] of [[[['زعفران']], 0], [[['زعفران']], 30], [[['انار']], 20], [[['گزارش']], 100]] as Array<[TermGroups, number]>) {
      const f: SearchFilters = { sort: 'views', limit: 10, offset };
      const all = await run(groups, f, { window: 'none', viewsWindow: 'none' });
      const stepped = await run(groups, f, { window: 'none', viewsWindow: 1 });
      expect(stepped.ids).toEqual(all.ids);
      expect(stepped.total).toBe(all.total);
      expect(stepped.ids.length).toBe(10);
      ranges += stepped.trace.filter((step) => step === 'views range').length;
    }
    expect(ranges).toBeGreaterThan(4);
  });

  it('indexes views a quarter doubling at a time, as the search counts them', async () => {
    const views = [0, 1, 2, 3, 7, 8, 15, 16, 100, 5000, 2_000_000_000];
    const { rows } = await database.raw.query<{ v: string }>(
      "select chapar_search_facets(now(), 'Culture', v)::text as v from unnest($1::int[]) v", [views]);
    expect(rows.map((r) => /'views (\d+)'/.exec(r.v)?.[1])).toEqual(views.map((v) => String(viewsStep(v))));
    expect(views.map(viewsStep)).toEqual([0, 4, 6, 8, 12, 12, 16, 16, 26, 49, 123]);
  });

  it('matches nothing for a query the parser finds no words in, even with a category or date', async () => {
    for (const filter of filters) {
      for (const window of ['none', 3] as const) {
        const r = await run([['-']], { sort: 'relevance', limit: 10, offset: 0, ...filter }, { window });
        expect(r.total).toBe(0);
      }
    }
  });

  it('answers a word (or a group of words) no article has without reading the index, and reads one in a group of alternatives', async () => {
    const f: SearchFilters = { sort: 'relevance', limit: 10, offset: 0 };
    expect(await run([['ناموجود']], f, {})).toEqual({ ids: [], total: 0, trace: ['unknown word'] });
    expect((await run([['قنات'], ['ناموجود']], f, {})).trace).toEqual(['unknown word']);
    // A group none of whose words any article has: a word with its plural forms, as a search asks.
    expect(await run([['ناموجود', 'ناموجودها', 'ناموجودهای']], f, {})).toEqual({ ids: [], total: 0, trace: ['unknown word'] });
    // A known word beside an unknown one in a group of alternatives still finds its articles.
    const widened = await run([['ناموجود', 'قنات']], f, {});
    const plain = await run([['قنات']], f, {});
    expect(widened.ids).toEqual(plain.ids);
    expect(plain.ids.length).toBeGreaterThan(0);
    expect(plain.trace).not.toContain('unknown word');
    // One letter is never listed as a term, so it is searched, not taken as unknown.
    expect((await run([['ز']], f, {})).trace).not.toContain('unknown word');
  });

  it('finds the closest known words to each misspelt word in one statement', async () => {
    const similar = await searchRepo.similarTerms(database.db, ['زعفرن', 'انارر', 'کلمهایبیگانه'], 3);
    expect(similar).toHaveLength(3);
    expect(similar[0][0]).toBe('زعفران');
    expect(similar[1][0]).toBe('انار');
    expect(similar[2]).toEqual([]);
  });

  it('keeps word vectors in the row and the term list under a GiST trigram index (migration 0005)', async () => {
    const { rows: storage } = await database.raw.query<{ s: string }>(
      "select attstorage as s from pg_attribute where attrelid = 'articles'::regclass and attname = 'search_vector'");
    expect(storage[0].s).toBe('m');
    const { rows: method } = await database.raw.query<{ m: string }>(
      "select am.amname as m from pg_class c join pg_am am on am.oid = c.relam where c.relname = 'search_terms_trgm_idx'");
    expect(method[0].m).toBe('gist');
  });

  it('counts only published articles and respects the category exactly', async () => {
    const { rows } = await database.raw.query<{ n: number }>(
      `select count(*)::int as n from articles where status = 'published' and category = $1 and search_title || ' ' || search_body like '%زعفران%'`, [ODD_CATEGORY]);
    const r = await run([['زعفران']], { sort: 'date', limit: 10, offset: 0, category: ODD_CATEGORY }, { window: 1 });
    expect(r.total).toBe(Math.min(rows[0].n, 40));
    expect(rows[0].n).toBeGreaterThan(5);
    const drafts = await database.db.execute(sql`select id from articles where status <> 'published'`);
    const draftIds = new Set((drafts as unknown as { rows: Array<{ id: number }> }).rows.map((d) => d.id));
    expect(draftIds.size).toBeGreaterThan(5);
    const all = await run([['گزارش']], { sort: 'date', limit: 200, offset: 0 }, { window: 2, limits: { total: 1000, candidates: 500 } });
    expect(all.ids.some((id) => draftIds.has(id))).toBe(false);
    expect(all.total).toBe(160 - draftIds.size);
  });
});
