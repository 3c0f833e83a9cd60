// What a job *does*: its spec (job-spec.ts: name, payload, queue policy) with a handler and how
// many run at once. Retry behaviour comes from retry-defaults.ts unless a spec says otherwise.
import type { z } from 'zod';
import type { OperationReporter } from '../modules/ingest/operation-reporter.ts';
import type { Services } from '../services.ts';
import type { JobSpec } from './job-spec.ts';

export interface JobRun {
  id: string;
  /** Attempts so far before this one. */
  retryCount: number;
  /** No retry follows if this attempt fails: time to degrade rather than fail. */
  finalAttempt: boolean;
  /** Aborted once this worker no longer holds the job (expired, or its heartbeat went stale). */
  signal?: AbortSignal;
}

export interface JobContext {
  services: Services;
  job: JobRun;
  operation: OperationReporter;
}

export interface JobRuntime<P extends z.ZodType> {
  /** Jobs handed to one worker at once, and how many such workers run in a process. */
  batchSize?: (services: Services) => number;
  localConcurrency?: number;
  handler(payload: z.infer<P>, context: JobContext): Promise<Record<string, unknown> | void>;
}

export type JobDefinition<P extends z.ZodType = z.ZodType> = JobSpec<P> & JobRuntime<P>;

export function defineJob<P extends z.ZodType>(spec: JobSpec<P>, runtime: JobRuntime<P>): JobDefinition<P> {
  return { ...spec, ...runtime };
}
