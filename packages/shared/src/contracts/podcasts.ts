// Podcasts from the admin area: one article's podcast made (again), or the podcasts of the
// most recent articles; both answer as operations (operations.ts).
import { z } from 'zod';
import { toPersianDigits } from '../text/digits.ts';
import { visibleText } from './visible-text.ts';

/** Recent articles one bulk request covers by default, and at most. */
export const PODCAST_RECENT_DEFAULT = 20;
export const PODCAST_RECENT_MAX = 200;

export const makeRecentPodcastsBody = z.object({
  latest: z.number({ error: 'تعداد خبرها باید عدد باشد' }).int('تعداد خبرها باید عدد صحیح باشد')
    .min(1, 'دست‌کم یک خبر').max(PODCAST_RECENT_MAX, `حداکثر ${toPersianDigits(PODCAST_RECENT_MAX)} خبر`).default(PODCAST_RECENT_DEFAULT),
  /** Made again even where the podcast matches the text. */
  force: z.boolean({ error: 'ساختن دوباره باید درست یا نادرست باشد' }).default(false),
}).strict();

export const PODCAST_MESSAGES = {
  made: 'پادکست خبر ساخته شد',
  recentMade: 'پادکست خبرهای اخیر ساخته شد',
  notPublished: 'پادکست فقط برای خبر منتشرشده ساخته می‌شود',
  notFound: 'خبر یافت نشد',
} as const;

/** The longest speech text an editor may save: a long article read aloud, with room to spare. */
export const SPEECH_TEXT_MAX = 50_000;

export const speechTextBody = z.object({
  text: visibleText({
    label: 'متن خواندنی', min: 1, max: SPEECH_TEXT_MAX, notText: 'متن خواندنی باید رشته باشد',
    tooShort: 'متن خواندنی خالی است', tooLong: `متن خواندنی حداکثر ${toPersianDigits(SPEECH_TEXT_MAX)} نویسه است`,
  }),
}).strict();

/** The text an article's podcast reads, as the admin's article page shows it. */
export const speechTextResponse = z.object({
  articleId: z.number(),
  /** What the next podcast reads: the editor's correction if there is one, else `madeText`. */
  text: z.string(),
  /** The text made from the article by the speech rules. */
  madeText: z.string(),
  corrected: z.boolean(),
  /** The article changed after the correction was saved. */
  stale: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  podcastUrl: z.string().nullable(),
  /** The article's podcast reads exactly `text` with the current voice. */
  podcastCurrent: z.boolean(),
});
export type SpeechTextResponse = z.infer<typeof speechTextResponse>;

export const SPEECH_TEXT_MESSAGES = {
  saved: 'متن خواندنی ذخیره شد؛ پادکست بعدی همین متن را می‌خواند',
  reset: 'اصلاح متن خواندنی کنار گذاشته شد؛ پادکست بعدی متن خود خبر را می‌خواند',
  notFound: 'خبر یافت نشد',
} as const;
