// Podcasts from the admin area: one article's podcast made (again), or the podcasts of the
// most recent articles; both answer as operations (operations.ts).
import { z } from 'zod';
import { toPersianDigits } from '../text/digits.ts';

/** Recent articles one bulk request covers by default, and at most. */
export const PODCAST_RECENT_DEFAULT = 20;
export const PODCAST_RECENT_MAX = 200;

export const makeRecentPodcastsBody = z.object({
  latest: z.number({ error: 'تعداد خبرها باید عدد باشد' }).int('تعداد خبرها باید عدد صحیح باشد')
    .min(1, 'دست‌کم یک خبر').max(PODCAST_RECENT_MAX, `حداکثر ${toPersianDigits(PODCAST_RECENT_MAX)} خبر`).default(PODCAST_RECENT_DEFAULT),
  /** Made again even where the podcast matches the text. */
  force: z.boolean({ error: 'force باید true یا false باشد' }).default(false),
}).strict();
export type MakeRecentPodcastsBody = z.infer<typeof makeRecentPodcastsBody>;

export const PODCAST_MESSAGES = {
  made: 'پادکست خبر ساخته شد',
  recentMade: 'پادکست خبرهای اخیر ساخته شد',
  notPublished: 'پادکست فقط برای خبر منتشرشده ساخته می‌شود',
  notFound: 'خبر یافت نشد',
} as const;
