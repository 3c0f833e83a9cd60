// The admin's body-less processing endpoints (spec 03 §7), each one of a few real jobs
// with parameters. docs/decisions/0003-ingestion-jobs.md explains the reading of each.
import {
  autoEmbedVideosResponse, fixAllArticlesResponse, fixAllVideosResponse, fixArticleResponse, fixVideoDuplicatesResponse,
  mediaSyncResponse, migrateVideosResponse, operationResponse, preciseSyncResponse, smartMediaMatchResponse,
} from '@chapar/shared/contracts';
import type { ChannelSetting } from '../../config.ts';
import { checkChannelsJob, mediaMaintenanceJob, repairArticlesJob } from '../../jobs/specs.ts';
import { formatNumberFa } from '@chapar/shared/text';
import type { ActionResult as Result, AdminAction } from '../operations/admin-action.ts';
import { finishedMessage, num } from '../operations/run-operation.ts';
import { deletionWords } from './source-deletions.ts';
import { editWords } from './source-edits.ts';
import { mediaRetryWords, withoutMediaWords } from '../posts/wait-posts.ts';

/** A count from the result, in Persian digits. */
const fa = (value: unknown) => formatNumberFa(num(value));
const items = (r: Result) => (r.items as Array<Record<string, unknown>> | undefined) ?? [];
const checked = (r: Result) => [
  `${fa(r.newPosts)} پست جدید، ${fa(r.published)} مقاله منتشرشده از ${fa(r.queued)} پست در صف`,
  ...(num(r.failed) ? [`${fa(r.failed)} مورد ناموفق`] : []),
  ...(num(r.aiFallbacks) ? [`${fa(r.aiFallbacks)} مقاله با بازنویس آفلاین نوشته شد، چون سرویس هوش مصنوعی پاسخ درستی نداد`] : []),
  ...(num(r.mediaRetried) ? [mediaRetryWords(num(r.mediaRetried), num(r.mediaStored))] : []),
  ...(num(r.withoutMedia) ? [withoutMediaWords(num(r.withoutMedia)), ...((r.withoutMediaPosts as string[] | undefined) ?? [])] : []),
  ...deletionWords(num(r.unpublishedArticles), num(r.deletionsAwaiting), num(r.deletionsUnconfirmed)),
  ...editWords(num(r.editsAwaiting)),
  ...((r.errors as string[] | undefined)?.length ? [`خطا: ${(r.errors as string[]).join('، ')}`] : []),
  ...((r.postErrors as string[] | undefined) ?? []),
].join('؛ ');
const repaired = finishedMessage;
const media = (r: Result) => `${fa(r.processed)} مورد: ${fa(r.successful)} موفق، ${fa(r.skipped)} ردشده، ${fa(r.failed)} خطا`;

const check = (latest: number | undefined, channels: string[] | undefined, simple = false) => () =>
  ({ trigger: 'admin', latest, channels, await: true, ...(simple ? { skipMedia: true, useAI: false } : {}) });
const repair = (scope: Record<string, unknown>, actions: string[]) => ({ id }: { id?: number }) => ({ scope: id ? { ids: [id] } : scope, actions });
const maintain = (action: string) => ({ id }: { id?: number }) => ({ action, ...(id ? { articleIds: [id] } : {}) });

export function adminActions(channels: readonly ChannelSetting[]): AdminAction[] {
  const primary = channels.find((c) => c.role === 'primary')?.username;
  const secondary = channels.find((c) => c.role === 'secondary')?.username;
  const onPrimary = primary ? [primary] : undefined;
  const base = { response: operationResponse };
  const list: AdminAction[] = [
    { ...base, path: 'add-latest-5-enhanced-posts', job: checkChannelsJob, payload: check(5, onPrimary), message: checked },
    { ...base, path: 'add-20-recent-posts', job: checkChannelsJob, payload: check(20, onPrimary), message: checked },
    { ...base, path: 'add-5-latest-simple', job: checkChannelsJob, payload: check(5, onPrimary, true), message: checked },
    { ...base, path: 'add-2-simple-posts', job: checkChannelsJob, payload: check(2, onPrimary, true), message: checked },
    { ...base, path: 'sync-last-posts', job: checkChannelsJob, payload: check(undefined, undefined), message: checked },
    { ...base, path: 'sync-all-channels', job: checkChannelsJob, payload: check(undefined, undefined), message: checked },
    { ...base, path: 'check-articles', job: repairArticlesJob, payload: repair({ filter: 'telegram', latest: 100 }, ['verify-source']), message: repaired },
    { ...base, path: 'complete-telegraph-processing', job: repairArticlesJob, payload: repair({ filter: 'telegraph' }, ['regenerate']), message: repaired },
    { ...base, path: 'fix-all-missing-images', job: repairArticlesJob, payload: repair({ filter: 'missing-image' }, ['missing-media']), message: repaired },
    { ...base, path: 'auto-fix-content-issues', job: repairArticlesJob, payload: repair({ filter: 'all' }, ['content', 'excerpt']), message: repaired },
    { ...base, path: 'rewrite-recent', job: repairArticlesJob, payload: repair({ filter: 'telegram', latest: 20 }, ['rewrite']), message: repaired },
    { ...base, path: 'comprehensive-content-cleaning', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['clean', 'content']), message: repaired },
    { ...base, path: 'fix-excerpts', job: repairArticlesJob, payload: repair({ filter: 'all' }, ['excerpt']), message: repaired },
    { ...base, path: 'sync-images', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['match-media']), message: repaired },
    { ...base, path: 'fix-article-dates', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['dates']), message: repaired },
    { ...base, path: 'fix-all-media-matching', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['match-media', 'missing-media']), message: repaired },
    { ...base, path: 'watermark-test', job: mediaMaintenanceJob, payload: maintain('watermark-test'), message: (r) => `آزمون واترمارک: ${media(r)}` },
    { ...base, path: 'apply-watermarks', job: mediaMaintenanceJob, payload: maintain('watermark'), message: media },
    { ...base, path: 'verify-all-watermarks', job: mediaMaintenanceJob, payload: maintain('verify'), message: media },
    { ...base, path: 'fix-all-video-urls', job: mediaMaintenanceJob, payload: maintain('fix-video-urls'), message: media },
    { ...base, path: 'watermark-article/:id', job: mediaMaintenanceJob, payload: maintain('watermark'), message: media },
    { ...base, path: 'verify-watermark/:id', job: mediaMaintenanceJob, payload: maintain('verify'), message: media },
    { ...base, path: 'fix-video-url/:id', job: mediaMaintenanceJob, payload: maintain('fix-video-urls'), message: media },
    {
      path: 'migrate-videos', job: mediaMaintenanceJob, payload: maintain('migrate-videos'), message: media, response: migrateVideosResponse,
      extra: (r) => ({ totalProcessed: num(r.processed), successful: num(r.successful), failed: num(r.failed), skipped: num(r.skipped), results: items(r).map((i) => ({ articleId: i.articleId ?? 0, status: String(i.status) })) }),
    },
    {
      path: 'fix-video-duplicates', job: mediaMaintenanceJob, payload: maintain('dedupe-videos'), message: media, response: fixVideoDuplicatesResponse,
      extra: (r) => ({ processed: num(r.processed), fixed: num(r.successful), skipped: num(r.skipped) }),
    },
    {
      path: 'auto-embed-videos', job: mediaMaintenanceJob, payload: maintain('embed-videos'), message: media, response: autoEmbedVideosResponse,
      extra: (r) => ({ processed: num(r.processed), successful: num(r.successful), failed: num(r.failed) }),
    },
    {
      path: 'fix-all-videos', job: mediaMaintenanceJob, payload: maintain('fix-video-urls'), message: media, response: fixAllVideosResponse,
      extra: (r) => ({ processed: num(r.processed), successful: num(r.successful), failed: num(r.failed), results: items(r).map((i) => ({ articleId: i.articleId ?? 0, status: String(i.status), message: String(i.message) })) }),
    },
    {
      path: 'fix-article/:id', job: repairArticlesJob, payload: repair({}, ['missing-media', 'dates', 'content', 'excerpt']), message: repaired, response: fixArticleResponse,
      extra: (r) => ({ updated: Boolean(items(r)[0]?.updated), imageUrl: (items(r)[0]?.imageUrl as string | null) ?? null, videoUrl: (items(r)[0]?.videoUrl as string | null) ?? null }),
    },
    {
      path: 'fix-all-articles', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['match-media', 'dates', 'content', 'excerpt']), message: repaired, response: fixAllArticlesResponse,
      extra: (r) => ({ result: { total: num(r.total), processed: num(r.processed), updated: num(r.updated), errors: num(r.failed), details: (r.details as string[] | undefined) ?? [] } }),
    },
    {
      path: 'comprehensive-media-sync', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['media']), message: repaired, response: mediaSyncResponse,
      extra: (r) => ({ report: {
        totalArticles: num(r.total), processed: num(r.processed), updated: num(r.updated), failed: num(r.failed),
        articles: items(r).map((i) => ({ id: Number(i.articleId), status: String(i.status), message: String(i.message), newImageUrl: i.updated ? ((i.imageUrl as string | null) ?? null) : null })),
      } }),
    },
    {
      path: 'smart-media-match', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['match-media']), message: repaired, response: smartMediaMatchResponse,
      extra: (r) => ({ result: { total: num(r.total), updated: num(r.updated), results: items(r).map((i) => ({ articleId: Number(i.articleId), updated: Boolean(i.updated), reason: String(i.message) })) } }),
    },
    {
      path: 'precise-telegram-sync', job: repairArticlesJob, payload: repair({ filter: 'telegram' }, ['match-media', 'dates']), message: repaired, response: preciseSyncResponse,
      extra: (r) => ({ result: { total: num(r.total), updated: num(r.updated), failed: num(r.failed), details: (r.details as string[] | undefined) ?? [] } }),
    },
  ];
  // Every bulk path that unpublishes or rewrites articles asks first; per-article paths and the
  // checks that only add new posts do not.
  const asks = new Set(['check-articles', 'complete-telegraph-processing', 'fix-all-missing-images', 'auto-fix-content-issues', 'rewrite-recent',
    'comprehensive-content-cleaning', 'fix-excerpts', 'sync-images', 'fix-article-dates', 'fix-all-media-matching', 'fix-all-video-urls',
    'migrate-videos', 'fix-video-duplicates', 'auto-embed-videos', 'fix-all-videos', 'fix-all-articles', 'comprehensive-media-sync',
    'smart-media-match', 'precise-telegram-sync']);
  for (const action of list) action.confirm = asks.has(action.path);
  if (secondary) {
    // The spec's clean-{secondary-source} paths, with the configured secondary channel's name.
    list.push(
      { ...base, path: `clean-all-${secondary}-articles`, job: repairArticlesJob, payload: repair({ source: secondary }, ['clean']), message: repaired, confirm: true },
      { ...base, path: `clean-${secondary}-article/:id`, job: repairArticlesJob, payload: repair({}, ['clean']), message: repaired },
    );
  }
  return list;
}
