// What the server and its render threads say to each other (apps/server/src/plugins/render-pool.ts,
// apps/web/src/app/render-worker.ts). Messages are structured-cloned by worker_threads.

/** The page as apps/web/src/app/entry-server.tsx renders it. */
export interface RenderResult {
  status: number;
  /** Set with a 3xx status: where to send the reader. */
  redirect?: string;
  head: string;
  html: string;
  stateScript: string;
  modules: string[];
  /** False when some data failed to load (5xx, network): the page must not be cached. */
  cacheable?: boolean;
}

/** The server asks a render thread for a page. */
export interface RenderJob {
  type: 'render';
  job: number;
  url: string;
  publicBaseUrl: string;
}

/** A failed read as the entry expects it: the API's status and JSON body, or only a message (no status: a passing failure). */
export interface ReadFailure {
  status?: number;
  body?: string;
  message: string;
}

/** The server answers a render thread's read. */
export type ReadAnswer =
  | { type: 'read'; job: number; call: number; ok: true; value: unknown }
  | { type: 'read'; job: number; call: number; ok: false; error: ReadFailure };

export type ToRenderThread = RenderJob | ReadAnswer;

export type FromRenderThread =
  /** The thread has loaded the site and takes jobs. */
  | { type: 'ready' }
  /** A render needs an API path's data. */
  | { type: 'read'; job: number; call: number; path: string }
  | { type: 'done'; job: number; result: RenderResult }
  | { type: 'failed'; job: number; message: string; stack?: string };
