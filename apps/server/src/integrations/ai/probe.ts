// Can the configured AI endpoint do the job? Listing models proves little (an endpoint can
// list them and still answer garbage), so the system-health page asks for one tiny
// structured answer, exactly as the rewriter does (a JSON chat completion), and checks it:
// the sum of two numbers chosen for this probe, and a token to echo. One request, no
// retries, a few tokens; the caller keeps the result for a few minutes.
import { randomBytes, randomInt } from 'node:crypto';
import { createJsonChat } from './json-chat.ts';
import { RewriteError, type RewriteErrorCode } from './types.ts';

export interface AiProbe {
  /** The endpoint answered, in JSON, with the right sum and token. */
  ok: boolean;
  /** Answered, but refused the key (401/403). */
  unauthorized: boolean;
  /** What went wrong (Persian, for the health page). */
  error?: string;
  code?: RewriteErrorCode;
}

export interface AiProbeOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

const REASONS: Record<RewriteErrorCode, string> = {
  invalid_output: 'پاسخ مدل پذیرفتنی نبود',
  numbers_dropped: 'پاسخ مدل پذیرفتنی نبود',
  empty_input: 'پاسخ مدل پذیرفتنی نبود',
  timeout: 'مدل در زمان مقرر پاسخ نداد',
  upstream: 'سرویس هوش مصنوعی پاسخ درستی نداد',
  unauthorized: 'سرویس هوش مصنوعی کلید API را نپذیرفت',
};

/** The probe's question: the numbers and token are fresh each time, so no canned answer passes. */
export function probeQuestion(a = randomInt(10, 100), b = randomInt(10, 100), token = randomBytes(4).toString('hex')) {
  return {
    a, b, token,
    messages: [
      { role: 'system' as const, content: 'You are a service health check. Answer with one JSON object and nothing else.' },
      { role: 'user' as const, content: `Add ${a} and ${b}. Answer with exactly this JSON object: {"sum": <the sum as a number>, "echo": "${token}"}` },
    ],
  };
}

export async function probeAiEndpoint(options: AiProbeOptions): Promise<AiProbe> {
  const ask = createJsonChat({ ...options, timeoutMs: options.timeoutMs ?? 15_000, maxRetries: 0, temperature: 0 });
  const { a, b, token, messages } = probeQuestion();
  try {
    await ask(messages, (answer) => {
      if (answer.echo !== token) throw new RewriteError('invalid_output', `echo should be "${token}", got ${JSON.stringify(answer.echo)}`);
      if (Number(answer.sum) !== a + b) throw new RewriteError('invalid_output', `sum of ${a} and ${b} should be ${a + b}, got ${JSON.stringify(answer.sum)}`);
      return true;
    });
    return { ok: true, unauthorized: false };
  } catch (error) {
    if (!(error instanceof RewriteError)) throw error;
    return { ok: false, unauthorized: error.code === 'unauthorized', code: error.code, error: `${REASONS[error.code]} (${error.message})` };
  }
}
