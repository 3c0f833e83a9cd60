// A local stand-in for t.me, for tests: serves the pages in e2e/fixtures/telegram
// and a few channels that misbehave on purpose (429, 500, a hanging response).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e/fixtures/telegram');
export const FIXTURE_CHANNEL = 'akhbar_rooz';

export interface FixtureServer {
  baseUrl: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** How many requests a path (without query) has had. */
  hits(pathname: string): number;
  reset(): void;
  close(): Promise<void>;
}

// t.me shows the whole album for any of its message ids.
const EMBED_ALIASES: Record<string, string> = { '104': '103', '105': '103' };

const MEDIA_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.mp4': 'video/mp4', '.ogg': 'audio/ogg' };

/**
 * Misbehaving channels, keyed by name; each answers by how many requests it has had:
 * - rate_limited: 429 with Retry-After: 1, then the page
 * - rate_limited_long: always 429 with Retry-After: 3600
 * - flaky_server: 500, then the page
 * - always_down: always 503
 * - slow_server: never answers
 * - private_channel: redirects to /private_channel, as t.me does without a preview
 * - answers_404: 404 for everything, as a misconfigured or filtered host might
 * - blank_page: 200 with a page that holds neither posts nor Telegram's 'Post not found'
 */
function misbehave(channel: string, count: number, res: ServerResponse): boolean {
  switch (channel) {
    case 'rate_limited':
      if (count > 1) return false;
      res.writeHead(429, { 'retry-after': '1' }).end('Too Many Requests');
      return true;
    case 'rate_limited_long':
      res.writeHead(429, { 'retry-after': '3600' }).end('Too Many Requests');
      return true;
    case 'flaky_server':
      if (count > 1) return false;
      res.writeHead(500).end('Internal Server Error');
      return true;
    case 'always_down':
      res.writeHead(503).end('Service Unavailable');
      return true;
    case 'slow_server':
      // Headers go out, the body never does: the timeout must cover the body too.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!DOCTYPE html><html><head>');
      return true;
    case 'private_channel':
      res.writeHead(302, { location: `/${channel}` }).end();
      return true;
    case 'answers_404':
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return true;
    case 'blank_page':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body><p>Please wait…</p></body></html>');
      return true;
    default:
      return false;
  }
}

async function channelPage(url: URL): Promise<string | undefined> {
  const before = url.searchParams.get('before');
  const after = url.searchParams.get('after');
  const file = before ? `channel-page-before-${before}.html` : after ? `channel-page-after-${after}.html` : 'channel-page.html';
  return readFile(path.join(FIXTURE_DIR, file), 'utf8').catch(() => undefined);
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: string[] = [];
  const counts = new Map<string, number>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local');
    requests.push(url.pathname + url.search);
    const count = (counts.get(url.pathname) ?? 0) + 1;
    counts.set(url.pathname, count);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

    const channelMatch = /^\/s\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (channelMatch) {
      if (misbehave(channelMatch[1], count, res)) return;
      const page = await channelPage(url);
      // An unknown cursor gets an empty history, as t.me gives past the end.
      return html(page ?? '<!DOCTYPE html><html><body><section class="tgme_channel_history js-message_history"></section></body></html>');
    }
    const embedMatch = /^\/([A-Za-z0-9_]+)\/(\d+)$/.exec(url.pathname);
    if (embedMatch && url.searchParams.get('embed') === '1') {
      if (misbehave(embedMatch[1], count, res)) return;
      const page = await readFile(path.join(FIXTURE_DIR, `embed-${EMBED_ALIASES[embedMatch[2]] ?? embedMatch[2]}.html`), 'utf8').catch(() => undefined);
      return html(page ?? (await readFile(path.join(FIXTURE_DIR, 'embed-not-found.html'), 'utf8')));
    }
    const mediaMatch = /^\/media\/([a-z0-9-]+\.(jpg|mp4|ogg))$/.exec(url.pathname);
    if (mediaMatch) {
      const body = await readFile(path.join(FIXTURE_DIR, 'media', mediaMatch[1])).catch(() => undefined);
      if (body) return res.writeHead(200, { 'content-type': MEDIA_TYPES[`.${mediaMatch[2]}`] }).end(body);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    hits: (pathname) => counts.get(pathname) ?? 0,
    reset: () => {
      requests.length = 0;
      counts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging responses keep their sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
