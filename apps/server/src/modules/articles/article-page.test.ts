import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { articleRedirects, articles, type Database, type Db } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { seededRandom } from '../../../testing/seeded-random.ts';
import { toSummary } from '../../../../web/src/lib/article-summary.ts';
import { toArticle } from './dto.ts';
import { articleRepo } from './repo.ts';
import { RELATED_RECENT_WINDOW, RELATED_SAME_CATEGORY_WINDOW } from './related-window.ts';

// The article page's one read (articleRepo.articlePage) against the related-articles rule
// written out plainly: among the newest RELATED_SAME_CATEGORY_WINDOW published articles of the
// same category and the newest RELATED_RECENT_WINDOW of all (the article itself left out),
// 2 points for the category and 1 per distinct keyword shared (the article's keywords trimmed,
// empty ones dropped), then the newest to the millisecond, then the highest id.

interface Row { id: number; category: string; keywords: string; status: string; publishedAt: Date }

function expectedRelated(all: Row[], article: Row, limit: number): number[] {
  const newest = (rows: Row[]) => [...rows].sort((x, y) => y.publishedAt.getTime() - x.publishedAt.getTime() || y.id - x.id);
  const others = all.filter((r) => r.status === 'published' && r.id !== article.id);
  // Microseconds order the windows in the database; the fixture's times have none.
  const candidates = new Map<number, Row>();
  for (const r of newest(others.filter((o) => o.category === article.category)).slice(0, RELATED_SAME_CATEGORY_WINDOW)) candidates.set(r.id, r);
  for (const r of newest(others).slice(0, RELATED_RECENT_WINDOW)) candidates.set(r.id, r);
  const keys = new Set(article.keywords.split(',').map((k) => k.trim()).filter(Boolean));
  return [...candidates.values()]
    .map((c) => ({ c, score: (c.category === article.category ? 2 : 0) + [...new Set(c.keywords.split(','))].filter((k) => keys.has(k)).length }))
    .sort((x, y) => y.score - x.score || y.c.publishedAt.getTime() - x.c.publishedAt.getTime() || y.c.id - x.c.id)
    .slice(0, limit)
    .map((x) => x.c.id);
}

const CATEGORIES = ['Politics', 'Economy', 'Sports', 'Technology'];
const KEYWORDS = ['تورم', 'بورس', 'مجلس', 'والیبال', 'بانک مرکزی', 'انتخابات', 'نفت'];

let database: Database;
let rows: Row[] = [];
let windowProbe = { probe: 0, old: 0 };
const start = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  database = await openTestDatabase();
  const random = seededRandom(20261124);
  const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)];
  const values = [];
  // More than both windows, with ties: a few minutes apart, some at the very same millisecond.
  for (let i = 0; i < 900; i++) {
    const keywords = Array.from({ length: Math.floor(random() * 4) }, () => {
      const k = pick(KEYWORDS);
      // Spaces (and a no-break space) around a keyword count for the article, not for a candidate.
      return random() < 0.2 ? ` ${k}\u00a0` : k;
    });
    if (random() < 0.1 && keywords.length) keywords.push(keywords[0]);
    values.push({
      title: `خبر آزمایشی ${i}`,
      slug: `test-${i}`,
      content: '<p>متن</p>',
      // Nearly half in one category, so its window (RELATED_SAME_CATEGORY_WINDOW) is full too.
      category: random() < 0.3 ? CATEGORIES[0] : pick(CATEGORIES),
      keywords: keywords.join(','),
      status: random() < 0.1 ? 'unpublished' : 'published',
      publishedAt: new Date(start + Math.floor(random() * 400) * 60_000),
    });
  }
  for (let i = 0; i < values.length; i += 300) await database.db.insert(articles).values(values.slice(i, i + 300));
  // Bodies whose length JavaScript counts otherwise than PostgreSQL (an emoji is two UTF-16
  // units, one character), at the card reading time's 1000 boundary, and times with microseconds;
  // newest of all, so every window holds them.
  const edge = await database.db.insert(articles).values([
    { title: 'شکلک در مرز', slug: 'edge-1', content: `${'ب'.repeat(998)}😀`, category: 'Politics', keywords: 'تورم', publishedAt: new Date(start + 500 * 60_000) },
    { title: 'شکلک پس از مرز', slug: 'edge-2', content: `${'ب'.repeat(999)}😀`, category: 'Economy', keywords: 'نفت', publishedAt: new Date(start + 501 * 60_000) },
    { title: 'متن تهی', slug: 'edge-3', content: '', category: 'Economy', keywords: '', publishedAt: new Date(start + 502 * 60_000) },
  ]).returning({ id: articles.id });
  await database.raw.exec(`update articles set published_at = published_at + interval '123987 microseconds', updated_at = updated_at + interval '999 microseconds' where id in (${edge.map((e) => e.id).join(',')})`);
  // A keyword only two articles have: an old one of the crowded category (past the newest
  // window of all, inside its category's window) and a probe of the same category.
  const crowded = (await database.raw.query<{ id: number }>(`select id from articles where status = 'published' and category = '${CATEGORIES[0]}' order by published_at desc, id desc offset 290 limit 1`)).rows[0];
  await database.raw.exec(`update articles set keywords = 'نشانه' where id = ${crowded.id}`);
  const [probe] = await database.db.insert(articles).values({ title: 'نشانه', slug: 'probe', content: '<p>متن</p>', category: CATEGORIES[0], keywords: 'نشانه', publishedAt: new Date(start) }).returning({ id: articles.id });
  windowProbe = { probe: probe.id, old: crowded.id };
  rows = (await database.db.select({ id: articles.id, category: articles.category, keywords: articles.keywords, status: articles.status, publishedAt: articles.publishedAt }).from(articles));
  await database.db.insert(articleRedirects).values({ fromId: 884_000, toId: rows[0].id });
}, 120_000);
afterAll(async () => { await database?.close(); });

describe('summaries: the lists of the server’s own pages', () => {
  it('are what the browser makes of the full articles the API sends, for every list and category', async () => {
    const asTheBrowserSees = (list: Array<Parameters<typeof toArticle>[0]>) => list.map((row) => toSummary(toArticle(row)));
    for (const category of [undefined, 'Politics', 'economy']) {
      for (const [offset, limit] of [[0, 6], [0, 100], [6, 6], [890, 20]]) {
        const summaries = await articleRepo.summaries(database.db, { offset, limit, category });
        const full = await articleRepo.list(database.db, { offset, limit, category });
        expect(summaries, `${category} ${offset} ${limit}`).toStrictEqual(asTheBrowserSees(full));
      }
    }
    const newest = await articleRepo.summaries(database.db, { offset: 0, limit: 3 });
    expect(newest.map((s) => [s.slug, s.cardMinutes])).toEqual([['edge-3', 1], ['edge-2', 2], ['edge-1', 1]]);
    expect(newest[0].publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.123Z$/);
  });

  it('follow an edited body: the database keeps the card\'s reading time with the row', async () => {
    const [edge] = await database.db.select({ id: articles.id, content: articles.content }).from(articles).where(eq(articles.slug, 'edge-3'));
    try {
      await database.db.update(articles).set({ content: `${'ب'.repeat(2000)}😀` }).where(eq(articles.id, edge.id));
      const [newest] = await articleRepo.summaries(database.db, { offset: 0, limit: 1 });
      expect([newest.slug, newest.cardMinutes]).toEqual(['edge-3', 3]);
    } finally {
      await database.db.update(articles).set({ content: edge.content }).where(eq(articles.id, edge.id));
    }
  });
});

describe('articlePage: the article, its related articles and its redirect in one read', () => {
  it('chooses the same related articles, in the same order, as the rule says', async () => {
    const random = seededRandom(7);
    const published = rows.filter((r) => r.status === 'published');
    // The newest and oldest articles (both windows full or not) and a sample between.
    const sample = [...published.slice(0, 3), ...published.slice(-3), ...Array.from({ length: 40 }, () => published[Math.floor(random() * published.length)])];
    // Both windows are full: more published articles than the newest window, and more of one category than its window.
    expect(published.length).toBeGreaterThan(RELATED_RECENT_WINDOW);
    expect(published.filter((r) => r.category === CATEGORIES[0]).length).toBeGreaterThan(RELATED_SAME_CATEGORY_WINDOW);
    expect(sample.some((a) => a.category === CATEGORIES[0])).toBe(true);
    let nonTrivial = 0;
    for (const article of sample) {
      const page = await articleRepo.articlePage(database.db, article.id, 6);
      const want = expectedRelated(rows, article, 6);
      expect(page.related.map((r) => r.id), `article ${article.id}`).toEqual(want);
      if (want.length === 6) nonTrivial++;
    }
    expect(nonTrivial).toBe(sample.length);
  });

  it('gives the server’s own page the related articles as the browser summarises the API’s full ones', async () => {
    const published = rows.filter((r) => r.status === 'published');
    const hidden = rows.find((r) => r.status !== 'published')!;
    // Articles whose related ones include the emoji and microsecond edge cases (the three newest
    // rows), the first and last published, a hidden one, a moved one.
    const edges = new Set([...rows].sort((x, y) => y.id - x.id).slice(0, 3).map((r) => r.id));
    const withEdges = published.filter((a) => expectedRelated(rows, a, 6).some((id) => edges.has(id))).slice(0, 4).map((r) => r.id);
    expect(withEdges).toHaveLength(4);
    for (const id of [...withEdges, published[0].id, published.at(-1)!.id, hidden.id, 884_000]) {
      const full = await articleRepo.articlePage(database.db, id, 6);
      const forReaders = await articleRepo.articlePageSummaries(database.db, id, 6);
      expect(forReaders.related, `article ${id}`).toStrictEqual(full.related.map((row) => toSummary(toArticle(row))));
      expect(forReaders.article).toStrictEqual(full.article);
      expect(forReaders.movedTo).toBe(full.movedTo);
    }
    const related = (await articleRepo.articlePageSummaries(database.db, withEdges[0], 6)).related;
    expect(related.some((r) => r.slug.startsWith('edge-'))).toBe(true);
  });

  it('reaches into the category’s own window, past the newest of all', async () => {
    const others = rows.filter((r) => r.status === 'published' && r.id !== windowProbe.probe)
      .sort((x, y) => y.publishedAt.getTime() - x.publishedAt.getTime() || y.id - x.id);
    const rankOf = (list: Row[]) => list.findIndex((r) => r.id === windowProbe.old);
    expect(rankOf(others)).toBeGreaterThanOrEqual(RELATED_RECENT_WINDOW);
    expect(rankOf(others.filter((r) => r.category === CATEGORIES[0]))).toBeLessThan(RELATED_SAME_CATEGORY_WINDOW);
    const page = await articleRepo.articlePageSummaries(database.db, windowProbe.probe, 6);
    expect(page.related[0].id).toBe(windowProbe.old);
    expect(page.related.map((r) => r.id)).toEqual(expectedRelated(rows, rows.find((r) => r.id === windowProbe.probe)!, 6));
  });

  it('reads the article with the row type’s own fields and dates', async () => {
    const article = rows.find((r) => r.status === 'published')!;
    const page = await articleRepo.articlePage(database.db, article.id, 6);
    // As drizzle maps the same row, without the columns only search, duplicates and cards read.
    const asDrizzleReads = async (id: number) => {
      const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
      const { searchTitle: _t, searchBody: _b, searchVector: _v, contentHash: _c, imageHash: _i, createdAt: _ca, cardMinutes: _m, ...rest } = row;
      return rest;
    };
    expect(page.article).toStrictEqual(await asDrizzleReads(article.id));
    expect(page.article?.publishedAt).toBeInstanceOf(Date);
    expect(page.related[0]).toStrictEqual(await asDrizzleReads(page.related[0].id));
    expect(await articleRepo.byId(database.db, article.id)).toStrictEqual(page.article);
    const [newest] = await articleRepo.list(database.db, { offset: 0, limit: 1 });
    expect(newest).toStrictEqual(await asDrizzleReads(newest.id));
    expect(page.movedTo).toBeUndefined();
  });

  it('answers no article and no related ones for an unpublished or unknown id', async () => {
    const hidden = rows.find((r) => r.status !== 'published')!;
    for (const id of [hidden.id, 999_999]) {
      const page = await articleRepo.articlePage(database.db, id, 6);
      expect(page).toEqual({ movedTo: undefined, article: undefined, related: [] });
    }
  });

  it('names where a moved id points, with or without an article of its own', async () => {
    expect((await articleRepo.articlePage(database.db, 884_000, 6)).movedTo).toBe(rows[0].id);
  });

  it('follows every change to what chooses related articles at once, whichever connection makes it', async () => {
    const readRows = () => database.db.select({ id: articles.id, category: articles.category, keywords: articles.keywords, status: articles.status, publishedAt: articles.publishedAt }).from(articles);
    const version = async () => (await database.raw.query<{ version: string }>('select version::text as version from related_version')).rows[0].version;
    const article = rows.find((r) => r.status === 'published' && r.category === CATEGORIES[1] && r.keywords.trim() !== '')!;
    const relatedNow = async () => (await articleRepo.articlePage(database.db, article.id, 6)).related.map((r) => r.id);
    const expectRule = async (why: string) => {
      const current = await readRows();
      expect(await relatedNow(), why).toEqual(expectedRelated(current, current.find((r) => r.id === article.id)!, 6));
    };
    await expectRule('before any change');

    // A view is not a change to the rule's inputs: the count stays, the windows are kept.
    const before = await version();
    await database.raw.exec(`update articles set views = views + 1 where id = ${article.id}`);
    expect(await version()).toBe(before);

    const [added] = await database.db.insert(articles).values({
      title: 'تازه', slug: 'related-fresh', content: '<p>متن</p>', category: CATEGORIES[1], keywords: article.keywords, publishedAt: new Date(start + 600 * 60_000),
    }).returning({ id: articles.id });
    try {
      expect(await version()).not.toBe(before);
      expect((await relatedNow())[0], 'a new article of the category with the same keywords comes first').toBe(added.id);
      await expectRule('after an article was added');

      await database.raw.exec(`update articles set keywords = 'نشانه-دیگر' where id = ${added.id}`);
      await expectRule('after its keywords were edited');
      await database.raw.exec(`update articles set category = '${CATEGORIES[2]}', keywords = '${article.keywords.replaceAll("'", "''")}' where id = ${added.id}`);
      await expectRule('after its category was edited');
      await database.raw.exec(`update articles set status = 'unpublished' where id = ${added.id}`);
      expect(await relatedNow(), 'a withdrawn article is gone at once').not.toContain(added.id);
      await expectRule('after it was withdrawn');
      await database.raw.exec(`update articles set status = 'published', published_at = '${new Date(start - 86_400_000).toISOString()}' where id = ${added.id}`);
      await expectRule('after it came back, older than every window');
    } finally {
      await database.db.delete(articles).where(eq(articles.id, added.id));
    }
    await expectRule('after it was deleted');

    // Without the counter's row nothing is kept, and the row comes back with the next change.
    await database.raw.exec('delete from related_version');
    await expectRule('without the counter');
    const [again] = await database.db.insert(articles).values({
      title: 'دوباره', slug: 'related-again', content: '<p>متن</p>', category: CATEGORIES[1], keywords: article.keywords, publishedAt: new Date(start + 700 * 60_000),
    }).returning({ id: articles.id });
    try {
      expect(await relatedNow()).toContain(again.id);
      expect(await version()).toBe('1');
    } finally {
      await database.db.delete(articles).where(eq(articles.id, again.id));
    }
    await expectRule('after the counter came back');
  });

  it('reads an article read before with its related articles in one statement, as the rule chooses them', async () => {
    const readRows = () => database.db.select({ id: articles.id, category: articles.category, keywords: articles.keywords, status: articles.status, publishedAt: articles.publishedAt }).from(articles);
    const statements = statementsOf(database.db);
    const article = rows.find((r) => r.status === 'published' && r.category === CATEGORIES[2] && r.keywords.trim() !== '')!;
    const ONE = ['article_page_with_article_summaries'];
    const TWO = ['article_page_with_article_summaries', 'article_summaries_by_ids'];
    const read = async (why: string, expected: string[]) => {
      statements.clear();
      const page = await articleRepo.articlePageSummaries(database.db, article.id, 6);
      expect(statements.names().filter((name) => !name.startsWith('related_')), `statements: ${why}`).toEqual(expected);
      const current = await readRows();
      expect(page.related.map((r) => r.id), why).toEqual(expectedRelated(current, current.find((r) => r.id === article.id)!, 6));
      expect(page.article?.id).toBe(article.id);
      return page;
    };
    let shownId = 0;
    const shownTitle = async () => (await database.raw.query<{ title: string }>(`select title from articles where id = ${shownId}`)).rows[0].title;
    let titleBefore = '';
    try {
      await articleRepo.articlePageSummaries(database.db, article.id, 6);
      const first = await read('read again', ONE);
      // The full rows for the API, the same way.
      statements.clear();
      const full = await articleRepo.articlePage(database.db, article.id, 6);
      expect(statements.names()).toEqual(['article_page_with_articles']);
      expect(full.related.map((r) => toSummary(toArticle(r)))).toStrictEqual(first.related);

      // A related article's title is not in the rule: the guess holds, and the title is read fresh.
      const [shown] = first.related;
      shownId = shown.id;
      titleBefore = await shownTitle();
      await database.raw.exec(`update articles set title = 'عنوان تازه' where id = ${shown.id}`);
      expect((await read('after a related title changed', ONE)).related[0].title).toBe('عنوان تازه');

      // The article's own keywords or category change: the guess fails, and the rule decides.
      await database.raw.exec(`update articles set keywords = '${KEYWORDS[5]},${KEYWORDS[6]}' where id = ${article.id}`);
      await read('after its own keywords changed', TWO);
      await read('then read again', ONE);
      await database.raw.exec(`update articles set category = '${CATEGORIES[3]}' where id = ${article.id}`);
      await read('after its own category changed', TWO);
      // Another article withdrawn: a different change count, so the windows are read again.
      await database.raw.exec(`update articles set status = 'unpublished' where id = ${shown.id}`);
      const after = await read('after a related article was withdrawn', TWO);
      expect(statements.names().filter((name) => name.startsWith('related_')).length).toBeGreaterThan(0);
      expect(after.related.map((r) => r.id)).not.toContain(shown.id);
      await read('then read again', ONE);
    } finally {
      statements.restore();
      await database.raw.exec(`update articles set title = '${titleBefore}', status = 'published' where id = ${shownId}`);
      await database.raw.exec(`update articles set keywords = '${article.keywords.replaceAll("'", "''")}', category = '${article.category}' where id = ${article.id}`);
    }
  });

  it('guesses nothing for an article it has not read, nor for an id that names no article', async () => {
    const statements = statementsOf(database.db);
    try {
      const unread = rows.filter((r) => r.status === 'published').at(-7)!;
      await articleRepo.articlePageSummaries(database.db, unread.id, 6);
      expect(statements.names().filter((name) => !name.startsWith('related_'))).toEqual(['article_page', 'article_summaries_by_ids']);
      statements.clear();
      for (let i = 0; i < 2; i++) expect(await articleRepo.articlePageSummaries(database.db, 999_998, 6)).toEqual({ movedTo: undefined, article: undefined, related: [] });
      expect(statements.names()).toEqual(['article_page', 'article_page']);
    } finally {
      statements.restore();
    }
  });
});

/** The prepared reads run on the database (node-postgres named statements, over PGlite or PostgreSQL), by name. */
function statementsOf(_db: Db): { names(): string[]; clear(): void; restore(): void } {
  const spy = vi.spyOn(pg.Pool.prototype, 'query');
  const nameOf = (arg: unknown) => (arg as { name?: string } | undefined)?.name;
  return {
    names: () => spy.mock.calls.map(([arg]) => nameOf(arg)).filter((name): name is string => Boolean(name)),
    clear: () => spy.mockClear(),
    restore: () => spy.mockRestore(),
  };
}
