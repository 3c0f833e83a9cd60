// Retry behaviour for every queue, in one place: three retries with exponential backoff
// from JOB_RETRY_DELAY_SECONDS (10 s) up to 10 min. A job whose worker vanished (killed
// process) is given to another worker once its claim has not been renewed for
// JOB_HEARTBEAT_SECONDS (seen within JOB_SUPERVISE_SECONDS); JOB_EXPIRE_SECONDS bounds one run.
export const RETRY_DEFAULTS = {
  retryLimit: 3,
  retryBackoff: true,
  retryDelayMax: 600,
} as const;

/** Completed jobs are kept a week: the queue-status screen counts them. */
export const KEEP_COMPLETED_SECONDS = 7 * 24 * 3600;

/** How often idle workers look for jobs; in-process sends wake them at once. */
export const POLLING_INTERVAL_SECONDS = 2;
