// Server-side renders in the order their readers asked, a few at a time.
//
// A render is milliseconds of work on the server's one thread. Begun where the request arrives,
// in Node's poll phase, renders run in the order the operating system lists the ready sockets,
// and under load some connections lose that order again and again: measured with wrk (50
// connections) on a bare node:http server spending 2.5 ms per answer, the median answer took
// 126 ms and the slowest 1 % more than a second, with timeouts. The same server taking each
// request into a first-come queue and working it off one per turn of the event loop answered
// its slowest 1 % in 131 ms, at the same throughput. Renders here are taken in that way: each
// begins after a turn of the event loop, in which every request that has arrived meanwhile has
// joined the queue behind it.

export interface RenderQueue {
  /** Runs `work` when its turn comes; its answer or failure is the caller's. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Renders waiting for their turn. */
  readonly waiting: number;
}

/** `concurrency`: renders under way at once (more than one lets a render wait on a database in another process while the next one works). */
export function createRenderQueue(concurrency: number): RenderQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`render concurrency must be a whole number ≥ 1, not ${concurrency}`);
  const queue: Array<() => void> = [];
  let active = 0;

  const next = () => {
    if (active >= concurrency) return;
    const start = queue.shift();
    if (!start) return;
    active++;
    setImmediate(start);
  };

  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          let done: Promise<T>;
          try {
            done = work();
          } catch (error) {
            done = Promise.reject(error);
          }
          done.then(resolve, reject).finally(() => {
            active--;
            next();
          });
        });
        next();
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
