// How a job tells its operation record (if it has one) what it is doing, and learns that an
// admin cancelled it. A job started by the schedule has no record: the same calls then only
// reach the log, and it is never cancelled.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '@chapar/db';
import { operationsRepo } from './operations-repo.ts';
import { PermanentError } from './permanent-error.ts';

export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface OperationReporter {
  readonly id: number | null;
  /** Moves the progress bar; also a checkpoint (throws OperationCancelledError once cancelled). */
  progress(percent: number): Promise<void>;
  log(line: string): Promise<void>;
  error(line: string): Promise<void>;
  /** Between items: throws OperationCancelledError when an admin has cancelled the run. */
  checkpoint(): Promise<void>;
}

/** The run stopped because an admin cancelled it; no retry follows. */
export class OperationCancelledError extends PermanentError {
  constructor() {
    super('عملیات به درخواست مدیر لغو شد');
  }
}

/** How often a checkpoint reads the cancel flag: a long run stops within about this long. */
export const CANCEL_CHECK_MS = 250;

export function operationReporter(db: Db, id: number | null | undefined, log: Log): OperationReporter {
  let lastProgress = -1;
  let lastCheck = 0;
  let cancelled = false;
  const checkpoint = async () => {
    // PGlite answers in the same thread: without a turn of the event loop between items, a long
    // run would hold up every request (the list that shows its progress, the cancel itself).
    await yieldToEventLoop();
    if (!id) return;
    if (!cancelled && Date.now() - lastCheck >= CANCEL_CHECK_MS) {
      lastCheck = Date.now();
      cancelled = await operationsRepo.cancelRequested(db, id);
    }
    if (cancelled) throw new OperationCancelledError();
  };
  return {
    id: id ?? null,
    checkpoint,
    async progress(percent) {
      await checkpoint();
      // Whole percents: a bar that moves on a long run, at most a hundred writes.
      const step = Math.floor(percent);
      if (!id || step <= lastProgress) return;
      lastProgress = step;
      await operationsRepo.progress(db, id, step);
    },
    async log(line) {
      log.info(line);
      if (id) await operationsRepo.log(db, id, line);
    },
    async error(line) {
      log.warn(line);
      if (id) await operationsRepo.log(db, id, line, true);
    },
  };
}
