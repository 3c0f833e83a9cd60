// The blocklist of spec 03 §2.9/§3: Telegram posts whose article an admin deleted.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';

export const blockedPost = z.object({
  id: z.number().int(),
  telegramId: z.number().int(),
  source: z.string(),
  title: z.string().nullable(),
  deletedAt: z.string(),
  reason: z.string().nullable(),
  allowRegeneration: z.boolean(),
});
export type BlockedPost = z.infer<typeof blockedPost>;

/** The screen's stats (spec 03 §2.9): every entry, those allowed to be regenerated, those fully blocked. */
export const blockedPostStats = z.object({ total: z.number().int(), allowed: z.number().int(), blocked: z.number().int() });

export const blockedPostList = z.object({ posts: z.array(blockedPost), count: z.number().int(), stats: blockedPostStats });

/** A Telegram channel username as it appears in paths (5–32 letters, digits, underscores). */
export const channelUsername = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'نام کانال نامعتبر است');

export const blockedPostParams = z.object({
  telegramId: plainNumber(z.coerce.number({ error: 'شناسه پست باید عدد باشد' }).int('شناسه پست باید عدد صحیح باشد').positive('شناسه پست باید مثبت باشد')
    .max(Number.MAX_SAFE_INTEGER, 'شناسه پست بیش از حد بزرگ است')),
  source: channelUsername,
});
