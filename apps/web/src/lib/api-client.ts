import type { QueryClient } from '@tanstack/react-query';
import { pathOfRead, type PageRead } from '@chapar/shared/page-reads';

/**
 * A non-OK answer. `message` follows spec 01 §8 ('404: {body}'); `serverMessage` is the
 * Persian `message` of the server's JSON error body, for toasts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | null,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Answers a page's read: a GET of its API path in the browser, the services themselves on the server. */
export type JsonFetcher = (read: PageRead) => Promise<unknown>;

function serverMessageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: no server message.
  }
  return null;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, text || res.statusText, serverMessageOf(text));
}

/** Every call includes cookies; the JSON content type is set only when a body exists (spec 01 §7). */
export async function apiRequest<T>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

const browserFetcher: JsonFetcher = (read) => apiRequest('GET', pathOfRead(read));

// Each QueryClient may carry its own transport: the server gives every request's client
// an in-process fetcher, the browser uses fetch.
const transports = new WeakMap<QueryClient, JsonFetcher>();

export function setTransport(client: QueryClient, fetcher: JsonFetcher): void {
  transports.set(client, fetcher);
}

/** A typed read (the article's, the lists'), through the client's transport. */
export function readData<T>(client: QueryClient, read: PageRead): Promise<T> {
  return (transports.get(client) ?? browserFetcher)(read) as Promise<T>;
}

/** The default read: a GET to the path (spec 01 §7), through the client's transport. */
export function getJson<T>(client: QueryClient, path: string): Promise<T> {
  return readData(client, { read: 'api', path });
}

/** Builds '/api/x?a=1&b=2', leaving out empty values. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
