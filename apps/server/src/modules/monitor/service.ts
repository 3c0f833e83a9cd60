// The auto-monitor (spec 03 §2.3, §4): start and stop switch one stored flag that the
// scheduled check reads; 'check now' runs one check at once and waits for its posts,
// without changing whether the monitor runs.
import { NO_ACTIVE_CHANNEL_TEXT, type MonitorStatus } from '@chapar/shared/contracts';
import { checkChannelsJob } from '../../jobs/specs.ts';
import { channelRepo } from '../channels/repo.ts';
import { num, runOperation } from '../operations/run-operation.ts';
import type { Services } from '../../services.ts';
import { failedPostLines, mediaRetryWords, summarisePosts, withoutMediaLines, withoutMediaWords } from '../posts/wait-posts.ts';
import { monitorState } from './state-repo.ts';
import { deletionWords } from '../ingest/source-deletions.ts';
import { formatNumberFa as fa } from '@chapar/shared/text';

/** The next time a `*\/n * * * *` schedule fires after `now` (UTC minutes 0, n, 2n, … of each hour). */
export function nextScheduledCheck(now: Date, intervalMinutes: number): Date {
  const next = new Date(now);
  next.setUTCSeconds(0, 0);
  const step = Math.min(60, intervalMinutes);
  for (let i = 0; i < 120; i++) {
    next.setUTCMinutes(next.getUTCMinutes() + 1);
    if (next.getUTCMinutes() % step === 0) return next;
  }
  return next;
}

/** A last check stored before the editor's wording: the environment variable's name is for the server log, not the screen. */
const editorsWords = (error: string) => (error.includes('TELEGRAM_CHANNELS') ? NO_ACTIVE_CHANNEL_TEXT : error);

export async function monitorStatus(s: Pick<Services, 'config' | 'db'>, now = new Date()): Promise<MonitorStatus> {
  const [enabled, channels, last] = await Promise.all([
    monitorState.enabled(s.db, s.config.monitorAutostart),
    channelRepo.active(s.db),
    monitorState.lastResults(s.db),
  ]);
  // Its posts as they stand now: those that failed (a media store down, say) make the check one with errors.
  const posts = last?.posts.length ? await summarisePosts(s.db, last.posts) : null;
  return {
    isMonitoring: enabled,
    activeChannels: channels.length,
    // With no channel switched on the scheduled check reads nothing: no next check to count down to.
    nextCheck: enabled && channels.length ? nextScheduledCheck(now, s.config.monitorIntervalMinutes).toISOString() : null,
    intervalMinutes: s.config.monitorIntervalMinutes,
    lastResults: {
      newPosts: last?.newPosts ?? 0,
      processedPosts: posts?.processed ?? 0,
      lastCheck: last?.lastCheck ?? null,
      success: (last?.success ?? true) && !posts?.failed,
      errors: [...(last?.errors ?? []).map(editorsWords), ...failedPostLines(posts?.report ?? [])],
      // Its posts published without media Telegram may still give, as they stand now: gone once a later run stores it.
      withoutMedia: withoutMediaLines(posts?.withoutMedia ?? []),
    },
  };
}

export async function setMonitoring(s: Pick<Services, 'config' | 'db'>, enabled: boolean, by: string | null) {
  await monitorState.setEnabled(s.db, enabled, by);
  const status = await monitorStatus(s);
  return { success: true, message: enabled ? 'پایش خودکار فعال شد' : 'پایش خودکار متوقف شد', status };
}

export async function forceCheck(s: Pick<Services, 'config' | 'db' | 'jobs'>, by: string | null) {
  const outcome = await runOperation(s, checkChannelsJob, { trigger: 'force', await: true }, { kind: 'force-check', requestedBy: by });
  const r = outcome.result;
  const channelErrors = (r.errors as string[] | undefined) ?? [];
  // Channels that could not be read, then the posts that failed and why.
  const errors = [...channelErrors, ...((r.postErrors as string[] | undefined) ?? [])];
  const result = { newPosts: num(r.newPosts), processedPosts: num(r.processedPosts), errors };
  const failedPosts = Math.max(0, outcome.failed - channelErrors.length);
  const counts = `${fa(result.newPosts)} پست جدید، ${fa(result.processedPosts)} پست پردازش شد`
    + (failedPosts ? `، ${fa(failedPosts)} پست ناموفق` : '')
    + (num(r.aiFallbacks) ? `، ${fa(num(r.aiFallbacks))} مقاله با بازنویس آفلاین (سرویس هوش مصنوعی پاسخ درستی نداد)` : '')
    + deletionWords(num(r.unpublishedArticles), num(r.deletionsAwaiting), num(r.deletionsUnconfirmed)).map((words) => `؛ ${words}`).join('')
    + (num(r.mediaRetried) ? `؛ ${mediaRetryWords(num(r.mediaRetried), num(r.mediaStored))}` : '')
    // Published, but without media Telegram may still give: counted apart, each post named with what it lacks.
    + (num(r.withoutMedia) ? `؛ ${withoutMediaWords(num(r.withoutMedia))}: ${((r.withoutMediaPosts as string[] | undefined) ?? []).join('؛ ')}` : '');
  const message = !outcome.finished ? 'بررسی در حال اجراست' : errors.length
    ? `بررسی با خطا انجام شد: ${errors.join('، ')}؛ ${counts}`
    : failedPosts ? `بررسی با خطا انجام شد: ${counts}` : `بررسی انجام شد: ${counts}`;
  return { outcome, body: { success: outcome.finished && outcome.failed === 0, message, operationId: outcome.operation.id, result } };
}
