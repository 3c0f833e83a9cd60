// Pages rendered on other cores.
//
// A CPU profile of uncached article pages under wrk (50 connections) had the server's one thread
// busy all the time and the machine's second core idle: React, its router and query libraries,
// the page's serialisation and their garbage took about half of each page, and the database
// (PGlite, in this process) most of the rest. Render threads take the first part: each loads the
// site's server entry (apps/web/src/app/render-worker.ts) and renders pages, asking this thread
// for every read, so the data, its caches and the database stay here, where they were.
import { Worker } from 'node:worker_threads';
import type { FinishedPage, FromRenderThread, PageEncoding, PageShell, ReadFailure, ToRenderThread } from '@chapar/shared/render';

export type ReadJson = (path: string) => Promise<unknown>;

export interface RenderOptions {
  url: string;
  fetchJson: ReadJson;
  publicBaseUrl: string;
  /** Compress the finished page this way too. */
  encoding?: PageEncoding;
  /** Reads already made for this page, by API path: the thread takes them from here. */
  reads?: Record<string, unknown>;
}

/** A finished page and, from a render thread, the API paths its render read. */
export type RenderedByThread = FinishedPage & { read?: string[] };

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
}

interface Job {
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

export function createRenderPool({ workerFile, shell, threads, onThreadError }: RenderPoolOptions): PageRenderer {
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
        job.fetchJson(message.path).then(
          (value) => send({ type: 'read', job: message.job, call: message.call, ok: true, value }),
          (error: unknown) => send({ type: 'read', job: message.job, call: message.call, ok: false, error: failureOf(error) }),
        );
        return;
      }
      thread.jobs.delete(message.job);
      if (message.type === 'done') job.resolve({ ...message.page, read: message.read });
      else job.reject(Object.assign(new Error(message.message), { stack: message.stack ?? message.message }));
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

  return {
    render({ url, fetchJson, publicBaseUrl, encoding, reads }) {
      if (closing) return Promise.reject(new Error('the render threads are closed'));
      if (pool.length === 0) return Promise.reject(new Error(`no render thread could start: ${broken?.message}`));
      // The thread with the fewest pages under way.
      const thread = pool.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
      const job = ++nextJob;
      return new Promise<RenderedByThread>((resolve, reject) => {
        thread.jobs.set(job, { fetchJson, resolve, reject });
        thread.worker.postMessage({ type: 'render', job, url, publicBaseUrl, encoding, reads } satisfies ToRenderThread);
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
