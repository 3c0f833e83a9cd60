import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRoutes } from 'react-router';
import { PUBLIC_ROUTES, matchPublicRoute } from './routes.tsx';

/** The match over every public pattern, as React Router makes it. */
function overAllPatterns(pathname: string) {
  const matches = matchRoutes(PUBLIC_ROUTES.map((r) => ({ path: r.path })), pathname);
  const match = matches?.[matches.length - 1];
  return { path: match?.route.path ?? '*', params: match?.params ?? {} };
}

const same = (pathname: string) => {
  const { route, params } = matchPublicRoute(pathname);
  expect({ path: route.path, params }, pathname).toEqual(overAllPatterns(pathname));
};

describe('matchPublicRoute', () => {
  it('matches each page as React Router does over every pattern', () => {
    for (const pathname of [
      '/', '/category/politics', '/category/politics/', '/Category/Politics', '/category', '/category/',
      '/search', '/search/', '/SEARCH', '/trending', '/trending/x', '/article/خبر-تازه-12', '/article/%D8%AE%D8%A8%D8%B1-12',
      '/article', '/article/', '/ARTICLE/a/b', '/s/12', '/s/', '/s', '/S/12/', '/nothing', '/nothing/here', '/%61rticle/x-1',
      '/%73earch', '//article/x', '/article//x', '/catégorie', '/category/%2F', '/-/x', '/_',
    ]) same(pathname);
  });

  it('names the route and its params', () => {
    expect(matchPublicRoute('/category/economy')).toMatchObject({ route: { path: '/category/:slug' }, params: { slug: 'economy' } });
    expect(matchPublicRoute('/article/خبر-12').params['*']).toBe('خبر-12');
    expect(matchPublicRoute('/گم').route.path).toBe('*');
  });

  it('agrees with React Router on any path made of the patterns’ pieces', () => {
    const segment = fc.oneof(
      fc.constantFrom('', 'category', 'Category', 'search', 'trending', 'article', 's', 'S', 'x', '12', '%61rticle', '%2F', 'خبر', '-', 'a.b'),
      fc.string({ maxLength: 4 }).map((text) => encodeURIComponent(text)),
    );
    fc.assert(fc.property(fc.array(segment, { maxLength: 4 }), (segments) => same(`/${segments.join('/')}`)), { numRuns: 2000 });
  });
});
