// The source channels (spec 03 §2.3 'Channels tab'): listing, adding, editing, switching
// on and off, validation and export. The table is the truth; TELEGRAM_CHANNELS only seeds it.
import { z } from 'zod';
import { handle, ltr } from '../text/bidi.ts';
import { visibleText } from './visible-text.ts';

export const CHANNEL_ROLES = ['primary', 'secondary'] as const;
export type ChannelRole = (typeof CHANNEL_ROLES)[number];

export const CHANNEL_ROLE_LABELS: Record<ChannelRole, string> = { primary: 'کانال اصلی', secondary: 'کانال دوم' };

export const CHANNEL_MESSAGES = {
  usernameRequired: 'نام کاربری کانال را وارد کنید',
  usernameFormat: `نام کانال باید ۵ تا ۳۲ نویسه از حروف انگلیسی، رقم و _ باشد و با حرف شروع شود؛ مثلاً ${ltr('akhbar_rooz')}`,
  roleInvalid: 'نقش کانال باید «اصلی» یا «دوم» باشد',
  titleTooLong: 'عنوان کانال حداکثر ۲۰۰ نویسه است',
  duplicate: (username: string) => `کانال ${handle(username)} از قبل در فهرست هست`,
  notFound: 'کانال یافت نشد',
  /** Each role has one active channel at most (spec 03: a primary and a secondary source); the handle is isolated (LRI…PDI). */
  roleTaken: (role: ChannelRole, username: string) =>
    `نقش «${CHANNEL_ROLE_LABELS[role]}» را کانال فعال \u2066@${username}\u2069 دارد و هر نقش تنها یک کانال فعال دارد؛ نخست آن کانال را غیرفعال کنید یا نقش دیگری برگزینید`,
  badPattern: (pattern: string) => `الگوی «${ltr(pattern)}» یک عبارت باقاعده معتبر نیست`,
  /** A channel that had posts answered with a page of none: a throttled or broken answer, not an empty channel. */
  emptyPage: 'صفحهٔ کانال هیچ پستی نشان نداد، هرچند پیش‌تر پست داشت',
} as const;

/**
 * A channel's username as an admin may type it: 'akhbar_rooz', '@akhbar_rooz' or its
 * t.me address; what is kept is the bare name.
 */
export const channelUsernameInput = z.string({ error: CHANNEL_MESSAGES.usernameRequired })
  .max(200, CHANNEL_MESSAGES.usernameFormat)
  .transform((v) => v.trim().replace(/^(?:https?:\/\/)?(?:www\.)?t(?:elegram)?\.me\/(?:s\/)?/i, '').replace(/^@/, '').replace(/\/+$/, ''))
  .pipe(z.string().min(1, CHANNEL_MESSAGES.usernameRequired).regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, CHANNEL_MESSAGES.usernameFormat));

export const channelRole = z.enum(CHANNEL_ROLES, { error: CHANNEL_MESSAGES.roleInvalid });

export const cleaningRules = z.object({
  /** Lines containing any of these are the channel's signature and are dropped. */
  signatures: z.array(z.string().max(200)).max(50).optional(),
  /** Words that mark a post as an advertisement. */
  adMarkers: z.array(z.string().max(200)).max(50).optional(),
  /** Regular expressions (source text) for 'join us' lines. */
  joinPatterns: z.array(z.string().max(300)).max(50).optional(),
  stripLinks: z.boolean().optional(),
  hashtagsAsKeywords: z.boolean().optional(),
});

export const channelInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  title: z.string(),
  isActive: z.boolean(),
  cleaningRules,
  lastCheckedAt: z.string().nullable(),
  lastSeenMessageId: z.number().int().nullable(),
  articleCount: z.number().int(),
  /** Posts read from the channel and kept (telegram_posts). */
  postCount: z.number().int(),
  /** When the newest kept post was published on the channel. */
  lastPostAt: z.string().nullable(),
  url: z.string(),
});
export type ChannelInfo = z.infer<typeof channelInfo>;

export const channelList = z.object({ channels: z.array(channelInfo) });

export const channelExport = z.object({
  exportedAt: z.string(),
  channels: z.array(channelInfo),
});

export const updateChannelBody = z.object({
  title: visibleText({ label: 'عنوان کانال', min: 1, max: 200, tooLong: CHANNEL_MESSAGES.titleTooLong }).optional(),
  role: channelRole.optional(),
  /** false switches the channel off: checks, the monitor and health stop reading it. */
  isActive: z.boolean().optional(),
  cleaningRules: cleaningRules.optional(),
}).strict();
export type UpdateChannelBody = z.input<typeof updateChannelBody>;

export const createChannelBody = z.object({
  username: channelUsernameInput,
  role: channelRole,
  /** Empty: the channel's handle. */
  title: visibleText({ label: 'عنوان کانال', min: 0, max: 200, tooLong: CHANNEL_MESSAGES.titleTooLong }).optional(),
  isActive: z.boolean().optional(),
  cleaningRules: cleaningRules.optional(),
}).strict();
export type CreateChannelBody = z.input<typeof createChannelBody>;

export const channelValidation = z.object({
  username: z.string(),
  role: z.string(),
  valid: z.boolean(),
  reachable: z.boolean(),
  latestPostId: z.number().int().nullable(),
  postsOnPage: z.number().int(),
  responseTime: z.number().nullable(),
  error: z.string().nullable(),
});
export type ChannelValidation = z.infer<typeof channelValidation>;

export const validateChannelsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(channelValidation),
});
