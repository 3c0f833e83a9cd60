// A check of several channels (all active ones by default): each channel is checked on
// its own, so one unreachable channel is reported and the others still go through.
import { NO_ACTIVE_CHANNEL_TEXT } from '@chapar/shared/contracts';
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import type { ChannelRow } from '../channels/repo.ts';
import { channelRepo } from '../channels/repo.ts';
import { checkChannel, type ChannelCheck } from './check-channel.ts';
import type { OperationReporter } from '../operations/operation-reporter.ts';
import type { PostRef } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { channelFailureText } from '../../integrations/failure-text.ts';

type CheckAllChannelsDeps = Pick<Services, 'config' | 'db' | 'log' | 'sources' | 'contentChanged'>;

export interface CheckAllOptions {
  channels?: string[];
  latest?: number;
  /** The run stores no media: what published articles lack is not fetched again. */
  skipMedia?: boolean;
  operation?: OperationReporter;
}

export interface CheckAllResult {
  checked: string[];
  newPosts: PostRef[];
  editedPosts: PostRef[];
  deletedPosts: PostRef[];
  /** Articles taken off the site now because their posts were deleted. */
  unpublishedArticleIds: number[];
  /** Articles whose posts were found deleted, waiting for an editor in these operations. */
  deletionsAwaiting: number;
  deletionsOperationIds: number[];
  /** Known posts the pages left out whose own read failed: not taken for deleted, tried again next check. */
  unconfirmedPosts: PostRef[];
  /** Articles whose posts were edited at the source, waiting for an editor in these operations. */
  editsAwaiting: number;
  editsOperationIds: number[];
  seen: PostRef[];
  toProcess: PostRef[];
  /** Of toProcess, the published posts run again only for the media their articles lack. */
  mediaRetries: PostRef[];
  errors: string[];
  sourceKind: string;
}

export async function resolveChannels(s: Pick<Services, 'db'>, names?: string[]): Promise<{ channels: ChannelRow[]; errors: string[] }> {
  if (!names?.length) return { channels: await channelRepo.active(s.db), errors: [] };
  const channels: ChannelRow[] = [];
  const errors: string[] = [];
  for (const name of names) {
    const row = await channelRepo.byUsername(s.db, name.replace(/^@/, ''));
    if (row) channels.push(row);
    else errors.push(`${handle(name)}: کانال در فهرست کانال‌های پیکربندی‌شده نیست`);
  }
  return { channels, errors };
}

export async function checkAllChannels(s: CheckAllChannelsDeps, opts: CheckAllOptions = {}): Promise<CheckAllResult> {
  const { channels, errors } = await resolveChannels(s, opts.channels);
  const { kind, source } = await s.sources.current();
  const result: CheckAllResult = { checked: [], newPosts: [], editedPosts: [], deletedPosts: [], unpublishedArticleIds: [], deletionsAwaiting: 0, deletionsOperationIds: [], unconfirmedPosts: [], editsAwaiting: 0, editsOperationIds: [], seen: [], toProcess: [], mediaRetries: [], errors, sourceKind: kind };
  if (!channels.length && !errors.length) {
    // The editor reads what to do in the channels tab; the setting that seeds that table is for the log.
    s.log.warn('no active channel to check: switch one on in the channels tab (TELEGRAM_CHANNELS only seeds the table)');
    result.errors.push(NO_ACTIVE_CHANNEL_TEXT);
  }
  for (const [i, channel] of channels.entries()) {
    let check: ChannelCheck;
    try {
      check = await checkChannel(s, source, channel, { latest: opts.latest, skipMedia: opts.skipMedia, operationId: opts.operation?.id });
    } catch (error) {
      s.log.warn(`check of ${channel.username} failed: ${(error as Error).message}`);
      const message = channelFailureText(error, channel.username);
      result.errors.push(message);
      await opts.operation?.error(message);
      continue;
    }
    result.checked.push(channel.username);
    result.newPosts.push(...check.newPosts);
    result.editedPosts.push(...check.editedPosts);
    result.deletedPosts.push(...check.deletedPosts);
    result.unpublishedArticleIds.push(...check.unpublishedArticleIds);
    result.deletionsAwaiting += check.deletionsAwaiting;
    if (check.deletionsOperationId !== null) result.deletionsOperationIds.push(check.deletionsOperationId);
    result.unconfirmedPosts.push(...check.unconfirmedPosts);
    result.editsAwaiting += check.editsAwaiting;
    if (check.editsOperationId !== null) result.editsOperationIds.push(check.editsOperationId);
    result.seen.push(...check.seen);
    result.toProcess.push(...check.toProcess);
    result.mediaRetries.push(...check.mediaRetries);
    await opts.operation?.log(`${handle(channel.username)}: ${fa(check.fetched)} پست خوانده شد، ${fa(check.newPosts.length)} تازه، ${fa(check.editedPosts.length)} ویرایش‌شده، ${fa(check.deletedPosts.length)} حذف‌شده${check.deletionsAwaiting ? `، ${fa(check.deletionsAwaiting)} حذف‌شده در انتظار تأیید ویراستار` : ''}${check.unconfirmedPosts.length ? `، ${fa(check.unconfirmedPosts.length)} پست در صفحه نبود و خواندن جداگانه‌اش نشد (شماره‌های ${check.unconfirmedPosts.map((ref) => fa(ref.telegramId)).join('، ')})` : ''}${check.editsAwaiting ? `، ${fa(check.editsAwaiting)} ویرایش‌شده در انتظار تأیید ویراستار` : ''}`);
    await opts.operation?.progress(((i + 1) / channels.length) * 40);
  }
  return result;
}
