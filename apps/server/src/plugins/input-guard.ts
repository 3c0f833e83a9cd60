import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// U+0000 (PostgreSQL refuses it in text) and UTF-16 halves without their partner (not
// text at all: they cannot be stored or encoded as UTF-8).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnsafe = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const INVALID_TEXT_MESSAGE = 'ورودی شامل نویسه‌های نامعتبر (نویسه تهی یا نیم‌جفت UTF-16) است';

/** True when any string (value or key) anywhere in `value` holds a NUL or a lone surrogate. */
export function hasUnsafeText(value: unknown): boolean {
  // Walked with a stack, not recursion: a deeply nested body must not exhaust the call stack.
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isUnsafe(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (isUnsafe(key)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

/**
 * Every route, before its own validation: text that no column can hold is refused here,
 * once, with a 400, instead of reaching the database as a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.params) || hasUnsafeText(request.query) || hasUnsafeText(request.body)) {
      throw new AppError('bad_request', INVALID_TEXT_MESSAGE);
    }
  });
}
