// The service worker's push handlers (public/sw.js), run in a sandbox with the worker's globals
// stood in for: a message is shown as a Persian notification of the article, a click opens the
// article (or focuses the tab showing it), and nothing but the site's own pages is ever opened.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://chapar.example';

type Handler = (event: Record<string, unknown>) => void;

function loadWorker(windows: Array<{ url: string; focus: () => Promise<unknown> }> = []) {
  const handlers = new Map<string, Handler>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url), claim: async () => undefined },
    skipWaiting: () => undefined,
  };
  vm.runInNewContext(SOURCE, { self, URL, caches: {}, fetch, Response, Headers, console });
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => { work = p; } });
    await work;
  };
  return { fire, shown, opened };
}

const pushEvent = (message: unknown) => ({ data: { json: () => (typeof message === 'string' ? JSON.parse(message) : message) } });

describe('the service worker and breaking news', () => {
  it('shows the message as a right-to-left Persian notification that keeps the article\'s address', async () => {
    const worker = loadWorker();
    await worker.fire('push', pushEvent({ title: 'خبر فوری | چاپار', body: 'زلزله در کرمان', url: '/article/زلزله-12', tag: 'breaking-12' }));
    expect(worker.shown).toEqual([{
      title: 'خبر فوری | چاپار',
      options: { body: 'زلزله در کرمان', dir: 'rtl', lang: 'fa', icon: '/favicon.svg', tag: 'breaking-12', data: { url: new URL('/article/زلزله-12', ORIGIN).href } },
    }]);
  });

  it('opens the article on click, or focuses a tab already showing it', async () => {
    const url = new URL('/article/زلزله-12', ORIGIN).href;
    const closed: boolean[] = [];
    const notification = { data: { url }, close: () => closed.push(true) };
    const fresh = loadWorker([{ url: `${ORIGIN}/`, focus: async () => undefined }]);
    await fresh.fire('notificationclick', { notification });
    expect(fresh.opened).toEqual([url]);
    expect(closed).toEqual([true]);

    let focused = 0;
    const open = loadWorker([{ url, focus: async () => { focused++; } }]);
    await open.fire('notificationclick', { notification });
    expect(open.opened).toEqual([]);
    expect(focused).toBe(1);
  });

  it('never points a notification at another site, and shows a broken message with a Persian title', async () => {
    const worker = loadWorker();
    await worker.fire('push', pushEvent({ title: 'x', body: 'y', url: 'https://evil.example/phish' }));
    await worker.fire('push', { data: { json: () => { throw new SyntaxError('not JSON'); } } });
    expect(worker.shown.map((n) => (n.options.data as { url: string }).url)).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
    expect(worker.shown[1].title).toBe('خبر فوری');
  });
});
