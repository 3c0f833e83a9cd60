import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ltr } from '@chapar/shared/text';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public page's route (the server-side rendered pages). */
    page?: boolean;
  }
}

// U+0000 (PostgreSQL refuses it in text) and UTF-16 halves without their partner (not
// text at all: they cannot be stored or encoded as UTF-8).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnsafe = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const INVALID_TEXT_MESSAGE = `ورودی شامل نویسه‌های نامعتبر (نویسه تهی یا نیم‌جفت ${ltr('UTF-16')}) است`;

/** The declared charset of a body, when it names one. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;
/** What every body is read as (Fastify's parsers ignore a declared charset); ASCII is a part of it. */
const READ_AS = /^(?:utf-?8|us-ascii)$/i;

export const charsetMessage = (charset: string) => `نویسه‌گذاری ${ltr(charset.slice(0, 40))} پشتیبانی نمی‌شود؛ بدنه را با ${ltr('UTF-8')} بفرستید`;

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
  // A body that says it is in another charset would be read as UTF-8 and stored garbled: refused.
  app.addHook('preParsing', async (request) => {
    const type = request.headers['content-type'];
    const charset = type?.includes('charset') ? CHARSET.exec(type)?.[1] : undefined;
    if (charset !== undefined && !READ_AS.test(charset)) throw new AppError('unsupported_media_type', charsetMessage(charset));
  });
  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.params) || hasUnsafeText(request.query) || hasUnsafeText(request.body)) {
      throw new AppError('bad_request', INVALID_TEXT_MESSAGE);
    }
  });
}

/** The addresses a page route leaves to others (the API, the admin area, built assets). */
const NOT_A_PAGE = /^\/(?:api|admin|assets)(?:\/|$)/;

/**
 * Where a public page's address with empty segments goes: the same address with the slashes
 * collapsed, unless that would start with a backslash (`//\evil.com` → `/\evil.com`, which
 * browsers read as another site) or is not a page.
 */
function collapsedPage(request: FastifyRequest, path: string, rest: string): string | undefined {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.config?.page !== true) return undefined;
  const collapsed = path.replace(/\/{2,}/g, '/');
  if (collapsed.startsWith('/\\') || NOT_A_PAGE.test(collapsed)) return undefined;
  // A Location header carries only ASCII.
  return `${collapsed}${rest}`.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}

/**
 * An address with an empty segment (`//x`, `/a//b`) is never a page or a route of its own. The
 * router matches it to no route but the pages' catch-all, and the page renderer read `//x/path`
 * as the address of a host x (a page for `/path`, kept under `//x/path`) and `//api/admin/...`
 * as an admin page outside the admin area. A public page answers 301 to the address with the
 * slashes collapsed, so a mistyped link still reaches its page; anything else answers 404.
 */
export function registerPathGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    const end = url.search(/[?#]/);
    const path = end === -1 ? url : url.slice(0, end);
    if (!path.includes('//')) return;
    const location = collapsedPage(request, path, end === -1 ? '' : url.slice(end));
    if (location) return reply.header('cache-control', 'public, max-age=3600').redirect(location, 301);
    throw new AppError('not_found', `مسیر ${ltr(`${request.method} ${path}`)} یافت نشد`);
  });
}
