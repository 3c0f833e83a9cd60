import { z } from 'zod';

export const statusResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), kind: z.string(), latencyMs: z.number() }),
  version: z.string(),
  uptime: z.number(),
  timestamp: z.string(),
});
export type StatusResponse = z.infer<typeof statusResponse>;
