// A job is a name, a zod payload, queue options and a handler (STYLE.md §6). Retry
// behaviour comes from retry-defaults.ts unless a job says otherwise.
import type { z } from 'zod';
import type { OperationReporter } from '../modules/ingest/operation-reporter.ts';
import type { Services } from '../modules/ingest/services.ts';

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

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  /** Queue policy: 'stately' keeps one queued and one running job per singleton key. */
  policy?: 'standard' | 'stately';
  /** Deduplicates jobs about the same thing (one post, one channel). */
  singletonKey?: (payload: z.infer<P>) => string;
  retryLimit?: number;
  /** Jobs handed to one worker at once, and how many such workers run in a process. */
  batchSize?: (services: Services) => number;
  localConcurrency?: number;
  handler(payload: z.infer<P>, context: JobContext): Promise<Record<string, unknown> | void>;
}

export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** Every payload may name the operation record it reports to. */
export type WithOperation<T> = T & { operationId?: number };
