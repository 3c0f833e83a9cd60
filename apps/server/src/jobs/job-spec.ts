// What a job *is*: its name, its payload's schema and its queue policy. Any module may import a
// spec to enqueue the job; what the job *does* (its handler, which calls modules) is defined
// apart, in the job's own file (define-job.ts), so imports run one way: handlers → modules →
// specs, never back.
import type { z } from 'zod';

export interface JobSpec<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  /** Queue policy: 'stately' keeps one queued and one running job per singleton key. */
  policy?: 'standard' | 'stately';
  /** Deduplicates jobs about the same thing (one post, one channel). */
  singletonKey?: (payload: z.infer<P>) => string;
  retryLimit?: number;
}

export function jobSpec<P extends z.ZodType>(spec: JobSpec<P>): JobSpec<P> {
  return spec;
}

