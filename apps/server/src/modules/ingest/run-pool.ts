import pLimit from 'p-limit';

/** Runs `work` over the items with at most `concurrency` at once; results in item order. */
export function runPool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  return pLimit(Math.max(1, concurrency)).map(items, work);
}
