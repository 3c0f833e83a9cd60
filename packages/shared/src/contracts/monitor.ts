// The auto-monitor of spec 03 §2.3/§3: checks every channel on a schedule.
import { z } from 'zod';

export const monitorLastResults = z.object({
  newPosts: z.number().int(),
  processedPosts: z.number().int(),
  lastCheck: z.string().nullable(),
  success: z.boolean(),
  errors: z.array(z.string()),
});

export const monitorStatus = z.object({
  isMonitoring: z.boolean(),
  activeChannels: z.number().int(),
  /** ISO time of the next scheduled check; null while stopped. */
  nextCheck: z.string().nullable(),
  intervalMinutes: z.number().int(),
  lastResults: monitorLastResults,
});
export type MonitorStatus = z.infer<typeof monitorStatus>;

export const monitorToggleResponse = z.object({ success: z.boolean(), message: z.string(), status: monitorStatus });

export const forceCheckResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  operationId: z.number().int(),
  result: z.object({ newPosts: z.number().int(), processedPosts: z.number().int(), errors: z.array(z.string()) }),
});
