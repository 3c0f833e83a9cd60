// A TelegramSource over channel pages saved on disk: {dir}/{channel}/page.html (the
// newest page), page-before-{id}.html for older ones, and media/ beside them. It runs
// the very parser the web preview uses, so bundled pages (the demo newsroom) go through
// the real pipeline without a network.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseChannelPage } from './parse-channel-page.ts';
import type { ChannelPage, FetchPageOptions, TelegramPost, TelegramSource } from './types.ts';

export interface DirectorySourceOptions {
  dir: string;
  /** Pages resolve media against this origin; downloadMedia maps it back to files. */
  origin?: string;
}

const CHANNEL_RE = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

export function createDirectorySource(options: DirectorySourceOptions): TelegramSource {
  const origin = (options.origin ?? 'https://bundled.chapar.invalid').replace(/\/+$/, '');
  const channelDir = (channel: string) => {
    if (!CHANNEL_RE.test(channel)) throw new Error(`'${channel}' is not a channel username`);
    return path.join(options.dir, channel);
  };
  const readPage = async (channel: string, file: string): Promise<ChannelPage> => {
    const html = await readFile(path.join(channelDir(channel), file), 'utf8').catch(() => '');
    return parseChannelPage(html, { pageUrl: `${origin}/${channel}/${file}` });
  };

  const source: TelegramSource = {
    async fetchPage(channel: string, page: FetchPageOptions = {}): Promise<ChannelPage> {
      if (page.after !== undefined) return { posts: [] };
      return readPage(channel, page.before !== undefined ? `page-before-${page.before}.html` : 'page.html');
    },
    async fetchPost(channel: string, messageId: number): Promise<TelegramPost | null> {
      // Walk the pages from the newest back; the bundles are a handful of pages.
      let page = await source.fetchPage(channel);
      for (let guard = 0; guard < 100; guard++) {
        const found = page.posts.find((p) => p.messageId === messageId || p.albumMessageIds?.includes(messageId));
        if (found) return found;
        if (!page.olderCursor) return null;
        page = await source.fetchPage(channel, { before: page.olderCursor });
      }
      return null;
    },
    async downloadMedia(url: string) {
      const parsed = new URL(url);
      if (parsed.origin !== origin) throw new Error(`${url} is not a bundled file`);
      const [, channel, , name] = parsed.pathname.split('/');
      if (!name || !/^[a-z0-9-]+\.(jpg|png|mp4|ogg)$/.test(name)) throw new Error(`${url} is not a bundled media file`);
      return readFile(path.join(channelDir(channel), 'media', name));
    },
  };
  return source;
}
