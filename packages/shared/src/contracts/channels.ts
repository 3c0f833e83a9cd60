// The two source channels (spec 03 §2.3 'Channels tab'): listing, validation and export.
import { z } from 'zod';

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
  url: z.string(),
});
export type ChannelInfo = z.infer<typeof channelInfo>;

export const channelList = z.object({ channels: z.array(channelInfo) });

export const channelExport = z.object({
  exportedAt: z.string(),
  channels: z.array(channelInfo),
});

export const updateChannelBody = z.object({
  title: z.string().trim().max(200).optional(),
  cleaningRules: cleaningRules.optional(),
}).strict();

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
