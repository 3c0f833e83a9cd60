// One check of one channel: read its newest page (and older pages back to the last post
// already known), store every post, notice edits (the text changed) and deletions (a
// known post missing from the range the pages cover, confirmed by asking for it alone),
// and say which posts need the pipeline: those too whose articles were published without media
// Telegram may still give (each post's own job fetches it again, missing-media.ts).
import { CHANNEL_MESSAGES } from '@chapar/shared/contracts';
import type { ChannelPage, TelegramPost, TelegramSource } from '../../integrations/telegram/index.ts';
import { blocklistRepo } from '../blocklist/repo.ts';
import type { ChannelRow } from '../channels/repo.ts';
import { channelRepo } from '../channels/repo.ts';
import { postStore, type PostRef } from '../posts/post-store.ts';
import { MISSING_MEDIA_RETRIES, missingMediaSince } from './missing-media.ts';
import { settleDeletions } from './source-deletions.ts';
import { holdEdits } from './source-edits.ts';
import type { Services } from '../../services.ts';

export interface CheckOptions {
  /** Pages read at most (INGEST_MAX_PAGES by default). */
  maxPages?: number;
  /** Only the newest N posts are stored and processed ('add the latest 5'). */
  latest?: number;
  /** The operation the check runs for: a deletion it finds is kept there for undo. */
  operationId?: number | null;
  /** The run stores no media ('add the latest 5' without media): what published articles lack is not fetched again. */
  skipMedia?: boolean;
}

export interface ChannelCheck {
  channel: string;
  fetched: number;
  newPosts: PostRef[];
  editedPosts: PostRef[];
  deletedPosts: PostRef[];
  /** Articles taken off the site now because their posts were deleted. */
  unpublishedArticleIds: number[];
  /** Articles whose posts were found deleted, waiting for an editor's confirmation (in `deletionsOperationId`). */
  deletionsAwaiting: number;
  deletionsOperationId: number | null;
  /** Known posts the pages left out whose own read failed: not counted as deleted, tried again next check. */
  unconfirmedPosts: PostRef[];
  /** Posts edited at the source whose articles wait for an editor's confirmation (in `editsOperationId`). */
  editsAwaiting: number;
  editsOperationId: number | null;
  /** Every post read (or, with `latest`, the newest N). */
  seen: PostRef[];
  /** Posts the pipeline should (re)run: new, edited, unfinished, no longer blocked, or published lacking media. */
  toProcess: PostRef[];
  /** Of those, the published posts run again only for the media their articles lack. */
  mediaRetries: PostRef[];
}

/** Reads pages until the last known post (or the channel's start, or the page limit). */
async function readPages(source: TelegramSource, channel: ChannelRow, opts: CheckOptions, maxPages: number): Promise<TelegramPost[]> {
  const posts = new Map<number, TelegramPost>();
  let page: ChannelPage = await source.fetchPage(channel.username);
  for (let read = 1; ; read++) {
    for (const post of page.posts) posts.set(post.messageId, post);
    const oldest = Math.min(...page.posts.map((p) => p.messageId));
    const reachedKnown = channel.lastSeenMessageId !== null && oldest <= channel.lastSeenMessageId;
    const enough = opts.latest !== undefined && posts.size >= opts.latest;
    if (!page.olderCursor || !page.posts.length || read >= maxPages || reachedKnown || enough) break;
    page = await source.fetchPage(channel.username, { before: page.olderCursor });
  }
  return [...posts.values()].sort((a, b) => a.messageId - b.messageId);
}

export async function checkChannel(s: Pick<Services, 'config' | 'db' | 'log' | 'contentChanged'>, source: TelegramSource, channel: ChannelRow, opts: CheckOptions = {}): Promise<ChannelCheck> {
  const maxPages = opts.maxPages ?? (opts.latest ? Math.max(s.config.ingestMaxPages, Math.ceil(opts.latest / 10) + 1) : s.config.ingestMaxPages);
  let posts = await readPages(source, channel, opts, maxPages);
  // A channel that had posts showing none is a fault to report (a throttled or broken answer), not an empty channel.
  if (!posts.length && channel.lastSeenMessageId !== null) throw new Error(`${CHANNEL_MESSAGES.emptyPage}؛ چیزی تغییر نکرد و بررسی بعدی دوباره امتحان می‌کند`);
  const covered = new Set(posts.flatMap((p) => [p.messageId, ...(p.albumMessageIds ?? [])]));
  const range = posts.length ? [posts[0].messageId, Math.max(...covered)] as const : null;
  if (opts.latest !== undefined) posts = posts.slice(-opts.latest);

  const result: ChannelCheck = { channel: channel.username, fetched: posts.length, newPosts: [], editedPosts: [], deletedPosts: [], unpublishedArticleIds: [], deletionsAwaiting: 0, deletionsOperationId: null, unconfirmedPosts: [], editsAwaiting: 0, editsOperationId: null, seen: [], toProcess: [], mediaRetries: [] };
  for (const post of posts) {
    const ref = { source: channel.username, telegramId: post.messageId };
    result.seen.push(ref);
    const { change, row } = await postStore.saveFetched(s.db, channel.username, post);
    if (change === 'new') result.newPosts.push(ref);
    if (change === 'edited') result.editedPosts.push(ref);
    if (change !== 'same' || ['new', 'processing', 'failed'].includes(row.state)) {
      result.toProcess.push(ref);
    } else if (row.state === 'blocked') {
      const block = await blocklistRepo.find(s.db, ref.source, ref.telegramId);
      if (!block || block.allowRegeneration) result.toProcess.push(ref);
    } else if (opts.latest !== undefined && !opts.skipMedia && row.state === 'published' && row.missingMedia) {
      // An admin asking for these posts again gets what their articles lack asked for again, however old.
      result.toProcess.push(ref);
      result.mediaRetries.push(ref);
    }
  }

  // A whole check (not 'the latest N') also fetches again what published articles lack, each by its own post's job.
  if (opts.latest === undefined && !opts.skipMedia) {
    const queued = new Set(result.toProcess.map((ref) => ref.telegramId));
    for (const ref of await postStore.missingMedia(s.db, channel.username, MISSING_MEDIA_RETRIES, missingMediaSince())) {
      if (!queued.has(ref.telegramId)) { result.toProcess.push(ref); result.mediaRetries.push(ref); }
    }
  }
  // Edits that would rewrite several published articles at once wait for an editor, whoever asked for the check.
  const edits = await holdEdits(s, channel.username, result.editedPosts);
  const held = new Set(edits.held.map((ref) => ref.telegramId));
  result.toProcess = result.toProcess.filter((ref) => !held.has(ref.telegramId));
  result.editsAwaiting = edits.held.length;
  result.editsOperationId = edits.operationId;
  if (range && opts.latest === undefined) {
    const { gone, unconfirmed } = await noticeDeletions(s, source, channel.username, range, covered);
    result.unconfirmedPosts = unconfirmed;
    const settled = await settleDeletions(s, channel.username, gone, opts.operationId ?? null);
    result.deletedPosts = settled.unpublished.map((post) => post.ref);
    result.unpublishedArticleIds = settled.unpublishedArticleIds;
    result.deletionsAwaiting = settled.awaiting.length;
    result.deletionsOperationId = settled.awaitingOperationId;
  }
  await channelRepo.recordCheck(s.db, channel.id, range ? range[1] : null);
  return result;
}

/**
 * Known posts inside the pages' id range but not on them are asked for one by one. A page can
 * leave a post out for other reasons; only Telegram's 'not found' for the post itself counts, and
 * an answer that says neither (an error, a redirect, a blank page) leaves the post as it is, to
 * be reported as not confirmed.
 */
async function noticeDeletions(s: Pick<Services, 'db'>, source: TelegramSource, channel: string, [from, to]: readonly [number, number], covered: Set<number>): Promise<{ gone: PostRef[]; unconfirmed: PostRef[] }> {
  const gone: PostRef[] = [];
  const unconfirmed: PostRef[] = [];
  for (const row of await postStore.inRange(s.db, channel, from, to)) {
    if (covered.has(row.telegramId)) continue;
    const ref = { source: channel, telegramId: row.telegramId };
    const found = await source.fetchPost(channel, row.telegramId).catch(() => 'unknown' as const);
    if (found === null) gone.push(ref);
    else if (found === 'unknown') unconfirmed.push(ref);
  }
  return { gone, unconfirmed };
}
