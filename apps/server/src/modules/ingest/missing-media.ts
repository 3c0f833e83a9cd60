// A post published without a file Telegram may still give (media/post-media.ts: the last attempt
// publishes without it, and the post keeps what its article lacks). The next check runs the post
// again (check-channel.ts), and its own job fetches only the media again, as the 'missing-media'
// repair does for one article: the text stays as it is, and the mark clears once the files are stored.
import type { ReportItem } from '@chapar/shared/contracts';
import type { TelegramSource } from '../../integrations/telegram/index.ts';
import type { ArticleRow } from '../articles/admin-repo.ts';
import { fromPayload, type PostRow } from '../posts/post-store.ts';
import { refreshArticleMedia } from './refresh-media.ts';
import type { Services } from '../../services.ts';

/** How many of a channel's marked posts each check runs again, newest first. */
export const MISSING_MEDIA_RETRIES = 20;
/** For how long after a post was fetched its missing media is asked for again; later, the mark stays for an editor's fix button. */
export const MISSING_MEDIA_RETRY_DAYS = 7;

/** The posts fetched since this time are retried: a file Telegram has not given in a week is not asked for at every check. */
export const missingMediaSince = (now = Date.now()) => new Date(now - MISSING_MEDIA_RETRY_DAYS * 86_400_000);

const notStored = (mark: string) => `رسانه باز هم دریافت نشد؛ مقاله منتشر ماند، ${mark}`;

export const MISSING_MEDIA_REASONS = {
  stored: 'رسانه‌ای که پیش‌تر از تلگرام دریافت نشده بود این بار دریافت و ذخیره شد',
  still: (mark: string) => `${notStored(mark)}. بررسی بعدی دوباره امتحان می‌کند`,
  /** The post was fetched more than MISSING_MEDIA_RETRY_DAYS ago: no check asks for it by itself any more. */
  stillLate: (mark: string) => `${notStored(mark)}. این پست بیش از یک هفته پیش دریافت شده است و بررسی‌ها دیگر خودشان آن را امتحان نمی‌کنند؛ نشانی تصویر یا ویدیو را می‌توانید در ویرایش مقاله بنویسید`,
} as const;

export interface MissingMediaRetry {
  status: 'updated' | 'unchanged';
  reason: string;
  report: ReportItem[];
  /** What the article still lacks, or null once it lacks nothing. */
  missingMedia: string | null;
}

export async function fetchMissingMedia(
  s: Pick<Services, 'config' | 'db' | 'log' | 'media' | 'jobs' | 'mediaPolicy' | 'contentChanged'>,
  article: ArticleRow, row: PostRow, source: TelegramSource, claim?: AbortSignal,
): Promise<MissingMediaRetry> {
  // A run that lost its hold on the post leaves the article to the run that has it now.
  claim?.throwIfAborted();
  const refreshed = await refreshArticleMedia(s, source, article, fromPayload(row.payload));
  const { missingMedia } = refreshed;
  return {
    status: refreshed.updated ? 'updated' : 'unchanged',
    reason: !missingMedia ? MISSING_MEDIA_REASONS.stored
      : row.fetchedAt >= missingMediaSince() ? MISSING_MEDIA_REASONS.still(missingMedia) : MISSING_MEDIA_REASONS.stillLate(missingMedia),
    report: refreshed.media.report,
    missingMedia,
  };
}
