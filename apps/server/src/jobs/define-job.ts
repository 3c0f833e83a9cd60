// What a job *does*: its spec (job-spec.ts: name, payload, queue policy) with a handler and how
// many run at once. Retry behaviour comes from retry-defaults.ts unless a spec says otherwise.
import type { z } from 'zod';
import type { OperationReporter } from '../modules/operations/operation-reporter.ts';
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

export type ServiceName = keyof Services;

export interface JobContext<S extends ServiceName = ServiceName> {
  /** Only the services the job names in `uses` (run-job.ts hands it no others). */
  services: Pick<Services, S>;
  job: JobRun;
  operation: OperationReporter;
}

export interface JobRuntime<P extends z.ZodType, S extends ServiceName = ServiceName> {
  /** The services the handler reads: its whole dependency on the rest of the server. */
  uses: readonly S[];
  /** Jobs handed to one worker at once, and how many such workers run in a process. */
  batchSize?: (config: Services['config']) => number;
  localConcurrency?: number;
  handler(payload: z.infer<P>, context: JobContext<S>): Promise<Record<string, unknown> | void>;
  /** Once run-job.ts has finished the job's operation record (a success or a last failure): what must follow that write. */
  afterRecord?(operationId: number, services: Pick<Services, S>): Promise<unknown>;
}

export type JobDefinition<P extends z.ZodType = z.ZodType, S extends ServiceName = ServiceName> = JobSpec<P> & JobRuntime<P, S>;

export function defineJob<P extends z.ZodType, const S extends ServiceName>(spec: JobSpec<P>, runtime: JobRuntime<P, S>): JobDefinition<P, S> {
  return { ...spec, ...runtime };
}

/** The named services and nothing else, read when the job runs (so a later-set hook is current). */
export function pickServices<S extends ServiceName>(services: Services, names: readonly S[]): Pick<Services, S> {
  return Object.fromEntries(names.map((name) => [name, services[name]])) as Pick<Services, S>;
}
