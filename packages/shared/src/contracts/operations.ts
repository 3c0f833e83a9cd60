// Admin-triggered jobs as the admin screens see them (spec 03 §3 'Operation record' and
// 'Detailed report item'): every processing call answers with its operation's outcome.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { ltr } from '../text/bidi.ts';
import { toPersianDigits } from '../text/digits.ts';
import { ITEM_OUTCOMES, operationPlan } from './operation-plans.ts';

/** 'awaiting': a bulk job's preview, waiting for an editor to confirm it (operation-plans.ts). */
export const OPERATION_STATUSES = ['idle', 'running', 'awaiting', 'success', 'error'] as const;

/** One line of detailedReport.processed (spec 03 §3). */
export const reportItem = z.object({
  status: z.enum(['success', 'skipped', 'error']),
  articleId: z.number().int().nullable(),
  /** The media file or post the line is about ('akhbar_rooz/103', '103-0-image.jpg'). */
  filename: z.string().nullable(),
  /** image | video | audio | post | article */
  fileType: z.string().nullable(),
  reason: z.string(),
  /** What happened to the article, in the words the screens show (unpublished, not checked, unchanged, fixed). */
  outcome: z.enum(ITEM_OUTCOMES).optional(),
});
export type ReportItem = z.infer<typeof reportItem>;

export const FILE_TYPE_LABELS: Record<string, string> = { image: 'تصویر', video: 'ویدیو', audio: 'صدا', post: 'پست', article: 'مقاله', document: 'سند' };

/**
 * What a report item is about, as an admin reads it: a post by its channel's handle and id
 * ('@akhbar_rooz/103'), as a plan lists it; a file by its name. The stored `filename` stays as it is.
 * Not isolated: put it in a left-to-right isolate (reportLine, or a <bdi dir="ltr">).
 */
export function reportItemName(item: Pick<ReportItem, 'fileType' | 'filename'>): string | null {
  if (!item.filename) return null;
  return item.fileType === 'post' ? `@${item.filename.replace(/^@/, '')}` : item.filename;
}

/** A report item as one Persian line of an operation's log: 'تصویر ‹103-0-image.jpg›: …', 'پست ‹@akhbar_rooz/103›: …'. */
export function reportLine(item: Pick<ReportItem, 'fileType' | 'filename' | 'reason'>): string {
  const kind = item.fileType ? (FILE_TYPE_LABELS[item.fileType] ?? 'مورد') : 'مورد';
  const name = reportItemName(item);
  return `${kind}${name ? ` ${ltr(name)}` : ''}: ${item.reason}`;
}

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
  /** With status 'awaiting': what the job will change once an editor confirms (POST /api/admin/operations/{id}/confirm). */
  plan: operationPlan.nullable().optional(),
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
  /** An admin asked to stop it; a running job stops at its next item. */
  cancelRequested: z.boolean(),
  /** What a bulk job will change, while it waits for confirmation (and kept after). */
  plan: operationPlan.nullable(),
  confirmedBy: z.string().nullable(),
  /** Articles the run changed that an undo can still put back. */
  undoable: z.number().int(),
  undoneBy: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type OperationRecord = z.infer<typeof operationRecord>;

export const operationsQuery = z.object({
  limit: plainNumber(z.coerce.number().int().min(1).max(200)).default(50),
  status: z.enum(OPERATION_STATUSES).optional(),
  /** Only records of this kind ('regenerate-article', 'fix-all-articles'). */
  name: z.string().trim().min(1).max(64).regex(/^[a-z0-9_-]+$/i, 'نام عملیات نامعتبر است').optional(),
});
export const operationList = z.object({ operations: z.array(operationRecord) });

/** Spec 03 §2.3 operations monitor: the clear button removes finished records. */
export const clearOperationsResponse = z.object({ success: z.boolean(), message: z.string(), cleared: z.number().int() });

export const OPERATION_MESSAGES = {
  notFound: 'عملیات یافت نشد',
  notRunning: 'این عملیات پایان یافته است و لغو نمی‌شود',
  cancelRequested: 'درخواست لغو ثبت شد؛ عملیات پس از مورد جاری متوقف می‌شود',
  cancelled: 'عملیات لغو شد',
  cleared: (count: number) => `${toPersianDigits(count)} عملیات پایان‌یافته پاک شد`,
  keptForUndo: 'این عملیات پاک نشد: تغییرهای آن هنوز بازگرداندنی است و بازگرداندن از همین گزارش انجام می‌شود',
} as const;

/** POST /api/admin/watermark-preview (multipart image): the original and the marked copy side by side. */
export const watermarkPreview = z.object({
  original: z.string(),
  marked: z.string(),
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  watermarked: z.boolean(),
  /** The verifier found the mark in the corner. */
  present: z.boolean(),
  markDifference: z.number(),
  message: z.string(),
});
export type WatermarkPreview = z.infer<typeof watermarkPreview>;

/** GET /api/admin/media-status: how the newest stored media stand with the watermark (spec 03 §2.3 'new media status'). */
export const mediaStatus = z.object({
  images: z.number().int(),
  videos: z.number().int(),
  /** Images and videos stored without the mark (animated, too small, or before marking existed). */
  unmarked: z.number().int(),
  last24h: z.object({ total: z.number().int(), watermarked: z.number().int() }),
  recent: z.array(z.object({
    id: z.number().int(), kind: z.string(), url: z.string(), watermarked: z.boolean(), articleId: z.number().int().nullable(), createdAt: z.string(),
  })),
});
export type MediaStatus = z.infer<typeof mediaStatus>;
