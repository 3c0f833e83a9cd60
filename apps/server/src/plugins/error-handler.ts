import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ltr } from '@chapar/shared/text';
import { AppError, type ErrorCode } from '../errors.ts';
import { FIELD_LABELS, PART_LABELS } from './field-labels.ts';
import { isPageAddress, plainPage, sendPlainPage, wantsPage } from './plain-page.ts';

/** The answer while the database does not answer (or has no room to write): nothing is wrong with the request. */
export const DATABASE_UNAVAILABLE = 'پایگاه داده در این لحظه در دسترس نیست؛ چند لحظه بعد دوباره تلاش کنید.';
/** Seconds a reader (or a crawler) is asked to wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * PostgreSQL's classes and codes for a connection lost or refused, a server shutting down, a full
 * disk, and a statement (or its wait for a lock) past its time limit.
 */
const UNAVAILABLE_SQLSTATE = /^(?:08...|57P0[1-3]|53100|53300|57014|55P03)$/;
/** node-postgres's own words for a connection it lost or could not make in time, or a query the server never answered. */
const POOL_TEXT = /^(?:Connection terminated|timeout exceeded when trying to connect|Query read timeout)/i;
/** A socket's or the disk's failure: the database's only when a query failed with it (other calls have their own answers). */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOSPC', 'EPIPE']);
const DISK_FULL_TEXT = /No space left on device/i;

/** Whether a failure (or what caused it: drizzle wraps the driver's error) is the database being out of reach or full. */
export function databaseUnavailable(error: unknown): boolean {
  const chain: Error[] = [];
  for (let e = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const query = chain.some((e) => e.name === 'DrizzleQueryError' || e.message.startsWith('Failed query:'));
  return chain.some((e) => {
    const code = String((e as { code?: unknown }).code ?? '');
    return UNAVAILABLE_SQLSTATE.test(code) || POOL_TEXT.test(e.message) || (query && (UNAVAILABLE_ERRNO.has(code) || DISK_FULL_TEXT.test(e.message)));
  });
}

/** A refused page address's heading; the text says why. */
const BAD_ADDRESS = 'نشانی نادرست است';

/**
 * Errors the router raises before any route or hook runs (a malformed percent-escape in the
 * path, an over-long parameter): the same {error, message} shape, without echoing the path, or
 * for a page's address a page saying the same.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    const message = 'نشانی درخواست نامعتبر است (کد درصدی نادرست)';
    if (wantsPage(request)) sendPlainPage(reply, 400, BAD_ADDRESS, message);
    else reply.status(400).send({ error: 'bad_request', message });
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // Only routes with parameters have the limit, and pages have none (their route is a wildcard).
    reply.status(414).send({ error: 'uri_too_long', message: 'نشانی درخواست بیش از حد طولانی است' });
  } else {
    request.log.error({ err }, 'router error');
    reply.status(500).send({ error: 'internal', message: 'خطای داخلی سرور. لطفاً دوباره تلاش کنید.' });
  }
}

/** What Node's HTTP parser refuses before there is a request: status, code and Persian text. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout', 'درخواست در زمان مجاز کامل نرسید'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'headers_too_large', 'نشانی یا سرآیندهای درخواست بیش از حد بزرگ است'];
  return [400, 'bad_request', 'درخواست نامعتبر است'];
}

/** The request line at the start of the bytes the parser refused: method and address. */
const REQUEST_LINE = /^([A-Z]+) (\S+)/;
/** An Accept header among those bytes (a browser's page request names text/html). */
const ACCEPT_HEADER = /\r\naccept:([^\r\n]*)/i;

/**
 * Whether the refused request was a reader opening a page: a GET or HEAD of a page's address
 * whose Accept (when it came before the cut) takes HTML. Node hands over only the bytes it
 * was reading; when they do not begin with the request line, the answer stays JSON.
 */
function refusedPage(raw: unknown): { head: boolean } | null {
  if (!Buffer.isBuffer(raw)) return null;
  const line = REQUEST_LINE.exec(raw.subarray(0, 2048).toString('latin1'));
  if (!line || !isPageAddress(line[1], line[2])) return null;
  const accept = ACCEPT_HEADER.exec(raw.toString('latin1'))?.[1];
  if (accept !== undefined && !/text\/html|\*\/\*/i.test(accept)) return null;
  return { head: line[1] === 'HEAD' };
}

/**
 * Fastify's clientErrorHandler: a request line or headers the parser cannot read (too large,
 * malformed, timed out) get the same {error, message} shape in Persian, or for a page's
 * address a page saying the same, then the connection closes, as Node and Fastify do by default.
 */
export function clientErrors(this: FastifyInstance, err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error, message] = clientErrorAnswer(err.code);
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const page = refusedPage(err.rawPacket);
    const body = page ? plainPage(BAD_ADDRESS, message) : JSON.stringify({ error, message });
    const headers = page ? 'Content-Type: text/html; charset=utf-8\r\nCache-Control: no-store' : 'Content-Type: application/json; charset=utf-8';
    const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\nConnection: close\r\n\r\n`;
    socket.write(page?.head ? head : head + body);
  }
  socket.destroy(err);
}

const PERSIAN = /[\u0600-\u06FF]/;

/** A validation message fit to show a reader: the contract's own when it is Persian, else `fallback`. */
export function persianOr(message: string | undefined, fallback: string): string {
  return message && PERSIAN.test(message) ? message : fallback;
}

/** What the framework's own refusals (body parsing, sizes, content types) say, in Persian. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  403: 'دسترسی به این نشانی مجاز نیست',
  406: 'قالب درخواست پذیرفته نیست',
  413: 'حجم درخواست بیش از حد مجاز است',
  415: `نوع محتوای درخواست پشتیبانی نمی‌شود (${ltr('JSON')} بفرستید)`,
};

/** The error code of each of those refusals: the one errors.ts names for its status. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = { 403: 'forbidden', 406: 'not_acceptable', 413: 'payload_too_large', 415: 'unsupported_media_type' };

const EXPECTED_TYPE: Record<string, string> = {
  number: 'باید عدد باشد', int: 'باید عدد صحیح باشد', string: 'باید متن باشد', boolean: 'باید درست یا نادرست باشد',
  object: 'باید یک شیء باشد', array: 'باید فهرست باشد', date: 'باید تاریخ باشد',
};

/**
 * A schema's own message when the contract gives one in Persian; otherwise what the check
 * (zod's issue code) means, in Persian — zod's defaults are English.
 */
function validationText(keyword: string, message: string | undefined, params: Record<string, unknown> | undefined): string {
  if (message && PERSIAN.test(message)) return message;
  switch (keyword) {
    case 'invalid_type': return EXPECTED_TYPE[String(params?.expected)] ?? 'نوع مقدار نادرست است';
    case 'too_big': return 'بیش از حد مجاز است';
    case 'too_small': return 'کمتر از حد مجاز است';
    case 'invalid_value': return 'مقدار مجاز نیست';
    case 'invalid_format': return 'قالب مقدار نادرست است';
    case 'unrecognized_keys': return `فیلد ناشناخته دارد${Array.isArray(params?.keys) ? `: ${ltr((params.keys as unknown[]).join(', ').slice(0, 100))}` : ''}`;
    case 'not_multiple_of': return 'مقدار مجاز نیست';
    default: return 'ورودی نامعتبر است';
  }
}

/**
 * The field a generic validation answer is about: its Persian name when it has one (the last
 * name in the path, not a list index), the request part's when the whole part is wrong,
 * else its path, isolated from the Persian text.
 */
function fieldName(part: string | undefined, instancePath: string | undefined): string {
  const path = (instancePath ?? '').split('/').filter(Boolean);
  if (!path.length) return PART_LABELS[part ?? ''] ?? ltr(part ?? 'request');
  const named = path.findLast((segment) => !/^\d+$/.test(segment));
  if (named && Object.hasOwn(FIELD_LABELS, named)) return FIELD_LABELS[named];
  return ltr(`${part ?? 'request'}.${path.join('.')}`);
}

/** One place that turns every failure into {error, message}; 5xx never leaks details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // A page's address refused before its render (text no column can hold): shown as a page.
      if (err.status === 400 && request.routeOptions.config?.page === true && wantsPage(request)) return sendPlainPage(reply, 400, BAD_ADDRESS, err.message);
      return reply.status(err.status).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const text = first ? validationText(first.keyword, first.message, first.params) : 'ورودی نامعتبر است';
      // The contract's own sentence names the field in Persian and is shown to people as it is;
      // a generic one says which field it is about.
      const own = Boolean(first?.message && PERSIAN.test(first.message));
      const message = own ? text : `${fieldName(err.validationContext, first?.instancePath)}: ${text}`;
      return reply.status(400).send({ error: 'validation_error', message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'invalid_json'
        : FRAMEWORK_CODES[status] ?? 'bad_request';
      const message = code === 'invalid_json' ? `بدنه درخواست ${ltr('JSON')} معتبر نیست` : PERSIAN.test(err.message) ? err.message : (FRAMEWORK_MESSAGES[status] ?? 'درخواست نامعتبر است');
      return reply.status(status).send({ error: code, message });
    }
    if (databaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: 'unavailable', message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'خطای داخلی سرور. لطفاً دوباره تلاش کنید.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `مسیر ${ltr(`${request.method} ${request.url.split('?')[0]}`)} یافت نشد` });
  });
}
