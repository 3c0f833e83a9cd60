// What an admin's processing endpoint is to the operations routes: the job it starts, how its
// result reads in Persian, and whether it plans first. The endpoints themselves: ingest/admin-actions.ts.
import type { z } from 'zod';
import type { JobSpec } from '../../jobs/job-spec.ts';

/** A job's result as the worker returned it. */
export type ActionResult = Record<string, unknown>;

export interface AdminAction {
  /** Path under /api/admin/, ':id' for one article. */
  path: string;
  job: JobSpec;
  payload(params: { id?: number }): Record<string, unknown>;
  message(result: ActionResult): string;
  response: z.ZodType;
  /** Fields the spec gives this endpoint beside the common ones. */
  extra?(result: ActionResult): Record<string, unknown>;
  /** It may change more than one article: its first call only plans, and an editor confirms the plan. */
  confirm?: boolean;
}
