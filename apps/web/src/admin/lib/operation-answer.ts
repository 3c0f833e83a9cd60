// What a processing endpoint answers (spec 03 §7) and the operations list's query key: shared by
// the job runner (operations.ts) and the plan dialog (plans.ts) without either importing the other.
import type { OperationPlan, OperationRecord, ReportItem } from '@chapar/shared/contracts';

export const OPERATIONS_KEY = ['admin', 'operations'] as const;

export interface OperationAnswer {
  success?: boolean;
  message?: string;
  operationId?: number;
  status?: OperationRecord['status'];
  result?: Record<string, unknown> | null;
  detailedReport?: { processed: ReportItem[] };
  /** With status 'awaiting': what the job will change once confirmed. */
  plan?: OperationPlan | null;
  [field: string]: unknown;
}
