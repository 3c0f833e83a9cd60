// Imported first by the entry points that serve the site. Node's process.nextTick builds each
// queued tick as an object literal with computed keys, and V8 caches that literal's shape in a
// single-shape slot: when a full collection clears the shape (no tick alive at that moment), the
// next tick makes a new one and the slot falls back to V8's runtime for good. Every HTTP answer
// queues several ticks, so a site that has collected once answered cached pages 30 % slower
// (bench/pages.mjs: 33,500 against 47,500 req/s). One tick object kept alive keeps its shape.
import { createHook } from 'node:async_hooks';

/** Holds the first tick queued while a hook watches, through Node's public async_hooks API. */
export function keepTickShape(): object | undefined {
  let kept: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  return kept;
}

/**
 * Where the kept tick lives for the life of the process: on the global object, because the
 * bundler turns a module constant nothing reads into a local that dies once start-up is over.
 */
export const KEPT_TICK_KEY = Symbol.for('chapar.kept-tick');

(globalThis as Record<symbol, unknown>)[KEPT_TICK_KEY] = keepTickShape();
