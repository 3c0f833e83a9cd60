// The article step: rewrite, media and post become one row, upserted on (source,
// telegramId) so any re-run updates the same article instead of adding one.
import { articleReadingMinutes, buildAltText, stripRunsAndControls } from '@chapar/shared/text';
import { cleanTopics } from '@chapar/shared/topics';
import type { RewriteResult } from '../../integrations/ai/index.ts';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { articleAdminRepo, type ArticleRow } from '../articles/admin-repo.ts';
import { searchColumns } from '../search/index-text.ts';
import type { PostMedia } from '../media/post-media.ts';
import type { MediaAssetRow } from '../media/repo.ts';
import type { NormalisedPost } from '../posts/normalise.ts';
import type { Services } from '../../services.ts';
import { articleSlug } from '../articles/derived-fields.ts';
import { escapeHtml } from '@chapar/shared/html';

export const MAX_KEYWORDS = 8;


/**
 * Keywords from several lists, first come first kept, each topic once in any spelling, and only
 * topics (@chapar/shared/topics): a category's name or a common word from a hashtag is none.
 */
export function mergeKeywords(lists: string[][], max = MAX_KEYWORDS, source = ''): string {
  return cleanTopics(lists.flat().map((word) => word.replace(/[,،]/g, ' ')), max, source).join(',');
}

/** The rewritten body, then the album's other pictures and a voice note, as figures. */
export function composeContent(body: string, media: PostMedia, alt: string): string {
  const gallery = media.images.slice(1).filter((m) => m.position < 10)
    .map((m) => `<figure><img src="${escapeHtml(m.url)}" alt="${escapeHtml(alt)}"></figure>`);
  const audio = media.audio ? [`<figure><audio controls src="${escapeHtml(media.audio.url)}"></audio></figure>`] : [];
  return [body, ...gallery, ...audio].join('\n');
}

export interface WriteArticleInput {
  source: string;
  post: TelegramPost;
  normalised: NormalisedPost;
  rewrite: RewriteResult;
  media: PostMedia | null;
  /** What the article holds from other posts (media/post-media.ts): its cover or video when the post has none. */
  borrowed?: { image: MediaAssetRow | null; video: MediaAssetRow | null };
  /** The admin asked to overwrite the fields edited by hand: their marks go with this write. */
  overwriteEdits?: boolean;
}

export async function writeArticle(s: Pick<Services, 'db'>, input: WriteArticleInput): Promise<{ article: ArticleRow; created: boolean; changed: boolean }> {
  const { post, normalised, media } = input;
  // A post's stray control character (a bell, a NUL) or direction override is not written into
  // the page or the API, as an editor's save keeps neither (sanitize-content.ts).
  const rewrite: RewriteResult = {
    ...input.rewrite,
    title: stripRunsAndControls(input.rewrite.title),
    excerpt: stripRunsAndControls(input.rewrite.excerpt),
    content: stripRunsAndControls(input.rewrite.content),
    metaDescription: stripRunsAndControls(input.rewrite.metaDescription),
    keywords: input.rewrite.keywords.map(stripRunsAndControls),
  };
  const category = normalised.categoryHint ?? rewrite.category;
  const keywords = mergeKeywords([normalised.hashtagKeywords, rewrite.keywords], MAX_KEYWORDS, normalised.plain);
  const cover = media?.images[0] ?? input.borrowed?.image ?? null;
  const video = media?.video ?? input.borrowed?.video ?? null;
  const imageAltText = cover ? buildAltText({ kind: 'image', title: rewrite.title, category, excerpt: rewrite.excerpt }) : null;
  const content = media ? composeContent(rewrite.content, media, imageAltText ?? rewrite.title) : rewrite.content;
  return articleAdminRepo.upsertIngested(s.db, {
    source: input.source,
    telegramId: post.messageId,
    slug: articleSlug(rewrite.title),
    title: rewrite.title,
    excerpt: rewrite.excerpt,
    content,
    metaDescription: rewrite.metaDescription.slice(0, 150),
    // Without a media step (text-only processing) the article keeps the media it has.
    ...(media ? {
      imageUrl: cover?.url ?? null,
      imageAltText,
      imageHash: cover?.dhash ?? null,
      videoUrl: video?.url ?? null,
      videoPosterUrl: video?.posterUrl ?? null,
      videoDuration: video?.durationSec ?? null,
      videoAltText: video ? buildAltText({ kind: 'video', title: rewrite.title, category, excerpt: rewrite.excerpt }) : null,
    } : {}),
    category,
    keywords,
    status: 'published',
    readingTime: articleReadingMinutes(content),
    contentHash: normalised.textHash,
    publishedAt: post.date,
    updatedAt: post.date,
    ...searchColumns({ title: rewrite.title, excerpt: rewrite.excerpt, content, keywords }),
  }, { overwriteEdits: input.overwriteEdits });
}
