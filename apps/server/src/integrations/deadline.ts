// A deadline for one call to the outside world (the media store, a health check; the mail and
// push clients use it too): the work gets a signal that aborts when the time is up, and the
// caller has its answer by then even if the work never looks at the signal. Once the work has
// answered, the signal never fires, so a stream it returned (a file being served) lives on.
import pTimeout from 'p-timeout';
import { formatNumberFa } from '@chapar/shared/text';

export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor(readonly what: string, readonly ms: number) {
    super(`${what}: no answer within ${ms} ms`);
  }
}

export function withDeadline<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const expired = new DeadlineError(what, ms);
  const signal = outer ? AbortSignal.any([controller.signal, outer]) : controller.signal;
  // p-timeout calls cancel() when the time is up: the work's requests are aborted, not left running.
  const running = Object.assign(Promise.resolve().then(() => work(signal)), { cancel: () => controller.abort(expired) });
  return pTimeout(running, { milliseconds: ms, message: expired, signal: outer });
}

/** Whether an error is a deadline passing (ours, or an abort caused by one). */
export function isDeadline(error: unknown): error is DeadlineError {
  if (error instanceof DeadlineError) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== error && isDeadline(cause);
}

/** "did not answer within 2 seconds", for the newsroom. */
export const noAnswerWithin = (ms: number) => `در ${formatNumberFa(ms / 1000)} ثانیه پاسخ نداد`;
