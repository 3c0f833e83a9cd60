// The reads a page will make, sent with its render job: what the last render of a page of the
// same shape read (every article page reads its article, related list and categories). The
// render thread then renders in one go instead of three round trips between the threads.
import { pathOfRead, type PageRead } from '@chapar/shared/contracts';

/** Shapes remembered at most (search pages make one per query). */
const MAX_SHAPES = 500;
/** A longer address is not remembered: no page of the site has one, and 500 of them would be megabytes. */
const MAX_KEY_LENGTH = 1024;
const ID = '{id}';
/** The article's id in a learned typed read (article, related): filled in for the next page of the shape. */
const ID_SLOT = 0;

/** One page's plan: its shape is worked out once, for the reads before its render and after. */
export interface PagePlan {
  /**
   * The reads the last render of a page of this shape made, made again with `read`: the ones
   * that succeeded, by path (a failed read is left for the render to ask, and see fail).
   * Undefined when no page of that shape has been rendered yet.
   */
  preread(read: (request: PageRead) => Promise<unknown>): Promise<Record<string, unknown> | undefined>;
  /** What this page's render read, for the next page of its shape. */
  learn(reads: readonly PageRead[]): void;
}

export interface ReadPlans {
  /** The plan for the page at `url`, whose article id the caller has parsed (null: none). */
  forPage(url: string, articleId: number | null): PagePlan;
  readonly size: number;
}

interface Shape {
  key: string;
  /** The article's id, written `{id}` in the plan's paths. */
  id?: number;
}

function shapeOf(url: string, id: number | null): Shape {
  // Every article page reads the same paths but for its id (a short link's page, /s/{id}, is a
  // shape of its own); an address that names no article (a 404, another page) is one too.
  return id === null ? { key: url } : { key: `${/^\/s\//i.test(url) ? '/s/' : '/article/'}${ID}`, id };
}

/** `path` with each segment that is the article's id written `{id}` (or the other way round). */
function swapId(path: string, from: string, to: string): string {
  if (!path.includes(from)) return path;
  const [pathname, query] = path.split(/\?(.*)/s, 2);
  const swapped = pathname.split('/').map((segment) => (segment === from ? to : segment)).join('/');
  return query === undefined ? swapped : `${swapped}?${query}`;
}

/** A read with the article's id taken out (`to` undefined) or put back in. */
function withId(request: PageRead, from: number | undefined, to: number | undefined): PageRead {
  switch (request.read) {
    case 'article':
    case 'related': {
      const id = to === undefined ? (request.id === from ? ID_SLOT : request.id) : (request.id === ID_SLOT ? to : request.id);
      return { ...request, id };
    }
    case 'api':
      return { read: 'api', path: to === undefined ? swapId(request.path, String(from), ID) : swapId(request.path, ID, String(to)) };
    default:
      return request;
  }
}

export function createReadPlans(maxShapes = MAX_SHAPES): ReadPlans {
  const plans = new Map<string, readonly PageRead[]>();
  return {
    forPage(url, articleId) {
      const shape = shapeOf(url, articleId);
      return {
        async preread(read) {
          const plan = plans.get(shape.key);
          if (!plan) return undefined;
          const requests = shape.id === undefined ? plan : plan.map((request) => withId(request, undefined, shape.id));
          const settled = await Promise.allSettled(requests.map((request) => read(request)));
          const reads: Record<string, unknown> = {};
          settled.forEach((outcome, i) => {
            if (outcome.status === 'fulfilled') reads[pathOfRead(requests[i])] = outcome.value;
          });
          return reads;
        },
        learn(requests) {
          if (shape.key.length > MAX_KEY_LENGTH) return;
          const plan = shape.id === undefined ? [...requests] : requests.map((request) => withId(request, shape.id, undefined));
          // The newest shapes are kept: the oldest goes when there are too many.
          plans.delete(shape.key);
          if (plans.size >= maxShapes) plans.delete(plans.keys().next().value!);
          plans.set(shape.key, plan);
        },
      };
    },
    get size() {
      return plans.size;
    },
  };
}
