import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Parts whose code is being loaded now (lazyPart). */
let loading = 0;

/**
 * A part of a page whose code is loaded when it is first shown (React's `lazy`), counted while
 * its code loads. The server renders a page in one synchronous pass and renders it again with
 * the streaming renderer only when a part suspended (entry-server.tsx). A part suspends only
 * while its code loads, and only lazy parts load code during a render (each page's own module
 * is loaded before its render), so with none loading the page's markup need not be searched for
 * a part left to the browser: on a 120 KB home page that search was a fourteenth of its render.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => {
    loading++;
    const loaded = load();
    const done = () => {
      loading--;
    };
    loaded.then(done, done);
    return loaded;
  });
}

/** Lazy parts whose code is loading now: a page rendered meanwhile may have left one to the browser. */
export function lazyPartsLoading(): number {
  return loading;
}
