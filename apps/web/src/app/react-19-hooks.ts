/**
 * The two React 19 hooks preact/compat lacks, which React Router reads from the `react`
 * namespace (`use` on its RSC paths, `useOptimistic` in RouterProvider). The public pages'
 * browser build adds them to Preact's compat layer (preact-react.js); without them the bundler
 * warns IMPORT_IS_UNDEFINED and those paths would meet `undefined` in the browser.
 */
import { useContext, type Context } from 'preact/compat';

type Tracked<T> = PromiseLike<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function isContext<T>(usable: unknown): usable is Context<T> {
  // Preact's contexts are functions (usable as their own provider), React's are objects.
  return (typeof usable === 'object' || typeof usable === 'function') && usable !== null && 'Provider' in usable && 'Consumer' in usable;
}

/**
 * React 19's `use`: a context's value, or a promise's result. A pending promise is thrown, so
 * the nearest <Suspense> (preact/compat's) shows its fallback and renders again once it settles.
 */
export function use<T>(usable: PromiseLike<T> | Context<T>): T {
  // Contexts are read through the hook (the rule of hooks holds: `use` is always called).
  if (isContext<T>(usable)) return useContext(usable);
  const tracked = usable as Tracked<T>;
  if (tracked.status === 'fulfilled') return tracked.value as T;
  if (tracked.status === 'rejected') throw tracked.reason;
  if (tracked.status === undefined) {
    tracked.status = 'pending';
    tracked.then(
      (value) => { tracked.status = 'fulfilled'; tracked.value = value; },
      (reason: unknown) => { tracked.status = 'rejected'; tracked.reason = reason; },
    );
  }
  throw tracked;
}

/**
 * React 19's `useOptimistic`. Preact has no transitions, so no update is ever pending: the
 * optimistic state is always the passed state, which is what React shows once a transition ends.
 */
export function useOptimistic<S, A = S>(passthrough: S, _reducer?: (state: S, action: A) => S): [S, (action: A) => void] {
  return [passthrough, ignoreOptimisticUpdate];
}

function ignoreOptimisticUpdate(): void {
  // Nothing to show: without transitions the real state arrives as soon as it is set.
}
