// Reads for a render nobody waits for (a stale page being replaced): one at a time, each after a
// turn of the event loop, so readers arriving meanwhile are answered between them (PGlite runs
// queries on the server's own thread).
import pLimit from 'p-limit';
import { turn } from './render-queue.ts';

/** `read`, one call at a time, each begun after the event loop has served what was waiting. */
export function politely<A, T>(read: (request: A) => Promise<T>): (request: A) => Promise<T> {
  const limit = pLimit(1);
  return (request) => limit(async () => {
    await turn();
    return read(request);
  });
}
