// The rewriter used when no AI endpoint is configured: deterministic rules that
// clean the post and arrange it as an article. It never invents a word: the
// title, excerpt and paragraphs are all cut from the post itself.
import { classifyCategory } from './category-rules.ts';
import { cleanPostText } from './clean-post.ts';
import { extractKeywords, hashtagsInText, hashtagToKeyword } from './keywords.ts';
import {
  cutHeadline,
  htmlToText,
  splitSentences,
  stripTrailingPunctuation,
  takeSentences,
  textToParagraphs,
  truncateAtWord,
} from './text-tools.ts';
import { REWRITE_LIMITS, RewriteError, type RegenerateFieldInput, type RewriteInput, type RewriteResult, type Rewriter } from './types.ts';

export function createOfflineRewriter(): Rewriter {
  return {
    name: 'offline',
    async rewrite(input: RewriteInput): Promise<RewriteResult> {
      return rewriteOffline(input);
    },
    async regenerateField({ field, content }: RegenerateFieldInput): Promise<string> {
      const text = cleanPostText(htmlToText(content));
      if (!text) throw new RewriteError('empty_input', 'Nothing to draw the field from');
      const { title, body } = splitHeadline(text);
      if (field === 'title') return title;
      if (field === 'content') return textToParagraphs(text);
      const excerpt = makeExcerpt(body || text);
      return field === 'excerpt' ? excerpt : truncateAtWord(excerpt, REWRITE_LIMITS.metaDescriptionMax);
    },
  };
}

export function rewriteOffline(input: RewriteInput): RewriteResult {
  const text = cleanPostText(input.text, { channel: input.channel });
  if (!text) throw new RewriteError('empty_input', 'The post has no text left after cleaning');

  const { title, body } = splitHeadline(text);
  const excerpt = makeExcerpt(body || text);
  const hashtags = [...new Set([...input.hashtags, ...hashtagsInText(input.text)])];
  const keywords = extractKeywords(text, hashtags, REWRITE_LIMITS.keywordsMax, title);
  const { category } = classifyCategory(text, hashtags.map(hashtagToKeyword));

  return {
    title,
    excerpt,
    // A headline line that became the title is not repeated as the first paragraph.
    content: textToParagraphs(body || text),
    category,
    keywords,
    metaDescription: truncateAtWord(excerpt, REWRITE_LIMITS.metaDescriptionMax),
  };
}

/**
 * The title is the first sentence, cut to ≤ 110 characters at a clause or word and then ending in '…'.
 * When the whole first line was that sentence (a headline line, as most channels
 * write them), the body starts after it. A first sentence too short to stand
 * alone ('فوری', a place name) takes the next one with it.
 */
function splitHeadline(text: string): { title: string; body: string } {
  const lines = text.split('\n').filter((line) => line.trim());
  const sentences = splitSentences(text);
  let first = sentences[0] ?? '';
  let used = 1;
  while (stripTrailingPunctuation(first).length < REWRITE_LIMITS.titleMin && used < sentences.length) {
    first = `${stripTrailingPunctuation(first)}: ${sentences[used]}`;
    used++;
  }
  const title = cutHeadline(first, REWRITE_LIMITS.offlineTitleMax);
  const headlineOnly = used === 1 && lines.length > 1 && title === stripTrailingPunctuation(lines[0]);
  return { title, body: headlineOnly ? lines.slice(1).join('\n') : text };
}

/**
 * The lead: the first one or two sentences of the first paragraph, ≤ 220 characters, cut at a
 * sentence end, and never that whole paragraph when it has more to say (the page would show
 * the same words twice, once under the headline and again as the body's first paragraph).
 */
export function makeExcerpt(text: string): string {
  const first = text.split('\n').find((line) => line.trim()) ?? '';
  const sentences = splitSentences(first);
  const count = sentences.length > 1 ? Math.min(2, sentences.length - 1) : 1;
  return takeSentences(sentences, REWRITE_LIMITS.offlineExcerptMax, count);
}
