import type { FastifyInstance } from 'fastify';
import { ARTICLE_NOT_FOUND, categoryArticlesQuery, categorySlugParam, listArticlesQuery, MAX_PUBLIC_LIMIT, pathOfRead, type ArticleSummary, type ListArticlesQuery, type PageRead } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { toArticle } from '../modules/articles/dto.ts';
import { articleRepo, type ArticlePageRows } from '../modules/articles/repo.ts';
import { listSummaries, RELATED_LIMIT } from '../modules/articles/service.ts';

/**
 * The data a server-rendered page reads, answered in process: the article and the lists
 * straight from the services (one read of the article's page per render), the sidebars shared
 * by every page from a small cache, anything else through the API in process.
 */
export interface PageDataOptions {
  /** Without it the article is read through the API in process too. */
  db?: Db;
  /** How long derived data (sidebars, categories) is used before it is read again. */
  derivedTtlMs: number;
}

/** Reads for one render (typed, as the pages ask them), and where an article's id was moved to. */
export interface PageFetcher {
  (request: PageRead): Promise<unknown>;
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

interface Derived {
  value: unknown;
  expiresAt: number;
  /** A read under way (a refresh, or the first read). */
  pending?: Promise<unknown>;
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
      const direct = async (request: PageRead): Promise<unknown> => {
        if (request.read === 'api') return derivedTtlMs > 0 && DERIVED.test(request.path) ? readDerived(request.path) : viaApi(request.path);
        if (!db) return viaApi(pathOfRead(request));
        switch (request.read) {
          case 'article':
          case 'related': {
            const found = await page(db, request.id);
            if (!found.article) throw apiError(404, JSON.stringify({ error: 'not_found', message: ARTICLE_NOT_FOUND }));
            return request.read === 'related' ? found.related : toArticle(found.article);
          }
          case 'articles': {
            const query = listArticlesQuery.safeParse({ page: request.page, limit: request.limit });
            if (query.success && query.data.limit <= MAX_PUBLIC_LIMIT) return summaries(db, query.data);
            break;
          }
          case 'category': {
            const slug = categorySlugParam.safeParse({ slug: request.slug });
            const query = categoryArticlesQuery.safeParse({ page: request.page, limit: request.limit });
            if (slug.success && query.success) return summaries(db, { page: query.data.page, limit: query.data.limit, category: slug.data.slug });
            break;
          }
        }
        // Anything the services do not answer here (a limit past the public one, a bad slug)
        // gets the API's own answer.
        return viaApi(pathOfRead(request));
      };
      // The page only reads what it gets (it renders and serialises it), so one answer serves
      // every query of the render that asks for the same read, and derived data every render.
      const asked = new Map<string, Promise<unknown>>();
      const fetch = (request: PageRead) => once(asked, pathOfRead(request), () => direct(request));
      // Ids come from parseArticleId, so within the integer column's range.
      const movedTo = async (id: number) => (db ? (await page(db, id)).movedTo : undefined);
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
