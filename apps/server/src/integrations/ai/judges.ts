// Two judgements asked of an OpenAI-compatible model: are two news reports the same
// story (for the duplicate detector's borderline pairs), and how good is an article
// (for content verification). Both answer JSON, checked before use.
import { createJsonChat, type RequestJson } from './json-chat.ts';
import { RewriteError } from './types.ts';

export interface AiJudgeConfig {
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel?: string;
  timeoutMs?: number;
}

export interface SameStoryVerdict {
  duplicate: boolean;
  /** 0..1 */
  confidence: number;
  reason: string;
}

export interface QualityVerdict {
  /** 0..10 */
  score: number;
  issues: string[];
}

export interface AiJudge {
  sameStory(a: { title: string; text: string }, b: { title: string; text: string }): Promise<SameStoryVerdict>;
  quality(article: { title: string; text: string }): Promise<QualityVerdict>;
}

const clip = (text: string, max = 1500) => (text.length > max ? `${text.slice(0, max)}…` : text);

function number01(value: unknown, max: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max) throw new RewriteError('invalid_output', `a number from 0 to ${max} was expected`);
  return n;
}

/** The model's judge when AI_BASE_URL and AI_API_KEY are set; null otherwise. */
export function createAiJudge(config: AiJudgeConfig): AiJudge | null {
  const baseUrl = config.aiBaseUrl?.trim();
  const apiKey = config.aiApiKey?.trim();
  if (!baseUrl || !apiKey) return null;
  const ask: RequestJson = createJsonChat({
    baseUrl, apiKey, model: config.aiModel?.trim() || 'gpt-4o-mini', timeoutMs: config.timeoutMs ?? 20_000, maxRetries: 1, temperature: 0,
  });
  return {
    sameStory: (a, b) => ask([
      {
        role: 'system',
        content: 'You compare two Persian news reports. Answer JSON {"duplicate": boolean, "confidence": number 0..1, "reason": string in Persian}. '
          + 'duplicate is true only when both report the same event (same place, people, figures and time), however differently worded; '
          + 'two events of the same kind (two earthquakes, two matches) are not duplicates.',
      },
      { role: 'user', content: `گزارش اول:\n${a.title}\n${clip(a.text)}\n\nگزارش دوم:\n${b.title}\n${clip(b.text)}` },
    ], (value) => {
      if (typeof value.duplicate !== 'boolean') throw new RewriteError('invalid_output', 'duplicate must be true or false');
      return { duplicate: value.duplicate, confidence: number01(value.confidence, 1), reason: typeof value.reason === 'string' ? value.reason.slice(0, 300) : '' };
    }),
    quality: (article) => ask([
      {
        role: 'system',
        content: 'You are a Persian news editor. Rate the article for a reader from 0 to 10: specific (named people, places, figures, dates), factual, complete, '
          + 'well structured, no channel chatter. Answer JSON {"score": number 0..10, "issues": [short Persian sentences]}.',
      },
      { role: 'user', content: `${article.title}\n\n${clip(article.text, 3000)}` },
    ], (value) => ({
      score: number01(value.score, 10),
      issues: Array.isArray(value.issues) ? value.issues.filter((i): i is string => typeof i === 'string').map((i) => i.slice(0, 200)).slice(0, 5) : [],
    })),
  };
}
