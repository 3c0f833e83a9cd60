import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * scrypt on a thread of its own, at a low CPU priority on Linux. node:crypto's async scrypt runs
 * on libuv's four-thread pool, which also reads files and compresses answers, at the priority of
 * the server's own thread. Measured with 100 logins at once on two busy cores (one check at a
 * time either way): a static file's p99 was 18–90 ms with scrypt on the pool, 7–11 ms on this
 * thread at the server's priority and 6–9 ms at nice 10, with up to twice as many answers.
 *
 * The thread's source is inline (plain CommonJS) so it runs the same from the sources and from
 * the server's bundle. On Linux a thread's nice value is its own (setpriority on the calling
 * thread); elsewhere it would apply to the whole process, so it is left alone there.
 */

/**
 * Nice 10: the server's thread wins the CPU whenever both want it, yet a check still gets about
 * a tenth of a busy core (a few seconds). At 19 a busy server starved the checks: one in 10 s.
 */
const PASSWORD_THREAD_NICE = 10;

const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
if (workerData.nice !== undefined) {
  // Lowering one's own priority needs no privilege; should it fail, checks run at the server's.
  try { require('node:os').setPriority(0, workerData.nice); } catch {}
}
parentPort.on('message', ({ id, password, salt, keylen, options }) => {
  try {
    const key = scryptSync(password, salt, keylen, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

let thread: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function startThread(): Worker {
  // No flags of the parent (a TypeScript loader, heap sizes): the thread needs none.
  const worker = new Worker(THREAD_SOURCE, { eval: true, execArgv: [], workerData: { nice: process.platform === 'linux' ? PASSWORD_THREAD_NICE : undefined } });
  worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.key) job.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
    else job.reject(new Error(`scrypt failed: ${message.error}`));
  });
  // A thread that dies takes its jobs with it; the next check starts a new one.
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => {
    if (thread === worker) thread = undefined;
    failAll(new Error(`the password thread stopped (exit code ${code})`));
  });
  worker.unref();
  return worker;
}

/** scrypt of `password` with `salt` on the password thread; the thread keeps the process alive only while it works. */
export function scryptOnThread(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  thread ??= startThread();
  const worker = thread;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, password, salt, keylen, options });
  });
}
