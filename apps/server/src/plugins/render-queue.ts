// Renders in the order their readers asked, a few at a time (p-limit), each begun after a turn
// of the event loop: requests that arrived meanwhile join the queue first, so under load no
// connection keeps losing its place (p99 131 ms against over a second, bench/HISTORY.md).
import pLimit from 'p-limit';

export interface RenderQueue {
  /** Runs `work` when its turn comes; its answer or failure is the caller's. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Renders waiting for their turn. */
  readonly waiting: number;
}

export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `concurrency`: renders under way at once. */
export function createRenderQueue(concurrency: number): RenderQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`render concurrency must be a whole number ≥ 1, not ${concurrency}`);
  const limit = pLimit(concurrency);
  return {
    run: (work) => limit(async () => {
      await turn();
      return work();
    }),
    get waiting() {
      return limit.pendingCount;
    },
  };
}
