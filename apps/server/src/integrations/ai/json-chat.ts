// One JSON answer from an OpenAI-compatible chat-completions endpoint, with our
// own retries (the SDK's are off, so they are visible and testable): timeouts,
// 429 and 5xx wait with exponential backoff; an answer that is not JSON or
// fails the caller's checks is sent back with the reason and asked again.
import { setTimeout as sleep } from 'node:timers/promises';
import type OpenAI from 'openai';
import { feedbackFor } from './prompt.ts';
import { RewriteError } from './types.ts';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

export interface JsonChatOptions {
  /** AI_BASE_URL, including the version path: 'https://api.openai.com/v1'. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per attempt, covering the whole answer. */
  timeoutMs?: number;
  /** Retries after the first attempt, whatever went wrong. */
  maxRetries?: number;
  backoffBaseMs?: number;
  /** Longest Retry-After (on 429) we wait; longer ones are cut to this. */
  maxRetryAfterMs?: number;
  /** Low by default, for a faithful rewrite; null leaves it out for models that refuse it. */
  temperature?: number | null;
}

/** Validates a parsed answer; throws RewriteError to have the model try again. */
export type AcceptAnswer<T> = (value: Record<string, unknown>) => T;

export type RequestJson = <T>(messages: Message[], accept: AcceptAnswer<T>) => Promise<T>;

interface Failure {
  error: RewriteError;
  retryable: boolean;
  retryAfterMs?: number;
}

export function createJsonChat(options: JsonChatOptions): RequestJson {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const attempts = (options.maxRetries ?? 2) + 1;
  const backoffBaseMs = options.backoffBaseMs ?? 1_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  // The SDK is loaded with the first request (0.07 s that start-up need not wait for).
  let connected: Promise<{ sdk: typeof OpenAI; client: OpenAI }> | undefined;
  const connect = () => (connected ??= import('openai').then(({ default: sdk }) => ({
    sdk,
    client: new sdk({ baseURL: options.baseUrl, apiKey: options.apiKey, timeout: timeoutMs, maxRetries: 0 }),
  })));

  async function complete(messages: Message[]): Promise<{ ok: true; answer: string } | { ok: false; failure: Failure }> {
    const { sdk, client } = await connect();
    // The SDK's timeout stops at the headers; this signal also covers the body.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          response_format: { type: 'json_object' },
          ...(options.temperature === null ? {} : { temperature: options.temperature ?? 0.2 }),
        },
        { signal, timeout: timeoutMs, maxRetries: 0 },
      );
      return { ok: true, answer: completion.choices[0]?.message?.content ?? '' };
    } catch (error) {
      return { ok: false, failure: classify(sdk, error, signal.aborted, timeoutMs) };
    }
  }

  return async function requestJson<T>(messages: Message[], accept: AcceptAnswer<T>): Promise<T> {
    let conversation = messages;
    for (let attempt = 1; ; attempt++) {
      const reply = await complete(conversation);
      let failure: Failure;
      if (reply.ok) {
        try {
          return accept(parseJsonObject(reply.answer));
        } catch (error) {
          if (!(error instanceof RewriteError)) throw error;
          failure = { error, retryable: true };
        }
      } else {
        failure = reply.failure;
      }
      if (!failure.retryable || attempt >= attempts) throw withAttempts(failure.error, attempt);

      if (reply.ok) {
        // The model answered, but badly: show it its answer and what was wrong.
        conversation = [...messages, { role: 'assistant', content: reply.answer }, { role: 'user', content: feedbackFor(failure.error) }];
      } else {
        // Wait out Retry-After when given (up to the cap), never less than the backoff.
        const backoff = backoffBaseMs * 2 ** (attempt - 1);
        await sleep(Math.max(backoff, Math.min(failure.retryAfterMs ?? 0, maxRetryAfterMs)));
      }
    }
  };
}

/** The answer as a JSON object; models sometimes wrap it in a ```json fence. */
export function parseJsonObject(answer: string): Record<string, unknown> {
  const text = answer.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RewriteError('invalid_output', text ? 'The answer is not valid JSON' : 'The answer is empty');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new RewriteError('invalid_output', 'The answer is not a JSON object');
  return value as Record<string, unknown>;
}

function classify(sdk: typeof OpenAI, error: unknown, deadlinePassed: boolean, timeoutMs: number): Failure {
  if (deadlinePassed || error instanceof sdk.APIConnectionTimeoutError || error instanceof sdk.APIUserAbortError) {
    return { error: new RewriteError('timeout', `No answer within ${timeoutMs} ms`, { cause: error }), retryable: true };
  }
  if (error instanceof sdk.APIConnectionError) {
    return { error: new RewriteError('upstream', `Could not reach the AI endpoint: ${error.message}`, { cause: error }), retryable: true };
  }
  if (error instanceof sdk.APIError) {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) {
      return { error: new RewriteError('unauthorized', `The AI endpoint refused the key (${status})`, { cause: error }), retryable: false };
    }
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const retryAfter = Number(error.headers?.get('retry-after'));
    return {
      error: new RewriteError('upstream', `The AI endpoint answered ${status}`, { cause: error }),
      retryable,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    };
  }
  return { error: new RewriteError('upstream', `The AI request failed: ${String(error)}`, { cause: error }), retryable: true };
}

function withAttempts(error: RewriteError, attempts: number): RewriteError {
  return new RewriteError(error.code, error.message, { attempts, missingNumbers: error.missingNumbers, cause: error.cause });
}
