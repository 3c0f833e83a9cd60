// TELEGRAM_PROXY_URL end to end: the t.me/s reader and the media download really pass through
// a local SOCKS5 or HTTP proxy (the proxy sees each tunnel), the host rules still hold, and with
// the proxy gone the reader fails as unreachable, never as 'not found'.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CHANNEL, startFixtureServer, type FixtureServer } from '../../../testing/telegram-fixture-server.ts';
import { startHttpConnectProxy, startSocks5Proxy, type TestProxy } from '../../../testing/proxy-servers.ts';
import { TELEGRAM_MEDIA_HOSTS } from './address-policy.ts';
import { parseProxyUrl, type TelegramProxy } from './proxy-settings.ts';
import { fetchMediaSafely, MediaFetchError, type MediaFetchPolicy } from './safe-media-fetch.ts';
import { TelegramFetchError } from './telegram-fetch-error.ts';
import { createWebPreviewSource } from './web-preview-source.ts';

let pages: FixtureServer;
let media: FixtureServer;
const proxies: TestProxy[] = [];
beforeAll(async () => {
  pages = await startFixtureServer();
  // Media on another origin, so its download needs a tunnel of its own.
  media = await startFixtureServer();
});
afterAll(async () => {
  await pages?.close();
  await media?.close();
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  pages.reset();
  media.reset();
});

const hostPort = (base: string) => new URL(base).host;

function settingOf(url: string): TelegramProxy {
  const parsed = parseProxyUrl(url);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

async function start(kind: 'socks5' | 'http', credentials?: { username: string; password: string }) {
  const proxy = kind === 'socks5' ? await startSocks5Proxy(credentials) : await startHttpConnectProxy(credentials);
  proxies.push(proxy);
  return { proxy, setting: settingOf(proxy.url) };
}

const reader = (proxy: TelegramProxy) => createWebPreviewSource({ baseUrl: pages.baseUrl, proxy, timeoutMs: 2_000, maxRetries: 1, backoffBaseMs: 20 });
const policy = (proxy: TelegramProxy): MediaFetchPolicy => ({
  allowedHosts: [...TELEGRAM_MEDIA_HOSTS, '127.0.0.1'], trustedOrigins: [pages.baseUrl, media.baseUrl], maxBytes: 5_000_000, timeoutMs: 2_000, proxy,
});

async function rejection<T>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe.each(['socks5', 'http'] as const)('through a %s proxy', (kind) => {
  it('reads a channel page and downloads media, each through a tunnel the proxy opened', async () => {
    const { proxy, setting } = await start(kind);
    const page = await reader(setting).fetchPage(FIXTURE_CHANNEL);
    expect(page.posts).toHaveLength(13);
    expect(proxy.connects).toEqual([hostPort(pages.baseUrl)]);

    const file = await fetchMediaSafely(`${media.baseUrl}/media/dollar-market.jpg`, policy(setting));
    expect(file.contentType).toBe('image/jpeg');
    expect(file.body.length).toBeGreaterThan(1000);
    expect(proxy.connects).toEqual([hostPort(pages.baseUrl), hostPort(media.baseUrl)]);
    expect(media.requests).toEqual(['/media/dollar-market.jpg']);
  });

  it('keeps the host rules: a foreign host or a private address is refused before the proxy is asked', async () => {
    const { proxy, setting } = await start(kind);
    expect((await rejection(fetchMediaSafely('https://evil.example/a.jpg', policy(setting)), MediaFetchError)).code).toBe('host_not_allowed');
    const privateIp = { ...policy(setting), allowedHosts: ['10.1.2.3'] };
    expect((await rejection(fetchMediaSafely('http://10.1.2.3/a.jpg', privateIp), MediaFetchError)).code).toBe('private_address');
    expect(proxy.connects).toEqual([]);
    expect(proxy.refused).toEqual([]);
  });

  it('passes the user name and password, and a wrong password gets no page', async () => {
    const credentials = { username: 'chapar', password: 'p@ss:word/1' };
    const { proxy, setting } = await start(kind, credentials);
    expect((await reader(setting).fetchPage(FIXTURE_CHANNEL)).posts).toHaveLength(13);
    expect(proxy.connects).toHaveLength(1);

    const wrong = await rejection(reader({ ...setting, password: 'wrong' }).fetchPage(FIXTURE_CHANNEL), TelegramFetchError);
    expect(wrong.transient).toBe(true);
    expect(proxy.refused).toContain('auth');
    expect(proxy.connects).toHaveLength(1);
  });

  it('with the proxy stopped, the reader fails as unreachable (not as a missing channel)', async () => {
    const { proxy, setting } = await start(kind);
    const source = reader(setting);
    expect((await source.fetchPage(FIXTURE_CHANNEL)).posts).toHaveLength(13);
    await proxy.close();
    pages.reset();
    const error = await rejection(source.fetchPage(FIXTURE_CHANNEL), TelegramFetchError);
    expect(error.code).toBe('network');
    expect(error.transient).toBe(true);
    // Nothing reached the page server directly.
    expect(pages.requests).toEqual([]);
    expect((await rejection(fetchMediaSafely(`${media.baseUrl}/media/dollar-market.jpg`, policy(setting)), MediaFetchError)).code).toBe('network');
  });
});
