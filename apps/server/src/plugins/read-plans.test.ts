import { describe, expect, it } from 'vitest';
import { pathOfRead, type PageRead } from '@chapar/shared/contracts';
import { parseArticleId } from '@chapar/shared/text';
import { createReadPlans } from './read-plans.ts';

/** A read that answers its path, and fails for paths under /api/missing. */
function reader() {
  const asked: string[] = [];
  const read = async (request: PageRead) => {
    const path = pathOfRead(request);
    asked.push(path);
    if (path.startsWith('/api/missing')) throw Object.assign(new Error('404'), { status: 404 });
    return { path };
  };
  return { asked, read };
}

/** The reads a page makes, written as their paths: the article's own reads are typed. */
function reads(paths: string[]): PageRead[] {
  return paths.map((path) => {
    const article = /^\/api\/articles\/(\d+)(\/related)?$/.exec(path);
    if (!article) return { read: 'api', path };
    return { read: article[2] ? 'related' : 'article', id: Number(article[1]) };
  });
}

/** Plans as ssr.ts asks for them: with the article id it parsed from the address. */
function plansOf(maxShapes?: number) {
  const plans = createReadPlans(maxShapes);
  return {
    forPage: (url: string) => {
      const plan = plans.forPage(url, parseArticleId(url));
      return { preread: plan.preread, learn: (paths: string[]) => plan.learn(reads(paths)) };
    },
    get size() {
      return plans.size;
    },
  };
}

describe('read plans', () => {
  it('reads nothing for a page whose shape has not been rendered yet', async () => {
    const plans = plansOf();
    const { asked, read } = reader();
    expect(await plans.forPage('/').preread(read)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it("reads what the last page of the shape read: another article's page reads the same paths for its own id", async () => {
    const plans = plansOf();
    plans.forPage('/article/%D8%AE%D8%A8%D8%B1-44').learn(['/api/categories', '/api/articles/44', '/api/articles/44/related']);
    const { asked, read } = reader();
    const reads = await plans.forPage('/article/%D8%AF%DB%8C%DA%AF%D8%B1-7?ref=telegram').preread(read);
    expect(asked).toEqual(['/api/categories', '/api/articles/7', '/api/articles/7/related']);
    expect(reads).toEqual({
      '/api/categories': { path: '/api/categories' },
      '/api/articles/7': { path: '/api/articles/7' },
      '/api/articles/7/related': { path: '/api/articles/7/related' },
    });
    // A short link's page is a shape of its own (it only finds the article to send the reader on).
    const short = reader();
    expect(await plans.forPage('/s/12').preread(short.read)).toBeUndefined();
    plans.forPage('/s/12').learn(['/api/articles/12']);
    await plans.forPage('/S/13').preread(short.read);
    expect(short.asked).toEqual(['/api/articles/13']);
    const article = reader();
    await plans.forPage('/article/z-5').preread(article.read);
    expect(article.asked).toEqual(['/api/categories', '/api/articles/5', '/api/articles/5/related']);
  });

  it("replaces only whole path segments that are the article's id, never a query's number", async () => {
    const plans = plansOf();
    plans.forPage('/article/x-2').learn(['/api/articles?page=1&limit=2', '/api/categories/economy/articles?limit=2', '/api/articles/2', '/api/articles/22', '/api/comments/2?page=2']);
    const { asked, read } = reader();
    await plans.forPage('/article/y-9').preread(read);
    expect(asked).toEqual(['/api/articles?page=1&limit=2', '/api/categories/economy/articles?limit=2', '/api/articles/9', '/api/articles/22', '/api/comments/9?page=2']);
  });

  it('keeps other pages by their whole address, query included', async () => {
    const plans = plansOf();
    plans.forPage('/').learn(['/api/categories', '/api/articles/featured']);
    plans.forPage('/search?q=a').learn(['/api/categories', '/api/search?q=a']);
    const home = reader();
    await plans.forPage('/').preread(home.read);
    expect(home.asked).toEqual(['/api/categories', '/api/articles/featured']);
    const other = reader();
    expect(await plans.forPage('/search?q=b').preread(other.read)).toBeUndefined();
    expect(other.asked).toEqual([]);
    // An address that names no article keeps its own plan: a 404 under /article is not an article's shape.
    plans.forPage('/article/').learn(['/api/categories']);
    const bare = reader();
    await plans.forPage('/article/').preread(bare.read);
    expect(bare.asked).toEqual(['/api/categories']);
  });

  it('leaves a failed read out, for the render to ask and see fail itself', async () => {
    const plans = plansOf();
    plans.forPage('/category/x').learn(['/api/categories', '/api/missing/x']);
    const { asked, read } = reader();
    expect(await plans.forPage('/category/x').preread(read)).toEqual({ '/api/categories': { path: '/api/categories' } });
    expect(asked).toEqual(['/api/categories', '/api/missing/x']);
  });

  it("follows the pages: a shape's plan is what its last render read", async () => {
    const plans = plansOf();
    plans.forPage('/').learn(['/api/categories', '/api/articles/popular']);
    plans.forPage('/').learn(['/api/categories', '/api/articles/featured']);
    const { asked, read } = reader();
    await plans.forPage('/').preread(read);
    expect(asked).toEqual(['/api/categories', '/api/articles/featured']);
  });

  it('does not remember an address longer than any page of the site has', async () => {
    const plans = plansOf();
    const long = `/search?q=${'ا'.repeat(2000)}`;
    plans.forPage(long).learn(['/api/categories']);
    expect(plans.size).toBe(0);
    const { asked, read } = reader();
    expect(await plans.forPage(long).preread(read)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('remembers a bounded number of shapes, forgetting the one learned longest ago', async () => {
    const plans = plansOf(3);
    for (const q of ['a', 'b', 'c']) plans.forPage(`/search?q=${q}`).learn([`/api/search?q=${q}`]);
    // Learned again, `a` is now the newest.
    plans.forPage('/search?q=a').learn(['/api/search?q=a']);
    plans.forPage('/search?q=d').learn(['/api/search?q=d']);
    expect(plans.size).toBe(3);
    const forgotten = reader();
    expect(await plans.forPage('/search?q=b').preread(forgotten.read)).toBeUndefined();
    for (const q of ['a', 'c', 'd']) {
      const kept = reader();
      await plans.forPage(`/search?q=${q}`).preread(kept.read);
      expect(kept.asked).toEqual([`/api/search?q=${q}`]);
    }
  });
});
