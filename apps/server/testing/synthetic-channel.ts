// A local stand-in for t.me serving one channel of `count` generated posts (ids 1…count, newest
// page first, `pageSize` per page, paged with ?before=), and the single-post widget. Tests
// delete posts, hide them from the pages only, or make the host misbehave as Telegram and the
// networks in front of it do: 404s, 500s, redirects, blank pages, pages that come back empty.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type HostMode = 'normal' | 'answers_404' | 'answers_500' | 'redirects' | 'blank';

export interface SyntheticChannel {
  baseUrl: string;
  channel: string;
  requests: string[];
  /** Deleted at the source: off the pages, and the widget says 'Post not found'. */
  remove(...ids: number[]): void;
  /** Left off the pages only (the widget still shows them), as a page sometimes does. */
  hideFromPages(...ids: number[]): void;
  /** How the channel pages answer. */
  pages(mode: HostMode | 'empty'): void;
  /** How the single-post widget answers; 'not_found' says 'Post not found' for every post. */
  posts(mode: HostMode | 'not_found'): void;
  /** Every post back, both answering normally. */
  reset(): void;
  close(): Promise<void>;
}

const text = (id: number) => `خبر شمارهٔ ${id} از کانال آزمایشی: گزارش روز ${id} دربارهٔ رویدادهای شهر و کشور`;

function block(channel: string, id: number): string {
  const date = new Date(Date.UTC(2026, 10, 1, 0, id)).toISOString();
  return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message js-widget_message" data-post="${channel}/${id}">`
    + `<div class="tgme_widget_message_text js-message_text" dir="auto">${text(id)}</div>`
    + `<div class="tgme_widget_message_footer"><span class="tgme_widget_message_views">1.2K</span>`
    + `<a class="tgme_widget_message_date" href="https://t.me/${channel}/${id}"><time datetime="${date}" class="time"></time></a></div></div></div>`;
}

const NOT_FOUND = '<!DOCTYPE html><html><body class="body_widget_post"><div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message_error">Post not found</div></div></body></html>';
const BLANK = '<!DOCTYPE html><html><body><p>Please wait…</p></body></html>';

export async function startSyntheticChannel(opts: { channel?: string; count?: number; pageSize?: number } = {}): Promise<SyntheticChannel> {
  const channel = opts.channel ?? 'test_channel_x';
  const count = opts.count ?? 50;
  const pageSize = opts.pageSize ?? 20;
  const removed = new Set<number>();
  const hidden = new Set<number>();
  const requests: string[] = [];
  let pageMode: HostMode | 'empty' = 'normal';
  let postMode: HostMode | 'not_found' = 'normal';

  const misbehave = (mode: string, res: import('node:http').ServerResponse): boolean => {
    if (mode === 'answers_404') res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    else if (mode === 'answers_500') res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    else if (mode === 'redirects') res.writeHead(302, { location: `/${channel}` }).end();
    else if (mode === 'blank') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BLANK);
    else return false;
    return true;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(url.pathname + url.search);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url.pathname === `/s/${channel}`) {
      if (misbehave(pageMode, res)) return;
      const before = Number(url.searchParams.get('before') ?? count + 1);
      const shown: number[] = [];
      for (let id = Math.min(before - 1, count); id >= 1 && shown.length < pageSize; id--) shown.unshift(id);
      const visible = pageMode === 'empty' ? [] : shown.filter((id) => !removed.has(id) && !hidden.has(id));
      const more = shown.length && shown[0] > 1 ? `<div class="tgme_widget_message_centered js-messages_more_wrap"><a href="/s/${channel}?before=${shown[0]}" class="tme_messages_more js-messages_more" data-before="${shown[0]}"></a></div>` : '';
      return html(`<!DOCTYPE html><html><body><main><section class="tgme_channel_history js-message_history">${more}${visible.map((id) => block(channel, id)).join('')}</section></main></body></html>`);
    }
    const post = new RegExp(`^/${channel}/(\\d+)$`).exec(url.pathname);
    if (post && url.searchParams.get('embed') === '1') {
      if (misbehave(postMode, res)) return;
      const id = Number(post[1]);
      if (postMode === 'not_found' || removed.has(id) || id < 1 || id > count) return html(NOT_FOUND);
      return html(`<!DOCTYPE html><html><body class="body_widget_post">${block(channel, id)}</body></html>`);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    channel,
    requests,
    remove: (...ids) => ids.forEach((id) => removed.add(id)),
    hideFromPages: (...ids) => ids.forEach((id) => hidden.add(id)),
    pages: (mode) => { pageMode = mode; },
    posts: (mode) => { postMode = mode; },
    reset: () => {
      removed.clear();
      hidden.clear();
      pageMode = 'normal';
      postMode = 'normal';
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
