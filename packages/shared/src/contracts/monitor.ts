// The auto-monitor of spec 03 §2.3/§3: checks every channel on a schedule.
import { z } from 'zod';

export const monitorLastResults = z.object({
  newPosts: z.number().int(),
  processedPosts: z.number().int(),
  lastCheck: z.string().nullable(),
  success: z.boolean(),
  errors: z.array(z.string()),
  /** Its posts published without media Telegram may still give, each with what its article lacks; empty once stored. */
  withoutMedia: z.array(z.string()),
});

export const monitorStatus = z.object({
  isMonitoring: z.boolean(),
  activeChannels: z.number().int(),
  /** ISO time of the next scheduled check; null while stopped, and while no channel is active (a check would do nothing). */
  nextCheck: z.string().nullable(),
  intervalMinutes: z.number().int(),
  lastResults: monitorLastResults,
});
export type MonitorStatus = z.infer<typeof monitorStatus>;

/**
 * Said when no channel is switched on: a check has nothing to read. In the editor's words, with
 * what to do; the setting that seeds the channels is named in the server log only.
 */
export const NO_ACTIVE_CHANNEL = {
  why: 'هیچ کانال فعالی نیست؛ پایش کاری انجام نمی‌دهد.',
  next: 'کانالی را در «کانال‌ها» فعال کنید',
} as const;
export const NO_ACTIVE_CHANNEL_TEXT = `${NO_ACTIVE_CHANNEL.why} ${NO_ACTIVE_CHANNEL.next}`;

export const monitorToggleResponse = z.object({ success: z.boolean(), message: z.string(), status: monitorStatus });

export const forceCheckResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  operationId: z.number().int(),
  result: z.object({ newPosts: z.number().int(), processedPosts: z.number().int(), errors: z.array(z.string()) }),
});
