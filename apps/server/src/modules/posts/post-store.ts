// telegram_posts: every post as fetched, keyed by (source, telegramId). The check stores
// posts here and the per-post job reads them back, so a job carries only the key and a
// re-run always sees the latest fetched version.
import { createHash } from 'node:crypto';
import { and, between, desc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { telegramPosts, type Db } from '@chapar/db';
import { normalizePersian } from '@chapar/shared/text';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { mediaReplaced, withPhotoIds } from './media-change.ts';
import { givenByHand, noteWithout, type HandMediaFields } from '../media/missing-media-note.ts';

export type PostRow = typeof telegramPosts.$inferSelect;
/** new → processing → published | ignored | blocked | failed; deleted when gone from the channel. */
/** `held`: edited at the source, waiting in a plan for an editor (ingest/source-edits.ts). */
export type PostState = 'new' | 'processing' | 'published' | 'ignored' | 'blocked' | 'failed' | 'deleted' | 'held';
export interface PostRef { source: string; telegramId: number }

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The text's fingerprint: equal for the same words however they are spelled or spaced. */
export function textHash(text: string): string {
  return sha256(normalizePersian(text));
}

/**
 * Text plus the shape of the media: an edit of either changes it. Kept as it is: stored posts carry
 * it, and a replaced photo is told apart by mediaReplaced (media-change.ts) instead.
 */
export function postHash(post: TelegramPost): string {
  const media = [post.photos.length, post.videos.map((v) => (v.tooBig ? 'big' : 'v')).join(''), post.voice ? 'a' : '', post.linkPreview?.url ?? ''];
  return sha256(`${normalizePersian(post.text)}|${media.join('|')}`);
}

/** Whether a fetched post differs from its stored row: the fingerprint, or media replaced under it. */
export function postChanged(stored: Pick<PostRow, 'contentHash' | 'payload'>, post: TelegramPost): boolean {
  return stored.contentHash !== postHash(post) || mediaReplaced(stored.payload as Partial<TelegramPost>, post);
}

export function toPayload(post: TelegramPost): Record<string, unknown> {
  return JSON.parse(JSON.stringify(post)) as Record<string, unknown>;
}

export function fromPayload(payload: Record<string, unknown>): TelegramPost {
  return { ...(payload as unknown as TelegramPost), date: new Date(String(payload.date)) };
}

export const postStore = {
  /** Stores a fetched post; says whether it is new, changed since last time, or the same. */
  async saveFetched(db: Db, source: string, post: TelegramPost): Promise<{ change: 'new' | 'edited' | 'same'; row: PostRow }> {
    const hash = postHash(post);
    const values = {
      source, telegramId: post.messageId, groupedId: post.groupedId ?? null, text: post.text, html: post.html,
      payload: toPayload(post), contentHash: hash, postedAt: post.date,
    };
    const [inserted] = await db.insert(telegramPosts).values(values).onConflictDoNothing().returning();
    if (inserted) return { change: 'new', row: inserted };
    const existing = await postStore.get(db, source, post.messageId);
    if (!existing) throw new Error(`post ${source}/${post.messageId} vanished while being stored`);
    const changed = postChanged(existing, post);
    if (!changed && !existing.deletedAt) {
      const filled = withPhotoIds(existing.payload, post);
      if (!filled) return { change: 'same', row: existing };
      const [row] = await db.update(telegramPosts).set({ payload: filled }).where(eq(telegramPosts.id, existing.id)).returning();
      return { change: 'same', row };
    }
    // Changed, or back after being taken for deleted: either way it is worked on again.
    const [row] = await db.update(telegramPosts)
      .set({ ...values, editedAt: changed ? new Date() : existing.editedAt, deletedAt: null, state: 'new', fetchedAt: new Date() })
      .where(eq(telegramPosts.id, existing.id)).returning();
    return { change: 'edited', row };
  },
  async get(db: Db, source: string, telegramId: number): Promise<PostRow | undefined> {
    const [row] = await db.select().from(telegramPosts).where(and(eq(telegramPosts.source, source), eq(telegramPosts.telegramId, telegramId)));
    return row;
  },
  /** `missingMedia`: what the article lacks that Telegram may still give (media/post-media.ts); left as it is when absent. */
  async setState(db: Db, ref: PostRef, state: PostState, extra: { articleId?: number | null; lastError?: string | null; missingMedia?: string | null } = {}): Promise<void> {
    await db.update(telegramPosts).set({ state, ...extra })
      .where(and(eq(telegramPosts.source, ref.source), eq(telegramPosts.telegramId, ref.telegramId)));
  },
  /** Posts whose articles were deleted: blocked, linked to no article. */
  async blockAll(db: Db, refs: PostRef[]): Promise<void> {
    for (const source of new Set(refs.map((ref) => ref.source))) {
      const ids = refs.filter((ref) => ref.source === source).map((ref) => ref.telegramId);
      await db.update(telegramPosts).set({ state: 'blocked', articleId: null })
        .where(and(eq(telegramPosts.source, source), inArray(telegramPosts.telegramId, ids)));
    }
  },
  /** A post taken for deleted that Telegram shows again: no longer marked deleted, its article's again. */
  async markPresent(db: Db, ref: PostRef, articleId: number): Promise<void> {
    await db.update(telegramPosts).set({ deletedAt: null, state: 'published', articleId })
      .where(and(eq(telegramPosts.source, ref.source), eq(telegramPosts.telegramId, ref.telegramId), isNotNull(telegramPosts.deletedAt)));
  },
  async markDeleted(db: Db, ref: PostRef): Promise<void> {
    await db.update(telegramPosts).set({ deletedAt: new Date(), state: 'deleted' })
      .where(and(eq(telegramPosts.source, ref.source), eq(telegramPosts.telegramId, ref.telegramId)));
  },
  /** Stored, not deleted posts of a channel with ids in [from, to]. */
  async inRange(db: Db, source: string, from: number, to: number): Promise<PostRow[]> {
    return db.select().from(telegramPosts)
      .where(and(eq(telegramPosts.source, source), between(telegramPosts.telegramId, from, to), isNull(telegramPosts.deletedAt)));
  },
  async states(db: Db, refs: PostRef[]): Promise<Map<string, PostRow>> {
    const map = new Map<string, PostRow>();
    for (const source of new Set(refs.map((r) => r.source))) {
      const ids = refs.filter((r) => r.source === source).map((r) => r.telegramId);
      const rows = await db.select().from(telegramPosts).where(and(eq(telegramPosts.source, source), inArray(telegramPosts.telegramId, ids)));
      for (const row of rows) map.set(`${row.source}/${row.telegramId}`, row);
    }
    return map;
  },
  /** Sets or clears what a post's article lacks, once its media was fetched again. */
  async setMissingMedia(db: Db, ref: PostRef, missingMedia: string | null): Promise<void> {
    await db.update(telegramPosts).set({ missingMedia })
      .where(and(eq(telegramPosts.source, ref.source), eq(telegramPosts.telegramId, ref.telegramId)));
  },
  /** Takes out of the mark of an article's post what an editor has since given the article by hand (missing-media-note.ts). */
  async dropGivenMedia(db: Db, article: HandMediaFields): Promise<void> {
    const given = givenByHand(article);
    if (!given.size) return;
    const marked = await db.select({ id: telegramPosts.id, missingMedia: telegramPosts.missingMedia }).from(telegramPosts)
      .where(and(eq(telegramPosts.articleId, article.id), isNotNull(telegramPosts.missingMedia)));
    for (const post of marked) {
      const left = noteWithout(post.missingMedia!, given);
      if (left !== post.missingMedia) await db.update(telegramPosts).set({ missingMedia: left }).where(eq(telegramPosts.id, post.id));
    }
  },
  /** A channel's newest published posts, fetched since `since`, whose articles lack media Telegram may still give. */
  async missingMedia(db: Db, source: string, limit: number, since: Date): Promise<PostRef[]> {
    return db.select({ source: telegramPosts.source, telegramId: telegramPosts.telegramId }).from(telegramPosts)
      .where(and(
        eq(telegramPosts.source, source), eq(telegramPosts.state, 'published'), isNotNull(telegramPosts.articleId),
        isNotNull(telegramPosts.missingMedia), isNull(telegramPosts.deletedAt), gte(telegramPosts.fetchedAt, since),
      ))
      .orderBy(desc(telegramPosts.telegramId)).limit(limit);
  },
  /** What the articles lack, by article id, for those whose published posts are marked. */
  async missingMediaOf(db: Db, articleIds: number[]): Promise<Map<number, string>> {
    if (!articleIds.length) return new Map();
    const rows = await db.select({ articleId: telegramPosts.articleId, missingMedia: telegramPosts.missingMedia }).from(telegramPosts)
      .where(and(inArray(telegramPosts.articleId, articleIds), eq(telegramPosts.state, 'published'), isNotNull(telegramPosts.missingMedia)));
    return new Map(rows.map((row) => [row.articleId!, row.missingMedia!]));
  },
  /** What one article lacks (missingMediaOf for one), or null. */
  async missingMediaFor(db: Db, articleId: number): Promise<string | null> {
    return (await this.missingMediaOf(db, [articleId])).get(articleId) ?? null;
  },
};
