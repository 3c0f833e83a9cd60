// Checks a model's rewrite before it becomes an article: the shape, the
// lengths, the category, and above all that no number of the post went missing
// (a changed figure is the most damaging mistake a news rewrite can make).
import { hasTag, stripHtml, toAsciiDigits } from '@chapar/shared/text';
import type SanitizeHtml from 'sanitize-html';
import { sanitizeHtml } from '../../lazy-packages.ts';
import { z } from 'zod';
import { toRewriteCategory } from './category-rules.ts';
import { stripTrailingPunctuation, textToParagraphs, truncateAtWord } from './text-tools.ts';
import { REWRITE_LIMITS, RewriteError, type RegenerableField, type RewriteResult } from './types.ts';

const ARTICLE_HTML: SanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'br', 'figure', 'img'],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Scripts, styles and the like go with their content; other tags leave their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'head', 'title'],
  exclusiveFilter: (frame) => (frame.tag === 'p' || frame.tag === 'li') && !frame.text.trim() && !frame.mediaChildren.length,
};

/** The article HTML a rewrite may contain; anything else is removed. */
export function sanitizeArticleHtml(html: string): string {
  // A model sometimes answers with plain text: give it paragraphs.
  if (!hasTag(html, /<\/?[a-z][^>]*>/i)) return textToParagraphs(html);
  const clean = sanitizeHtml(html, ARTICLE_HTML).trim();
  // Inline markup with no block around it still belongs in a paragraph.
  return clean && !/<(p|h2|h3|ul|ol|blockquote|figure)\b/i.test(clean) ? `<p>${clean}</p>` : clean;
}

/**
 * Every number in the text, as ASCII digits without thousands separators or
 * leading zeros: '۱٬۲۵۰٬۰۰۰' → '1250000', '۰۵' → '5'. A decimal or date splits
 * into its parts ('۳۸.۲' → '38', '2'), so '۳۸٫۲' and '38.2' compare equal.
 */
export function extractNumbers(text: string): string[] {
  const ascii = toAsciiDigits(text).replace(/(\d)[,٬](?=\d{3}(?!\d))/g, '$1');
  const numbers = (ascii.match(/\d+/g) ?? []).map((n) => n.replace(/^0+(?=\d)/, ''));
  return [...new Set(numbers)];
}

/** Numbers of the source that the output does not contain. */
export function findMissingNumbers(source: string, output: string): string[] {
  const present = new Set(extractNumbers(output));
  return extractNumbers(source).filter((n) => !present.has(n));
}

/** ≤ 150 characters, cut at a word: a long meta description is shortened, not rejected. */
export function fitMetaDescription(text: string): string {
  return truncateAtWord(stripHtml(text), REWRITE_LIMITS.metaDescriptionMax);
}

const keywordsSchema = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(/[,،\n]/))])
  .optional()
  .transform((list) => [...new Set((list ?? []).map((k) => stripHtml(k).replace(/^#/, '').replace(/_+/g, ' ').trim()).filter(Boolean))]);

const candidateSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  keywords: keywordsSchema,
  metaDescription: z.string().optional(),
});

/**
 * The checked, cleaned result; throws RewriteError ('invalid_output' or
 * 'numbers_dropped') when the candidate cannot be used as it is.
 */
export function checkRewrite(candidate: unknown, sourceText: string): RewriteResult {
  const parsed = candidateSchema.safeParse(candidate);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'root'))].join(', ');
    throw new RewriteError('invalid_output', `The answer lacks or mistypes: ${fields}`);
  }
  const raw = parsed.data;
  const title = stripTrailingPunctuation(stripHtml(raw.title));
  const excerpt = stripHtml(raw.excerpt);
  const content = sanitizeArticleHtml(raw.content);
  const category = toRewriteCategory(raw.category);

  const problems: string[] = [];
  if (title.length < REWRITE_LIMITS.titleMin || title.length > REWRITE_LIMITS.titleMax) {
    problems.push(`title must be ${REWRITE_LIMITS.titleMin}–${REWRITE_LIMITS.titleMax} characters (was ${title.length})`);
  }
  if (!excerpt) problems.push('excerpt is empty');
  if (excerpt.length > REWRITE_LIMITS.excerptMax) problems.push(`excerpt must be at most ${REWRITE_LIMITS.excerptMax} characters (was ${excerpt.length})`);
  if (!stripHtml(content)) problems.push('content is empty');
  if (!category) problems.push(`category '${raw.category}' is not one of Politics, Economy, Technology, Health, Culture, Sports`);
  if (problems.length || !category) throw new RewriteError('invalid_output', problems.join('; '));

  const missing = findMissingNumbers(sourceText, [title, excerpt, stripHtml(content)].join('\n'));
  if (missing.length) {
    throw new RewriteError('numbers_dropped', `Numbers of the post missing from the article: ${missing.join(', ')}`, { missingNumbers: missing });
  }

  return {
    title,
    excerpt,
    content,
    category,
    keywords: raw.keywords.slice(0, REWRITE_LIMITS.keywordsMax),
    metaDescription: fitMetaDescription(raw.metaDescription?.trim() ? raw.metaDescription : excerpt),
  };
}

/** A regenerated field ({"value": ...}) checked by the same rules as a full rewrite. */
export function checkRegeneratedField(field: RegenerableField, answer: unknown, sourceText: string): string {
  const value = typeof answer === 'object' && answer !== null ? (answer as { value?: unknown }).value : undefined;
  if (typeof value !== 'string' || !value.trim()) throw new RewriteError('invalid_output', 'The answer lacks a "value" string');
  if (field === 'metaDescription') return fitMetaDescription(value);
  if (field === 'title') {
    const title = stripTrailingPunctuation(stripHtml(value));
    if (title.length < REWRITE_LIMITS.titleMin || title.length > REWRITE_LIMITS.titleMax) {
      throw new RewriteError('invalid_output', `title must be ${REWRITE_LIMITS.titleMin}–${REWRITE_LIMITS.titleMax} characters (was ${title.length})`);
    }
    return title;
  }
  if (field === 'excerpt') {
    const excerpt = stripHtml(value);
    if (excerpt.length > REWRITE_LIMITS.excerptMax) throw new RewriteError('invalid_output', `excerpt must be at most ${REWRITE_LIMITS.excerptMax} characters`);
    return excerpt;
  }
  const content = sanitizeArticleHtml(value);
  if (!stripHtml(content)) throw new RewriteError('invalid_output', 'content is empty');
  const missing = findMissingNumbers(sourceText, stripHtml(content));
  if (missing.length) throw new RewriteError('numbers_dropped', `Numbers missing from the content: ${missing.join(', ')}`, { missingNumbers: missing });
  return content;
}
