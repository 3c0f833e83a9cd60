// The AI rewriter: any OpenAI-compatible chat-completions endpoint (AI_BASE_URL,
// AI_API_KEY, AI_MODEL) asked for a JSON article. Its answer is only accepted
// after checkRewrite: right shape and lengths, a known category, sanitised HTML
// and every number of the post still there.
import { cleanTopics } from '@chapar/shared/topics';
import { checkRegeneratedField, checkRewrite } from './check-rewrite.ts';
import { cleanPostText } from './clean-post.ts';
import { createJsonChat, type JsonChatOptions } from './json-chat.ts';
import { extractKeywords, hashtagsInText } from './keywords.ts';
import { buildRegenerateMessages, buildRewriteMessages } from './prompt.ts';
import { htmlToText } from './text-tools.ts';
import { REWRITE_LIMITS, RewriteError, type RegenerateFieldInput, type RewriteInput, type RewriteResult, type Rewriter } from './types.ts';

export type AiRewriterOptions = JsonChatOptions;


export function createAiRewriter(options: AiRewriterOptions): Rewriter {
  const requestJson = createJsonChat(options);

  return {
    name: 'ai',

    async rewrite(input: RewriteInput): Promise<RewriteResult> {
      // The model sees the cleaned post, and the numbers check holds it to that
      // text: a phone number in a dropped signature line is not a fact to keep.
      const source = cleanPostText(input.text, { channel: input.channel });
      if (!source) throw new RewriteError('empty_input', 'The post has no text left after cleaning');
      const hashtags = [...new Set([...input.hashtags, ...hashtagsInText(input.text)])];

      return requestJson(buildRewriteMessages(source, hashtags, input.channel), (answer) => {
        const result = checkRewrite(answer, source);
        // The model's keywords pass the same topic filter as the offline ones; keywords are a
        // convenience, not a reason to ask again: none left are filled in by rule.
        const fromModel = cleanTopics(result.keywords, REWRITE_LIMITS.keywordsMax, source);
        const keywords = fromModel.length ? fromModel : extractKeywords(source, hashtags, REWRITE_LIMITS.keywordsMax, result.title);
        return { ...result, keywords };
      });
    },

    async regenerateField({ field, content }: RegenerateFieldInput): Promise<string> {
      const articleText = htmlToText(content);
      if (!articleText) throw new RewriteError('empty_input', 'Nothing to draw the field from');
      return requestJson(buildRegenerateMessages(field, articleText), (answer) => checkRegeneratedField(field, answer, articleText));
    },
  };
}
