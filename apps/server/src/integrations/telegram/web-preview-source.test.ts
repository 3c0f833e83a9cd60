import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CHANNEL, startFixtureServer, type FixtureServer } from '../../../testing/telegram-fixture-server.ts';
import { TelegramFetchError } from './telegram-fetch-error.ts';
import { createWebPreviewSource } from './web-preview-source.ts';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const source = (overrides: Parameters<typeof createWebPreviewSource>[0] = {}) =>
  createWebPreviewSource({ baseUrl: server.baseUrl, timeoutMs: 2_000, maxRetries: 2, backoffBaseMs: 20, ...overrides });

async function failure(promise: Promise<unknown>): Promise<TelegramFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TelegramFetchError);
  return error as TelegramFetchError;
}

describe('createWebPreviewSource: pages', () => {
  it('fetches the latest page and resolves media against the base URL', async () => {
    const page = await source().fetchPage(FIXTURE_CHANNEL);
    expect(page.posts).toHaveLength(13);
    expect(page.posts.find((p) => p.messageId === 103)?.photos).toHaveLength(3);
    expect(page.posts.find((p) => p.messageId === 102)?.photos[0].url).toBe(`${server.baseUrl}/media/dollar-market.jpg`);
    expect(server.requests).toEqual([`/s/${FIXTURE_CHANNEL}`]);
  });

  it('pages back with ?before= and forward with ?after=', async () => {
    const tg = source();
    const latest = await tg.fetchPage(`@${FIXTURE_CHANNEL}`);
    const older = await tg.fetchPage(FIXTURE_CHANNEL, { before: latest.olderCursor });
    expect(older.posts.map((p) => p.messageId)).toEqual([96, 97, 98, 99, 100]);
    expect(older.posts.every((p) => p.messageId < 101)).toBe(true);
    expect(older.olderCursor).toBeUndefined();

    const lastId = latest.posts.at(-1)?.messageId;
    const newer = await tg.fetchPage(FIXTURE_CHANNEL, { after: lastId });
    expect(newer.posts.map((p) => p.messageId)).toEqual([117, 118, 119]);
    expect(server.requests).toEqual([`/s/${FIXTURE_CHANNEL}`, `/s/${FIXTURE_CHANNEL}?before=101`, `/s/${FIXTURE_CHANNEL}?after=116`]);
  });

  it('refuses names that are not channel usernames without asking Telegram', async () => {
    const error = await failure(source().fetchPage('../admin'));
    expect(error.code).toBe('invalid_channel');
    expect(server.requests).toEqual([]);
  });

  it('reports a channel without public preview as not_found', async () => {
    const error = await failure(source().fetchPage('private_channel'));
    expect(error.code).toBe('not_found');
    expect(error.transient).toBe(false);
  });

  it('takes a 200 that is no channel page (empty, blank) for a failed read to try again, not for a missing channel', async () => {
    const error = await failure(source().fetchPage('blank_page'));
    expect(error.code).toBe('upstream');
    expect(error.transient).toBe(true);
  });
});

describe('createWebPreviewSource: single posts', () => {
  it('fetches one post through the embed widget', async () => {
    const post = await source().fetchPost(FIXTURE_CHANNEL, 113);
    expect(post?.replyTo).toBe(111);
    expect(server.requests).toEqual([`/${FIXTURE_CHANNEL}/113?embed=1`]);
  });

  it('finds an album by a member id and returns null for a missing post', async () => {
    const tg = source();
    expect((await tg.fetchPost(FIXTURE_CHANNEL, 104))?.photos).toHaveLength(3);
    expect(await tg.fetchPost(FIXTURE_CHANNEL, 999)).toBeNull();
  });

  it('answers null only for Telegram\'s own "Post not found"; a 404, a redirect or a blank page is inconclusive', async () => {
    for (const channel of ['answers_404', 'private_channel', 'blank_page']) {
      const error = await failure(source().fetchPost(channel, 5));
      expect(error.code, channel).toBe('inconclusive');
    }
  });
});

describe('createWebPreviewSource: failures', () => {
  it('waits for Retry-After on 429, then succeeds', async () => {
    const started = Date.now();
    const page = await source().fetchPage('rate_limited');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(page.posts.length).toBeGreaterThan(0);
    expect(server.hits('/s/rate_limited')).toBe(2);
  });

  it('fails fast with rate_limited when Retry-After is longer than the cap', async () => {
    const error = await failure(source({ maxRetryAfterMs: 5_000 }).fetchPage('rate_limited_long'));
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.transient).toBe(true);
    expect(server.hits('/s/rate_limited_long')).toBe(1);
  });

  it('retries a 500 and succeeds', async () => {
    const page = await source().fetchPage('flaky_server');
    expect(page.posts.length).toBeGreaterThan(0);
    expect(server.hits('/s/flaky_server')).toBe(2);
  });

  it('gives up on persistent 5xx after maxRetries with backoff', async () => {
    const started = Date.now();
    const error = await failure(source({ maxRetries: 2, backoffBaseMs: 50 }).fetchPage('always_down'));
    expect(error.code).toBe('upstream');
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(server.hits('/s/always_down')).toBe(3);
    // 50 ms, then 100 ms between the three attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('times out a response that never finishes, on every attempt', async () => {
    const started = Date.now();
    const error = await failure(source({ timeoutMs: 200, maxRetries: 1, backoffBaseMs: 10 }).fetchPage('slow_server'));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(server.hits('/s/slow_server')).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('reports an unreachable host as a network error', async () => {
    const error = await failure(createWebPreviewSource({ baseUrl: 'http://127.0.0.1:9', maxRetries: 1, backoffBaseMs: 5 }).fetchPage(FIXTURE_CHANNEL));
    expect(error.code).toBe('network');
    expect(error.attempts).toBe(2);
  });
});
