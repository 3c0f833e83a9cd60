// The service worker's page for an address not saved offline (public/sw.js), run in a sandbox
// with Cache Storage stood in for: it says so in the site's look and lists the saved articles.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://chapar.example';

/** Cache Storage with the given caches, each a map of URL to body. */
function fakeCaches(stored: Record<string, Record<string, string>>) {
  const open = async (name: string) => {
    const entries = stored[name] ?? {};
    return {
      keys: async () => Object.keys(entries).map((url) => new Request(url)),
      match: async (request: Request | string) => {
        const url = typeof request === 'string' ? request : request.url;
        return url in entries ? new Response(entries[url]) : undefined;
      },
    };
  };
  return { open, match: async () => undefined, keys: async () => Object.keys(stored) };
}

async function offlineNavigation(stored: Record<string, Record<string, string>>, pathname: string) {
  let handler: ((event: Record<string, unknown>) => void) | undefined;
  const self = { location: { origin: ORIGIN }, addEventListener: (type: string, h: typeof handler) => { if (type === 'fetch') handler = h; } };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  vm.runInNewContext(SOURCE, { self, URL, Request, Response, Headers, caches: fakeCaches(stored), fetch: offline, console });
  let answer: Promise<Response> | undefined;
  handler!({ request: { method: 'GET', url: `${ORIGIN}${pathname}`, mode: 'navigate' }, respondWith: (p: Promise<Response>) => { answer = p; }, waitUntil: () => undefined });
  return answer!;
}

describe('the offline page', () => {
  it('lists the articles saved for reading offline, in the site’s font and themes', async () => {
    const res = await offlineNavigation({
      'articles-v1': {
        [`${ORIGIN}/article/${encodeURIComponent('زلزله-در-کرمان')}-12`]: '<html><head><title>زلزله در کرمان &amp; &lt;بم&gt; | چاپار</title></head></html>',
        [`${ORIGIN}/theme-init.js`]: '',
        [`${ORIGIN}/assets/Vazirmatn-NL_wght_-Bal5PF1M.woff2`]: '',
      },
    }, '/category/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('x-chapar-offline')).toBe('1');
    const html = await res.text();
    expect(html).toContain('<h1>اتصال اینترنت برقرار نیست</h1>');
    expect(html).toContain(`<li><a href="/article/${encodeURIComponent('زلزله-در-کرمان')}-12">زلزله در کرمان &#38; &#60;بم&#62;</a></li>`);
    expect(html).toContain("src:url('/assets/Vazirmatn-NL_wght_-Bal5PF1M.woff2')");
    expect(html).toContain('<script src="/theme-init.js"></script>');
    expect(html).toMatch(/html\.dark\{--bg:#0e0e10/);
  });

  it('with nothing saved, shows no list and no font it does not have', async () => {
    const html = await (await offlineNavigation({}, '/')).text();
    expect(html).toContain('این صفحه برای خواندن آفلاین ذخیره نشده است');
    expect(html).not.toContain('<ul>');
    expect(html).not.toContain('@font-face');
  });
});
