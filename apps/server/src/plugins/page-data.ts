import type { FastifyInstance } from 'fastify';
import { categoryArticlesQuery, categorySlugParam, listArticlesQuery, MAX_PUBLIC_LIMIT, type ArticleSummary, type ListArticlesQuery } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { toArticle } from '../modules/articles/dto.ts';
import { articleRepo, type ArticlePageRows } from '../modules/articles/repo.ts';
import { listSummaries, RELATED_LIMIT } from '../modules/articles/service.ts';

/**
 * The data a server-rendered page reads, without a round trip through the HTTP layer for each
 * piece.
 *
 * A CPU profile of an uncached article page (wrk, 50 connections, caches off) showed each page
 * paying for five in-process `app.inject` requests (routing, hooks, validation, serialisation,
 * JSON parsed again, two log lines each at the default level) and three database reads of the
 * same article row. Now:
 * - the article, its related list and the article lists are read straight from the services
 *   (their queries validated with the routes' own schemas): the article page's data in one
 *   read, the lists and related articles as the summaries the pages keep of them
 *   (ArticleSummary, without bodies),
 *   and a path asked twice in one render is read once;
 * - data that does not change per request and is the same on every page (the category list,
 *   the most-read and featured sidebars, trending topics) is kept here, apart from the pages,
 *   refreshed in the background when content changes (the old value is used meanwhile) and
 *   after `derivedTtlMs` (view counts move);
 * - anything else still goes through the API in process, with its own rules and caches.
 */
export interface PageDataOptions {
  /** Without it the article is read through the API in process too. */
  db?: Db;
  /** How long derived data (sidebars, categories) is used before it is read again. */
  derivedTtlMs: number;
}

/** Reads for one render: API paths, and where an article's id was moved to. */
export interface PageFetcher {
  (apiPath: string): Promise<unknown>;
  /** The redirect table's target for an article id (spec 02: 884 → 885), read with the article's page data. */
  movedTo(id: number): Promise<number | undefined>;
}

export interface PageData {
  /** A fetcher for one render (it shares reads of the same article within that render). */
  fetcher(): PageFetcher;
  /** Content changed: derived data is read again at its next use, the old value is used until then. */
  markStale(): void;
  /** Drops all derived data (a change whose extent is unknown). */
  clear(): void;
  readonly size: number;
}

/** Paths whose answer is the same for every page and reader: sidebars and the category list. */
const DERIVED = /^\/api\/(?:categories|articles\/(?:popular|featured)|analytics\/trending-topics)(?:\?[^#]*)?$/;
const ARTICLE = /^\/api\/articles\/([1-9]\d{0,9})(\/related)?$/;
const LIST = /^\/api\/articles(?:\?([^#]*))?$/;
const CATEGORY_LIST = /^\/api\/categories\/([^/?#]+)\/articles(?:\?([^#]*))?$/;

/** A query string as the routes see it, or null when a name repeats (left to the API itself). */
function queryOf(search: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search ?? '')) {
    if (name in out) return null;
    out[name] = value;
  }
  return out;
}
const MAX_ARTICLE_ID = 2_147_483_647;
const ARTICLE_NOT_FOUND = 'مقاله مورد نظر یافت نشد';

interface Derived {
  value: unknown;
  expiresAt: number;
  /** A read under way (a refresh, or the first read). */
  pending?: Promise<unknown>;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The error the entry expects from a failed API read: the status and the JSON body. */
function apiError(status: number, body: string): Error {
  return Object.assign(new Error(`${status}: ${body}`), { status, body });
}

/** The read under way or done for `key`, or the one `start` begins (and `map` keeps). */
function once<K, V>(map: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  let pending = map.get(key);
  if (!pending) {
    pending = start();
    map.set(key, pending);
  }
  return pending;
}

export function createPageData(app: FastifyInstance, { db, derivedTtlMs }: PageDataOptions): PageData {
  const derived = new Map<string, Derived>();
  let generation = 0;

  const viaApi = async (apiPath: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    if (res.statusCode >= 400) throw apiError(res.statusCode, res.body);
    return res.json();
  };

  const readDerived = (apiPath: string): Promise<unknown> => {
    const now = Date.now();
    let entry = derived.get(apiPath);
    if (entry && entry.expiresAt > now) return Promise.resolve(entry.value);
    if (entry?.pending) return entry.value === undefined ? entry.pending : Promise.resolve(entry.value);
    const started = generation;
    const current: Derived = entry ?? { value: undefined, expiresAt: 0 };
    entry = current;
    derived.set(apiPath, current);
    current.pending = viaApi(apiPath).then((value) => {
      // A read begun before a clear() is handed to its caller but not kept.
      if (started === generation) {
        current.value = value;
        current.expiresAt = derivedTtlMs > 0 ? Date.now() + derivedTtlMs : 0;
      }
      return value;
    }).finally(() => { current.pending = undefined; });
    // A stale value is answered at once; the read above replaces it.
    return current.value === undefined ? current.pending : Promise.resolve(current.value);
  };

  return {
    fetcher() {
      // An article page's redirect, article and related articles (as summaries) come from one
      // read (articleRepo.articlePageSummaries), shared by every ask for them within the render.
      const pages = new Map<number, Promise<ArticlePageRows<ArticleSummary>>>();
      const page = (database: Db, id: number) => once(pages, id, () => articleRepo.articlePageSummaries(database, id, RELATED_LIMIT));
      // One list read for every path that asks for the same list: the home page's newest
      // articles and its feed ask `?page=1&limit=6` and `?limit=6`.
      const lists = new Map<string, Promise<unknown>>();
      const summaries = (database: Db, query: ListArticlesQuery) =>
        once(lists, `${query.category ?? ''} ${query.page} ${query.limit}`, () => listSummaries(database, query));
      const direct = async (apiPath: string): Promise<unknown> => {
        const article = ARTICLE.exec(apiPath);
        if (db && article && Number(article[1]) <= MAX_ARTICLE_ID) {
          const found = await page(db, Number(article[1]));
          if (!found.article) throw apiError(404, JSON.stringify({ error: 'not_found', message: ARTICLE_NOT_FOUND }));
          return article[2] ? found.related : toArticle(found.article);
        }
        const list = db && LIST.exec(apiPath);
        if (db && list) {
          const query = listArticlesQuery.safeParse(queryOf(list[1]));
          if (query.success && query.data.limit <= MAX_PUBLIC_LIMIT) return summaries(db, query.data);
        }
        const categoryList = db && CATEGORY_LIST.exec(apiPath);
        if (db && categoryList) {
          const slug = categorySlugParam.safeParse({ slug: decodeURIComponentSafe(categoryList[1]) });
          const query = categoryArticlesQuery.safeParse(queryOf(categoryList[2]));
          if (slug.success && query.success) return summaries(db, { page: query.data.page, limit: query.data.limit, category: slug.data.slug });
        }
        if (derivedTtlMs > 0 && DERIVED.test(apiPath)) return readDerived(apiPath);
        return viaApi(apiPath);
      };
      // The page only reads what it gets (it renders and serialises it), so one answer serves
      // every query of the render that asks for the same path, and derived data every render.
      const asked = new Map<string, Promise<unknown>>();
      const fetch = (apiPath: string) => once(asked, apiPath, () => direct(apiPath));
      const movedTo = async (id: number) => (db && id <= MAX_ARTICLE_ID ? (await page(db, id)).movedTo : undefined);
      return Object.assign(fetch, { movedTo });
    },
    markStale() {
      for (const entry of derived.values()) entry.expiresAt = 0;
    },
    clear() {
      generation++;
      derived.clear();
    },
    get size() {
      return derived.size;
    },
  };
}
