// Node-only entry (@chapar/shared/node-render): node:zlib and node:crypto; never imported by browser code.
// What the server and its render threads say to each other (apps/server/src/plugins/render-pool.ts,
// apps/web/src/app/render-worker.ts), and the finishing of a page both do (page.ts). Messages are
// structured-cloned by worker_threads.
import type { PageRead } from '../contracts/page-reads.ts';
import type { FinishedPage, PageEncoding } from './page.ts';

export * from './page.ts';

/** The server asks a render thread for a page. */
export interface RenderJob {
  type: 'render';
  job: number;
  url: string;
  publicBaseUrl: string;
  /** Compress the finished page this way too (the reader who asked for it wants it so). */
  encoding?: PageEncoding;
  /** Every thread making pages is saturated: compress at the faster setting (encodePage). */
  underLoad?: boolean;
  /**
   * Reads made before the job was sent, by API path (pathOfRead): what the last render of a page of this
   * shape read. The thread takes them from here instead of asking for them.
   */
  reads?: Record<string, unknown>;
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
  /** A render needs a read's data. */
  | { type: 'read'; job: number; call: number; request: PageRead }
  /** `read`: every read the render made (sent with the job or asked), in the order first read. */
  | { type: 'done'; job: number; page: FinishedPage; read: PageRead[] }
  | { type: 'failed'; job: number; message: string; stack?: string };
