// First pipeline step: the post's text as the article will be written from. The
// channel's own signature and 'join us' lines go; a post that is only a headline and a
// link gets the linked page's text (a Telegraph article, or the link preview card).
import { findCategory } from '@chapar/shared/text';
import { cleanPostText } from '../../integrations/ai/index.ts';
import type { TelegramPost, TelegraphArticle } from '../../integrations/telegram/index.ts';
import { applyCleaningRules, type CompiledRules } from '../channels/cleaning-rules.ts';
import { textHash } from './post-store.ts';

export interface NormalisedPost {
  /** What the rewriter gets. */
  text: string;
  /** The same after generic cleaning (emoji, links, mentions gone): what filters judge. */
  plain: string;
  hashtags: string[];
  /** Hashtags as keywords ('بازار_ارز' → 'بازار ارز'), when the channel's rules say so. */
  hashtagKeywords: string[];
  /** A category the channel tagged the post with ('#ورزش'), if any. */
  categoryHint?: string;
  /** Fingerprint of `plain`: the same story posted twice has the same one. */
  textHash: string;
}

/** Below this many characters a post is a headline only, and a linked page may say more. */
const SHORT_POST_CHARS = 200;

const toKeyword = (tag: string) => tag.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();

export function normalisePost(post: TelegramPost, rules: CompiledRules, linked?: { telegraph?: TelegraphArticle | null }): NormalisedPost {
  let text = applyCleaningRules(post.text, rules);
  const short = cleanPostText(text).length < SHORT_POST_CHARS;
  const telegraph = linked?.telegraph;
  if (telegraph && telegraph.blocks.length) {
    text = [text, telegraph.title, ...telegraph.blocks].filter(Boolean).join('\n\n');
  } else if (short && post.linkPreview && (post.linkPreview.title || post.linkPreview.description)) {
    text = [text, post.linkPreview.title, post.linkPreview.description].filter(Boolean).join('\n\n');
  }
  const plain = cleanPostText(text, { channel: post.channel });
  const categoryHint = post.hashtags.map((tag) => findCategory(toKeyword(tag))?.name).find(Boolean);
  return {
    text,
    plain,
    hashtags: post.hashtags,
    hashtagKeywords: rules.hashtagsAsKeywords ? post.hashtags.map(toKeyword).filter(Boolean) : [],
    categoryHint,
    textHash: textHash(plain),
  };
}
