// Every job the app queues, as a spec (job-spec.ts): modules enqueue with these; the handlers
// live in the job files beside them and are started by registry.ts.
import { z } from 'zod';
import { jobSpec, type JobSpec } from './job-spec.ts';

/** One post through the pipeline; one queued and one running job per post at most. */
export const ingestPostJob = jobSpec({
  name: 'ingest-post',
  payload: z.object({
    source: z.string().min(1).max(64),
    telegramId: z.number().int().positive(),
    force: z.boolean().optional(),
    skipExisting: z.boolean().optional(),
    skipMedia: z.boolean().optional(),
    useAI: z.boolean().optional(),
    /** An admin is waiting: write with the offline rewriter at once if the AI fails. */
    offlineFallback: z.boolean().optional(),
    operationId: z.number().int().optional(),
  }),
  policy: 'stately',
  singletonKey: (p) => `${p.source}/${p.telegramId}`,
});

/** A check of the channels: by the monitor's schedule, its 'check now' button, or an admin action. */
export const checkChannelsJob = jobSpec({
  name: 'check-channels',
  payload: z.object({
    trigger: z.enum(['schedule', 'force', 'admin']),
    channels: z.array(z.string()).max(10).optional(),
    latest: z.number().int().min(1).max(200).optional(),
    skipMedia: z.boolean().optional(),
    useAI: z.boolean().optional(),
    /** Wait (up to ADMIN_JOB_WAIT_SECONDS) for the posts to go through the pipeline. */
    await: z.boolean().optional(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 1,
});

/** Posts an admin named (by link, id or range), read from Telegram and put through the pipeline. */
export const fetchPostsJob = jobSpec({
  name: 'fetch-posts',
  payload: z.object({
    source: z.string().min(1).max(64),
    ids: z.array(z.number().int().positive()).min(1).max(100),
    force: z.boolean().optional(),
    skipExisting: z.boolean().optional(),
    skipMedia: z.boolean().optional(),
    useAI: z.boolean().optional(),
    contentVerification: z.string().max(5000).optional(),
    operationId: z.number().int().optional(),
    /** A confirmed plan's kept items (ingest/source-edits.ts): only their posts are read again. */
    planned: z.array(z.object({ articleId: z.number().int() })).optional(),
  }),
  retryLimit: 1,
});

/** The most articles one repair run touches. */
export const REPAIR_MAX = 500;
export const REPAIR_ACTIONS = ['regenerate', 'rewrite', 'media', 'missing-media', 'match-media', 'dates', 'verify-source', 'excerpt', 'clean', 'content'] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];

/** Repairs a scope of existing articles with a list of actions. */
export const repairArticlesJob = jobSpec({
  name: 'repair-articles',
  payload: z.object({
    scope: z.object({
      ids: z.array(z.number().int().positive()).max(REPAIR_MAX).optional(),
      source: z.string().max(64).optional(),
      latest: z.number().int().min(1).max(REPAIR_MAX).optional(),
      filter: z.enum(['all', 'telegram', 'missing-image', 'video', 'telegraph']).optional(),
    }),
    actions: z.array(z.enum(REPAIR_ACTIONS)).min(1),
    /** 'plan': say what would change and change nothing (modules/operations/plans.ts). */
    mode: z.enum(['plan', 'apply']).optional(),
    /** A confirmed exact plan's changes (a verification's; the text repairs' 'rewrite'): exactly these are made. */
    planned: z.array(z.object({ articleId: z.number().int().positive(), change: z.enum(['unpublish', 'update', 'rewrite']) })).max(REPAIR_MAX).optional(),
    /** The admin asked for the AI (regenerate-article): when it fails, the article stays as it was and the item is an error. */
    requireAI: z.boolean().optional(),
    /** The admin asked to overwrite hand-edited fields (regenerate-article): the marks go with the article's write. */
    overwriteEdits: z.boolean().optional(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 1,
});

export const MEDIA_ACTIONS = ['watermark-test', 'watermark', 'verify', 'fix-video-urls', 'migrate-videos', 'dedupe-videos', 'embed-videos'] as const;

/** Watermark and video maintenance over stored media. */
export const mediaMaintenanceJob = jobSpec({
  name: 'media-maintenance',
  payload: z.object({
    action: z.enum(MEDIA_ACTIONS),
    articleIds: z.array(z.number().int().positive()).max(1000).optional(),
    mode: z.enum(['plan', 'apply']).optional(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 1,
});

/** Content verification's proposed rewrites, applied once an editor confirms them (modules/duplicates/verify.ts). */
export const verifyContentJob = jobSpec({
  name: 'verify-content',
  payload: z.object({
    articleIds: z.array(z.number().int().positive()).max(50).optional(),
    mode: z.enum(['plan', 'apply']).optional(),
    planned: z.array(z.object({ articleId: z.number().int().positive(), change: z.literal('rewrite') })).max(50).optional(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 0,
});

/** The most articles one podcast run makes. */
export const PODCAST_MAX = 200;

/**
 * Podcasts of articles: made when missing or when the text read has changed since (`force`:
 * made again anyway). Sent after publishing and edits, and by the admin for one or recent articles.
 */
export const makePodcastsJob = jobSpec({
  name: 'make-podcasts',
  payload: z.object({
    articleIds: z.array(z.number().int().positive()).max(PODCAST_MAX).optional(),
    latest: z.number().int().min(1).max(PODCAST_MAX).optional(),
    force: z.boolean().optional(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 2,
});

/** Responsive variants of stored images (modules/media/variants.ts), made after an image is stored or marked again. */
export const imageVariantsJob = jobSpec({
  name: 'image-variants',
  payload: z.object({ keys: z.array(z.string().min(1).max(300)).min(1).max(100) }),
});

/** A full duplicate scan of every article (the scanner tab); its result stays on the operation. */
export const scanDuplicatesJob = jobSpec({
  name: 'scan-duplicates',
  payload: z.object({ operationId: z.number().int().optional() }),
  retryLimit: 0,
});

/** One signup's confirmation mail (modules/newsletter/confirmation-sender.ts). */
export const newsletterConfirmationJob = jobSpec({
  name: 'newsletter-confirmation',
  payload: z.object({ signupId: z.number().int().positive() }),
});

/** A digest of the top articles: by the admin's schedule or 'send now'; its mail goes out through newsletter-send. */
export const newsletterDigestJob = jobSpec({
  name: 'newsletter-digest',
  payload: z.object({
    trigger: z.enum(['schedule', 'admin']),
    requestedBy: z.string().max(80).nullish(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 2,
});

/**
 * A digest's mail, sent at the mailer's pace, retried while the mail service fails. No singleton
 * policy: runs of one digest may overlap (a retry, a second worker) and split its sends, since each
 * send is claimed by one run (send-digest.ts); a 'stately' queue would keep a dead worker's retry
 * waiting for pg-boss's queue cache (a minute) to forget the old run.
 */
export const newsletterSendJob = jobSpec({
  name: 'newsletter-send',
  payload: z.object({ digestId: z.number().int().positive() }),
  retryLimit: 4,
});

/** A breaking-news alert pushed to every subscription (modules/push/send-alert.ts). */
export const pushBreakingJob = jobSpec({
  name: 'push-breaking',
  payload: z.object({ alertId: z.number().int().positive() }),
  retryLimit: 2,
});

/** The specs by queue name: an operation's confirmation queues its job again by the name it kept. */
export const JOB_SPECS: Readonly<Record<string, JobSpec>> = Object.fromEntries(
  [
    ingestPostJob, checkChannelsJob, fetchPostsJob, repairArticlesJob, mediaMaintenanceJob, makePodcastsJob, imageVariantsJob, scanDuplicatesJob, verifyContentJob,
    newsletterConfirmationJob, newsletterDigestJob, newsletterSendJob, pushBreakingJob,
  ].map((spec) => [spec.name, spec as JobSpec]),
);

/** Drops audit entries older than AUDIT_RETENTION_DAYS; run once a day by the schedule. */
export const pruneAuditJob = jobSpec({
  name: 'prune-audit',
  payload: z.object({}),
  policy: 'stately',
  singletonKey: () => 'prune-audit',
});

/** After an upgrade of the duplicate detector: the articles its older version indexed, indexed again. */
export const reindexDuplicatesJob = jobSpec({
  name: 'reindex-duplicates',
  payload: z.object({}),
  policy: 'stately',
  singletonKey: () => 'reindex-duplicates',
});

/** Removes deleted articles kept longer than TRASH_RETENTION_DAYS, with their files; run once a day. */
export const purgeDeletedJob = jobSpec({
  name: 'purge-deleted',
  payload: z.object({}),
  policy: 'stately',
  singletonKey: () => 'purge-deleted',
});
