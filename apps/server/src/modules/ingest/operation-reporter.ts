// How a job tells its operation record (if it has one) what it is doing. A job started
// by the schedule has no record: the same calls then only reach the log.
import type { Db } from '@chapar/db';
import { operationsRepo } from './operations-repo.ts';

export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface OperationReporter {
  readonly id: number | null;
  progress(percent: number): Promise<void>;
  log(line: string): Promise<void>;
  error(line: string): Promise<void>;
}

export function operationReporter(db: Db, id: number | null | undefined, log: Log): OperationReporter {
  let lastProgress = -1;
  return {
    id: id ?? null,
    async progress(percent) {
      // Whole steps of 5%: enough for a progress bar, few writes.
      const step = Math.floor(percent / 5) * 5;
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
