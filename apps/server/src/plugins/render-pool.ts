// Pages rendered on other cores: React is about half of an uncached page, the database (on this
// thread) most of the rest. Each thread runs apps/web/src/app/render-worker.ts and asks this
// thread for every read, so the data and its caches stay here (decision 0010).
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { PageRead } from '@chapar/shared/contracts';
import { encodePage, etagOf, type FinishedPage, type FromRenderThread, type PageEncoding, type PageShell, type ReadFailure, type ToRenderThread } from '@chapar/shared/node-render';

export type ReadJson = (read: PageRead) => Promise<unknown>;

export interface RenderOptions {
  url: string;
  fetchJson: ReadJson;
  publicBaseUrl: string;
  /** Compress the finished page this way too. */
  encoding?: PageEncoding;
  /** Reads already made for this page, by API path: the thread takes them from here. */
  reads?: Record<string, unknown>;
}

/** A finished page and, from a render thread, the reads its render made. */
export type RenderedByThread = FinishedPage & { read?: PageRead[] };

/** Renders pages and finishes them (the document, its ETag, its compression when asked). */
export interface PageRenderer {
  render(options: RenderOptions): Promise<RenderedByThread>;
  /** Render threads running now (0: pages are rendered on the server's own thread). */
  readonly threads: number;
  /**
   * How long the running render threads' event loops have been busy, in ms (summed), for the
   * benchmarks to tell which thread a page's time goes to; 0 without threads.
   */
  busyMs(): number;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The built render-worker.js. */
  workerFile: string;
  /** What every page is put into. */
  shell: PageShell;
  threads: number;
  /** Told when a thread fails or stops unasked (its renders fail; a new thread takes its place). */
  onThreadError: (error: Error) => void;
  /** Where pages are compressed, and how hard (a new CompressionBalance unless given). */
  balance?: Pick<CompressionBalance, 'update' | 'compressHere'> & Partial<Pick<CompressionBalance, 'underLoad'>>;
}

/** How often the threads' load is looked at again, in ms. */
export const BALANCE_WINDOW_MS = 100;
/** How much of the compression moves at each look. */
const BALANCE_STEP = 0.1;
/** A difference in load smaller than this moves nothing. */
const BALANCE_MARGIN = 0.05;
/** Both this thread and the render threads busier than this over a window: pages wait in line. */
export const SATURATED = 0.9;

/**
 * Which thread compresses a page: its render thread or this one, moved each BALANCE_WINDOW_MS
 * towards the one with time to spare (either can be the limit; decision 0011 has its share).
 */
export class CompressionBalance {
  /** Of the pages to compress, the share compressed on this thread (0: all on render threads). */
  share = 0;
  /**
   * Both sides were saturated in the last window: readers wait in line for the pages ahead of
   * them, so pages are compressed at the faster setting (PAGE_BR_QUALITY_UNDER_LOAD), a few
   * bytes more for each reader against less of everyone's wait.
   */
  underLoad = false;
  private credit = 0;

  /** The last window's load: the share of it this thread's and the render threads' event loops were busy (0-1). */
  update(here: number, threads: number): void {
    if (here + BALANCE_MARGIN < threads) this.share = Math.min(1, this.share + BALANCE_STEP);
    else if (here > threads + BALANCE_MARGIN) this.share = Math.max(0, this.share - BALANCE_STEP);
    this.underLoad = here >= SATURATED && threads >= SATURATED;
  }

  /** Whether the next page is compressed here: pages are spread evenly at the current share. */
  compressHere(): boolean {
    this.credit += this.share;
    if (this.credit < 1) return false;
    this.credit -= 1;
    return true;
  }
}

interface Job {
  /** Compress the finished page on this thread. */
  encodeHere?: PageEncoding;
  /** At the faster setting (CompressionBalance.underLoad when the job was sent). */
  underLoad: boolean;
  fetchJson: ReadJson;
  resolve: (page: RenderedByThread) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
  /** It has loaded the site: a thread lost before that (a broken build) is not started again. */
  ready: boolean;
}

/** A read's failure as it crosses to the render thread: the API's status and body are what the page decides on. */
function failureOf(error: unknown): ReadFailure {
  const message = error instanceof Error ? error.message : String(error);
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  return typeof status === 'number' ? { status, body: typeof body === 'string' ? body : message, message } : { message };
}

export function createRenderPool({ workerFile, shell, threads, onThreadError, balance = new CompressionBalance() }: RenderPoolOptions): PageRenderer {
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`render threads must be a whole number ≥ 1, not ${threads}`);
  let nextJob = 0;
  let closing = false;
  /** Why the last thread could not start, once none is left. */
  let broken: Error | undefined;

  const start = (): Thread => {
    // The threads never keep the process alive on their own: the server's socket does.
    const worker = new Worker(workerFile, { workerData: { shell } });
    worker.unref();
    const thread: Thread = { worker, jobs: new Map(), ready: false };
    const send = (message: ToRenderThread) => worker.postMessage(message);

    worker.on('message', (message: FromRenderThread) => {
      if (message.type === 'ready') {
        thread.ready = true;
        return;
      }
      const job = thread.jobs.get(message.job);
      if (!job) return;
      if (message.type === 'read') {
        job.fetchJson(message.request).then(
          (value) => send({ type: 'read', job: message.job, call: message.call, ok: true, value }),
          (error: unknown) => send({ type: 'read', job: message.job, call: message.call, ok: false, error: failureOf(error) }),
        );
        return;
      }
      thread.jobs.delete(message.job);
      if (message.type === 'done') {
        const page: RenderedByThread = { ...message.page, read: message.read };
        // A render thread leaves the document's ETag to this thread (render-worker.ts): on an
        // uncached home page under load the render thread was busy all the time and this one
        // 86-90 %, and a sha1 of its 120 KB is about a thirtieth of a render.
        if (page.etag === '') page.etag = etagOf(page.body);
        const { encodeHere, underLoad } = job;
        // A redirect's empty body is too small to compress: encodePage gives nothing for it.
        const encoded = encodeHere ? encodePage(page.body, encodeHere, underLoad) : undefined;
        if (encodeHere && encoded) page.encoded = { encoding: encodeHere, body: encoded };
        job.resolve(page);
      } else {
        job.reject(Object.assign(new Error(message.message), { stack: message.stack ?? message.message }));
      }
    });

    let gone = false;
    const lost = (error: Error) => {
      // A failing thread reports an error, then its exit: it is replaced once.
      if (gone) return;
      gone = true;
      const index = pool.indexOf(thread);
      if (index >= 0) pool.splice(index, 1);
      for (const job of thread.jobs.values()) job.reject(error);
      thread.jobs.clear();
      if (closing) return;
      onThreadError(error);
      if (thread.ready) pool.push(start());
      else broken = error;
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', (code) => lost(new Error(`render thread stopped (exit code ${code})`)));
    return thread;
  };

  const pool: Thread[] = [];
  for (let i = 0; i < threads; i++) pool.push(start());

  let lookedAt = performance.now();
  let hereBefore = performance.eventLoopUtilization();
  let threadsBefore = new Map<Worker, EventLoopUtilization>(pool.map(({ worker }) => [worker, worker.performance.eventLoopUtilization()]));
  /** Moves the compression towards the thread with more time to spare, once a window. */
  const rebalance = () => {
    const now = performance.now();
    if (now - lookedAt < BALANCE_WINDOW_MS) return;
    lookedAt = now;
    const hereNow = performance.eventLoopUtilization();
    const here = performance.eventLoopUtilization(hereNow, hereBefore).utilization;
    hereBefore = hereNow;
    const threadsNow = new Map(pool.map(({ worker }) => [worker, worker.performance.eventLoopUtilization()]));
    let sum = 0;
    let counted = 0;
    for (const [worker, elu] of threadsNow) {
      const before = threadsBefore.get(worker);
      if (!before) continue;
      sum += worker.performance.eventLoopUtilization(elu, before).utilization;
      counted++;
    }
    threadsBefore = threadsNow;
    if (counted > 0) balance.update(here, sum / counted);
  };

  return {
    render({ url, fetchJson, publicBaseUrl, encoding, reads }) {
      if (closing) return Promise.reject(new Error('the render threads are closed'));
      if (pool.length === 0) return Promise.reject(new Error(`no render thread could start: ${broken?.message}`));
      // The thread with the fewest pages under way.
      const thread = pool.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
      const job = ++nextJob;
      rebalance();
      const encodeHere = encoding && balance.compressHere() ? encoding : undefined;
      const underLoad = balance.underLoad ?? false;
      return new Promise<RenderedByThread>((resolve, reject) => {
        thread.jobs.set(job, { encodeHere, underLoad, fetchJson, resolve, reject });
        thread.worker.postMessage({ type: 'render', job, url, publicBaseUrl, encoding: encodeHere ? undefined : encoding, underLoad, reads } satisfies ToRenderThread);
      });
    },
    get threads() {
      return pool.length;
    },
    busyMs() {
      return pool.reduce((sum, { worker }) => sum + worker.performance.eventLoopUtilization().active, 0);
    },
    async close() {
      closing = true;
      await Promise.all(pool.splice(0).map(({ worker }) => worker.terminate()));
    },
  };
}
