// Admin-triggered jobs as the admin screens see them (spec 03 §3 'Operation record' and
// 'Detailed report item'): every processing call answers with its operation's outcome.
import { z } from 'zod';

export const OPERATION_STATUSES = ['idle', 'running', 'success', 'error'] as const;

/** One line of detailedReport.processed (spec 03 §3). */
export const reportItem = z.object({
  status: z.enum(['success', 'skipped', 'error']),
  articleId: z.number().int().nullable(),
  /** The media file or post the line is about ('akhbar_rooz/103', '103-0-image.jpg'). */
  filename: z.string().nullable(),
  /** image | video | audio | post | article */
  fileType: z.string().nullable(),
  reason: z.string(),
});
export type ReportItem = z.infer<typeof reportItem>;

export const detailedReport = z.object({ processed: z.array(reportItem) });

/** What every processing endpoint answers (some add their own fields beside these). */
export const operationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The operation record; poll GET /api/admin/operations/{id} when status is still running. */
  operationId: z.number().int(),
  status: z.enum(OPERATION_STATUSES),
  result: z.record(z.string(), z.unknown()).nullable(),
  detailedReport,
});
export type OperationResponse = z.infer<typeof operationResponse>;

export const operationRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(OPERATION_STATUSES),
  progress: z.number().int(),
  logs: z.array(z.string()),
  errors: z.array(z.string()),
  params: z.record(z.string(), z.unknown()),
  results: z.record(z.string(), z.unknown()).nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type OperationRecord = z.infer<typeof operationRecord>;

export const operationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(OPERATION_STATUSES).optional(),
});
export const operationList = z.object({ operations: z.array(operationRecord) });
