import { Suspense, useEffect, useRef } from 'react';
import { PartBoundary } from '../components/part-boundary.tsx';
import { matchRoutes, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { LoaderCircle } from '../components/icons';
import { useInternalLinks } from '../components/link.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import type { RouteModule } from './route-types.ts';

// The admin area is a separate build on React (src/admin, docs/decisions/0009-admin-client.md):
// the server answers /admin addresses with its page. A link followed inside the public app
// loads that page in full.
function AdminPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.assign(pathname + search + hash);
  }, [pathname, search, hash]);
  return pageFallback;
}

export interface PublicRoute {
  path: string;
  /** Source path of the module, for the server to find its client chunk in Vite's manifest. */
  src: string;
  load: () => Promise<{ route: RouteModule }>;
}

/**
 * Public routes of spec 01 §2, rendered on the server. Each page is its own chunk; the
 * server preloads the current one and the client loads it before hydrating.
 */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', src: 'src/app/routes/home.tsx', load: () => import('./routes/home.tsx') },
  { path: '/category/:slug', src: 'src/app/routes/category.tsx', load: () => import('./routes/category.tsx') },
  { path: '/search', src: 'src/app/routes/search.tsx', load: () => import('./routes/search.tsx') },
  { path: '/trending', src: 'src/app/routes/trending.tsx', load: () => import('./routes/trending.tsx') },
  { path: '/article/*', src: 'src/app/routes/article.tsx', load: () => import('./routes/article.tsx') },
  { path: '/s/:id', src: 'src/app/routes/short-link.tsx', load: () => import('./routes/short-link.tsx') },
  { path: '/bookmarks', src: 'src/app/routes/bookmarks.tsx', load: () => import('./routes/bookmarks.tsx') },
  { path: '*', src: 'src/app/routes/not-found.tsx', load: () => import('./routes/not-found.tsx') },
];

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The public routes' patterns, as React Router matches them. */
const PUBLIC_PATTERNS: RouteObject[] = PUBLIC_ROUTES.map((r) => ({ path: r.path }));

/** A pattern's first segment when it is plain text ('' for '/'), else undefined ('*', ':id'). */
function firstStaticSegment(path: string): string | undefined {
  const first = path.split('/')[1] ?? '';
  return /^[\w-]*$/.test(first) && path !== '*' ? first.toLowerCase() : undefined;
}

/**
 * The patterns a path can match, by the path's first segment: those that begin with it and
 * those that begin with no fixed text. React Router flattens, ranks and compiles the patterns
 * it is given on every match (a fortieth of an article page's render for all seven); a pattern
 * beginning with other text can never match, and ranking keeps the order of the rest.
 */
const PATTERNS_BY_SEGMENT = new Map<string, RouteObject[]>();
for (const pattern of PUBLIC_PATTERNS) {
  const first = firstStaticSegment(pattern.path!);
  if (first !== undefined && !PATTERNS_BY_SEGMENT.has(first)) {
    PATTERNS_BY_SEGMENT.set(first, PUBLIC_PATTERNS.filter((p) => [first, undefined].includes(firstStaticSegment(p.path!))));
  }
}
const UNFIXED_PATTERNS = PUBLIC_PATTERNS.filter((p) => firstStaticSegment(p.path!) === undefined);

function patternsFor(pathname: string): RouteObject[] {
  // A first segment with encoded characters is left to React Router's decoding, over every pattern.
  const end = pathname.indexOf('/', 1);
  const first = end < 0 ? pathname.slice(1) : pathname.slice(1, end);
  if (first.includes('%')) return PUBLIC_PATTERNS;
  return PATTERNS_BY_SEGMENT.get(first.toLowerCase()) ?? UNFIXED_PATTERNS;
}

/** The public route for a path (the 404 route when nothing else matches) and its params. */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Record<string, string | undefined> } {
  const matches = matchRoutes(patternsFor(pathname), pathname);
  const match = matches?.[matches.length - 1];
  const route = PUBLIC_ROUTES.find((r) => r.path === match?.route.path) ?? PUBLIC_ROUTES[PUBLIC_ROUTES.length - 1];
  return { route, params: match?.params ?? {} };
}

// Loaded modules by path. Once a module is here its page renders synchronously, so a page
// loaded before hydration never suspends.
const loaded = new Map<string, RouteModule>();
const loading = new Map<string, Promise<RouteModule>>();
/** A chunk that did not come, until its page is rendered again: the page's boundary shows it. */
const failed = new Map<string, unknown>();

export function loadRoute(route: PublicRoute): Promise<RouteModule> {
  let promise = loading.get(route.path);
  if (!promise) {
    promise = route.load().then(({ route: module }) => {
      loaded.set(route.path, module);
      return module;
    }, (error: unknown) => {
      loading.delete(route.path);
      failed.set(route.path, error);
      throw error;
    });
    loading.set(route.path, promise);
  }
  return promise;
}

function RoutePage({ route }: { route: PublicRoute }) {
  const module = loaded.get(route.path);
  if (module) return <module.Component />;
  const error = failed.get(route.path);
  if (error !== undefined) {
    failed.delete(route.path);
    throw error;
  }
  // Suspend until the chunk is here (a thrown promise works in React and in Preact alike).
  throw loadRoute(route);
}

const pageFallback = <LoaderCircle aria-label="در حال بارگذاری" className="mx-auto mt-24 size-8 animate-spin text-muted" />;

const publicChild = (route: PublicRoute): RouteObject => ({
  path: route.path,
  element: <PartBoundary><Suspense fallback={pageFallback}><RoutePage route={route} /></Suspense></PartBoundary>,
});

const routeObjects: RouteObject[] = [
  { path: '/admin/*', element: <AdminPage /> },
  { element: <PublicLayout />, children: PUBLIC_ROUTES.map(publicChild) },
];

/**
 * The server renders one page whose route it has already matched (matchPublicRoute): its
 * routes are that route alone, in the same layout. React Router flattens, ranks and compiles
 * the routes it is given on every render; for all of them that was a twentieth of an article
 * page's render. The browser keeps every route: it follows links.
 */
const singleRoutes = new Map<PublicRoute, RouteObject[]>(
  PUBLIC_ROUTES.map((route) => [route, [{ element: <PublicLayout />, children: [publicChild(route)] }]]),
);

/**
 * A new page starts at the top, and so does another page of a list (`?page=`, followed from
 * its pager at the bottom); back and forward keep the browser's own restoration, and other
 * changes of the query alone (search filters) do not scroll.
 */
function useScrollToTopOnNavigate() {
  const { pathname, search } = useLocation();
  const listPage = new URLSearchParams(search).get('page');
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, listPage, navigationType]);
}

/** The app's pages; `only` (on the server): the public route already matched for this page. */
export function AppRoutes({ only }: { only?: PublicRoute }) {
  useScrollToTopOnNavigate();
  useInternalLinks();
  return useRoutes((only && singleRoutes.get(only)) ?? routeObjects);
}
