// The sync screen's results panel (spec 03 §2.6): every card's answer read into one shape.
import { reportLine } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import type { OperationAnswer } from '../../lib/operations.ts';

export interface SyncResult {
  title: string;
  message: string;
  ok: boolean;
  total: number | null;
  processed: number | null;
  updated: number | null;
  errors: number | null;
  details: string[];
}

/** Spec 03 §9: results show at most 10 details. */
export const DETAILS_SHOWN = 10;
export const PICKER_READ = 20;
export const PICKER_SHOWN = 10;

export const SYNC_TEXTS = {
  syncFailed: 'خطا در سینک پست',
  fixFailed: 'خطا در تصحیح مقالات',
  /** Spec 03 §7: fix-all-media-matching shows a fixed text. */
  mediaMatchingDone: 'تطبیق رسانه همه مقاله‌ها انجام شد',
  needUrl: 'لطفاً لینک تلگرام را وارد کنید',
  needId: 'شناسه مقاله باید عدد باشد',
} as const;

const n = (v: unknown): number | null => (typeof v === 'number' ? v : null);
/** 'مقالهٔ ۴۳: …': an article's line in Persian, its id without separators. */
const line = (id: number, text: string) => `مقالهٔ ${toPersianDigits(id)}: ${text}`;
const STATUS_WORDS: Record<string, string> = { success: 'انجام شد', skipped: 'ردشده', error: 'خطا' };
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? v as Record<string, unknown> : {});

export function readResult(path: string, title: string, a: OperationAnswer): SyncResult {
  const base = { title, message: a.message ?? '', ok: a.success !== false };
  const r = obj(a.result);
  const report = (a.detailedReport?.processed ?? []).map((i) => (i.articleId !== null ? line(i.articleId, i.reason) : reportLine(i)));
  switch (path) {
    case 'fix-all-articles': {
      const x = obj(a.result);
      return { ...base, total: n(x.total), processed: n(x.processed), updated: n(x.updated), errors: n(x.errors), details: (x.details as string[] | undefined) ?? report };
    }
    case 'precise-telegram-sync':
      return { ...base, total: n(r.total), processed: null, updated: n(r.updated), errors: n(r.failed), details: (r.details as string[] | undefined) ?? report };
    case 'smart-media-match': {
      const results = (r.results as Array<{ articleId: number; updated: boolean; reason: string }> | undefined) ?? [];
      return { ...base, total: n(r.total), processed: null, updated: n(r.updated), errors: null, details: results.length ? results.map((x) => line(x.articleId, x.reason)) : report };
    }
    case 'comprehensive-media-sync': {
      const rep = obj(a.report);
      const list = (rep.articles as Array<{ id: number; message: string }> | undefined) ?? [];
      return { ...base, total: n(rep.totalArticles), processed: n(rep.processed), updated: n(rep.updated), errors: n(rep.failed), details: list.map((x) => line(x.id, x.message)) };
    }
    case 'fix-all-media-matching':
      return { ...base, message: base.ok ? SYNC_TEXTS.mediaMatchingDone : base.message, total: n(r.total), processed: n(r.processed), updated: n(r.updated), errors: n(r.failed), details: report };
    case 'migrate-videos': {
      const results = (a.results as Array<{ articleId: number; status: string }> | undefined) ?? [];
      return { ...base, total: n(a.totalProcessed), processed: n(a.successful), updated: n(a.successful), errors: n(a.failed), details: results.map((x) => line(x.articleId, STATUS_WORDS[x.status] ?? x.status)) };
    }
    case 'auto-embed-videos':
      return { ...base, total: n(a.processed), processed: n(a.processed), updated: n(a.successful), errors: n(a.failed), details: report };
    case 'fix-all-videos': {
      const results = (a.results as Array<{ articleId: number; message: string }> | undefined) ?? [];
      return { ...base, total: n(a.processed), processed: n(a.processed), updated: n(a.successful), errors: n(a.failed), details: results.map((x) => line(x.articleId, x.message)) };
    }
    case 'fix-video-duplicates':
      return { ...base, total: n(a.processed), processed: n(a.processed), updated: n(a.fixed), errors: null, details: report };
    default:
      if (path.startsWith('fix-article/')) {
        return { ...base, total: 1, processed: 1, updated: a.updated ? 1 : 0, errors: base.ok ? 0 : 1, details: report };
      }
      return {
        ...base, total: n(r.total) ?? n(r.processed), processed: n(r.processed) ?? n(r.created), updated: n(r.updated),
        errors: n(r.failed), details: (r.details as string[] | undefined) ?? report,
      };
  }
}
