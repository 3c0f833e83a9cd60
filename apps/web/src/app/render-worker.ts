// A render thread (apps/server/src/plugins/render-pool.ts): renders pages with entry-server.tsx
// on a core of its own, and finishes them there (the document and, unless the server's thread does it, its compression), while
// the server's thread keeps the database and the connections. Every read a page makes is asked
// of the server's thread, which owns the data.
import { parentPort, workerData } from 'node:worker_threads';
import { finishPage, pageTransferList, type FromRenderThread, type PageShell, type ReadAnswer, type RenderJob, type ToRenderThread } from '@chapar/shared/node-render';
import { pathOfRead, type PageRead } from '@chapar/shared/page-reads';
import { render } from './entry-server.tsx';

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');
const { shell } = workerData as { shell: PageShell };

const post = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Reads waiting for the server's answer, by call (numbered across all jobs). */
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let calls = 0;

/** A render's reads: those sent with its job first, the rest asked of the server's thread; `read` lists them by path. */
function readFor(job: number, sent: Record<string, unknown> | undefined, read: Map<string, PageRead>) {
  return (request: PageRead): Promise<unknown> => {
    const path = pathOfRead(request);
    if (!read.has(path)) read.set(path, request);
    if (sent && Object.hasOwn(sent, path)) return Promise.resolve(sent[path]);
    return new Promise((resolve, reject) => {
      const call = ++calls;
      waiting.set(call, { resolve, reject });
      post({ type: 'read', job, call, request });
    });
  };
}

function answered(answer: ReadAnswer): void {
  const pending = waiting.get(answer.call);
  if (!pending) return;
  waiting.delete(answer.call);
  if (answer.ok) {
    pending.resolve(answer.value);
    return;
  }
  // The entry turns an error with a status into the browser's ApiError (a 404 is a page fact).
  const { status, body, message } = answer.error;
  pending.reject(Object.assign(new Error(message), status === undefined ? {} : { status, body }));
}

async function renderJob({ job, url, publicBaseUrl, encoding, underLoad, reads }: RenderJob): Promise<void> {
  try {
    const read = new Map<string, PageRead>();
    // The ETag is the server's thread's to make: this thread is the busier one (render-pool.ts).
    const page = finishPage(shell, await render({ url, fetchJson: readFor(job, reads, read), publicBaseUrl }), { encoding, underLoad, etag: false });
    // The page's bytes move to the server's thread; this thread is done with them.
    post({ type: 'done', job, page, read: [...read.values()] }, pageTransferList(page));
  } catch (error) {
    post({ type: 'failed', job, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  }
}

port.on('message', (message: ToRenderThread) => {
  if (message.type === 'render') void renderJob(message);
  else answered(message);
});
post({ type: 'ready' });
