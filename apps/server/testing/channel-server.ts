// A local stand-in for t.me that tests can change while it runs: posts edited, deleted
// or published later, and Telegraph pages. It serves the fixture channel of
// e2e/fixtures/telegram (@akhbar_rooz) and answers the single-post widget for any post
// on its pages, as t.me does.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FIXTURE_DIR } from './telegram-fixture-server.ts';

export const CHANNEL = 'akhbar_rooz';
const WRAP = '<div class="tgme_widget_message_wrap js-widget_message_wrap">';
const MEDIA_TYPES: Record<string, string> = { jpg: 'image/jpeg', mp4: 'video/mp4', ogg: 'audio/ogg' };

export interface ChannelServer {
  baseUrl: string;
  requests: string[];
  /** Replaces text inside one post's markup (its text changes: an edit). */
  edit(messageId: number, from: string, to: string): void;
  /** Takes a post off the channel (pages and the single-post widget). */
  remove(messageId: number): void;
  /** Puts posts 117–119 (published later) on the newest page. */
  publishNewer(): void;
  /** The channel's pages show their frame without a post (a throttled answer) while `on`. */
  blank(on: boolean): void;
  /** Serves an HTML page at this path (a Telegraph article). */
  page(pathname: string, html: string): void;
  /** Paths starting with `prefix` answer 500 while `on` (the media CDN or a Telegraph page down). */
  fail(prefix: string, on: boolean): void;
  close(): Promise<void>;
}

/** Splits a page into its head, its message blocks keyed by id, and its tail. */
function split(html: string) {
  const first = html.indexOf(WRAP);
  const end = html.lastIndexOf('</section>');
  const blocks = html.slice(first, end).split(WRAP).filter((b) => b.trim()).map((b) => WRAP + b);
  const id = (block: string) => Number(/data-post="[A-Za-z0-9_]+\/(\d+)"/.exec(block)?.[1] ?? 0);
  return { head: html.slice(0, first), tail: html.slice(end), blocks: blocks.map((block) => ({ id: id(block), block })) };
}

export async function startChannelServer(): Promise<ChannelServer> {
  const read = (name: string) => split(readFileSync(path.join(FIXTURE_DIR, name), 'utf8'));
  const latest = read('channel-page.html');
  const older = read('channel-page-before-101.html');
  const newer = read('channel-page-after-116.html');
  const edits = new Map<number, Array<[string, string]>>();
  const removed = new Set<number>();
  const pages = new Map<string, string>();
  const failing = new Set<string>();
  const requests: string[] = [];
  let newerPublished = false;
  let blank = false;

  const render = (part: ReturnType<typeof split>, extra: ReturnType<typeof split>['blocks'] = []) => {
    const blocks = [...part.blocks, ...extra].filter((b) => !removed.has(b.id)).map((b) => {
      let block = b.block;
      for (const [from, to] of edits.get(b.id) ?? []) block = block.split(from).join(to);
      return block;
    });
    return part.head + blocks.join('') + part.tail;
  };
  const embed = (id: number) => {
    const album: Record<number, number> = { 104: 103, 105: 103 };
    const target = album[id] ?? id;
    const all = [...older.blocks, ...latest.blocks, ...(newerPublished ? newer.blocks : [])];
    const found = all.find((b) => b.id === target && !removed.has(target));
    if (!found) return readFileSync(path.join(FIXTURE_DIR, 'embed-not-found.html'), 'utf8');
    return render({ head: '<!DOCTYPE html><html><body><section>', tail: '</section></body></html>', blocks: [found] });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(url.pathname + url.search);
    if ([...failing].some((prefix) => url.pathname.startsWith(prefix))) return res.writeHead(500).end('Internal Server Error');
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url.pathname === `/s/${CHANNEL}`) {
      if (blank) return html('<section class="tgme_channel_history"></section>');
      if (url.searchParams.get('before') === '101') return html(render(older));
      if (url.searchParams.has('before') || url.searchParams.has('after')) return html('<section class="tgme_channel_history"></section>');
      return html(render(latest, newerPublished ? newer.blocks : []));
    }
    const post = new RegExp(`^/${CHANNEL}/(\\d+)$`).exec(url.pathname);
    if (post && url.searchParams.get('embed') === '1') return html(embed(Number(post[1])));
    const media = /^\/media\/([a-z0-9-]+)\.(jpg|mp4|ogg)$/.exec(url.pathname);
    if (media) {
      readFile(path.join(FIXTURE_DIR, 'media', `${media[1]}.${media[2]}`)).then(
        (body) => res.writeHead(200, { 'content-type': MEDIA_TYPES[media[2]] }).end(body),
        () => res.writeHead(404).end(),
      );
      return;
    }
    const page = pages.get(url.pathname);
    if (page) return html(page);
    res.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    edit: (id, from, to) => edits.set(id, [...(edits.get(id) ?? []), [from, to]]),
    remove: (id) => removed.add(id),
    publishNewer: () => { newerPublished = true; },
    blank: (on) => { blank = on; },
    page: (pathname, body) => pages.set(pathname, body),
    fail: (prefix, on) => (on ? failing.add(prefix) : failing.delete(prefix)),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
