// In-process ordering of login steps; across processes the database decides
// (the code-request claim is one conditional upsert).
import pLimit from 'p-limit';

/** Runs the given tasks one after another, each once the previous one settled. */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  const limit = pLimit(1);
  return (work) => limit(work);
}
