import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRenderPool, type PageRenderer } from './render-pool.ts';

// A render thread speaking the protocol of apps/web/src/app/render-worker.ts: it reads two paths
// for each page through the server's thread and renders what it got; /stop ends the thread in
// the middle of a render, /fail answers a failed render, /busy works 40 ms before it answers.
const FAKE_WORKER = `
import { parentPort, threadId, workerData } from 'node:worker_threads';
const waiting = new Map();
let calls = 0;
const utf8 = (text) => new TextEncoder().encode(text);
const read = (job, path) => new Promise((resolve, reject) => {
  const call = ++calls;
  waiting.set(call, { resolve, reject });
  parentPort.postMessage({ type: 'read', job, call, path });
});
parentPort.on('message', async (m) => {
  if (m.type === 'read') {
    const pending = waiting.get(m.call);
    waiting.delete(m.call);
    if (m.ok) pending.resolve(m.value); else pending.reject(m.error);
    return;
  }
  if (m.url === '/stop') { await read(m.job, '/api/first'); process.exit(7); }
  if (m.url === '/fail') { parentPort.postMessage({ type: 'failed', job: m.job, message: 'render broke' }); return; }
  if (m.url === '/busy') {
    const until = performance.now() + 40;
    while (performance.now() < until);
    parentPort.postMessage({ type: 'done', job: m.job, page: { status: 200, body: utf8('busy'), etag: '', cacheable: true } });
    return;
  }
  try {
    const [page, shared] = await Promise.all([read(m.job, '/api/page' + m.url), read(m.job, '/api/shared')]);
    const html = workerData.shell.template.replace('<!--app-html-->', JSON.stringify({ page, shared, threadId, base: m.publicBaseUrl, encoding: m.encoding ?? null }));
    const body = utf8(html);
    parentPort.postMessage({ type: 'done', job: m.job, page: { status: 200, body, etag: 'W/"' + m.url + '"', cacheable: true } }, [body.buffer]);
  } catch (error) {
    parentPort.postMessage({ type: 'done', job: m.job, page: { status: error.status ?? 500, body: utf8(JSON.stringify(error)), etag: '', cacheable: false } });
  }
});
parentPort.postMessage({ type: 'ready' });
`;

const dir = mkdtempSync(path.join(tmpdir(), 'chapar-render-pool-'));
const workerFile = path.join(dir, 'worker.mjs');
writeFileSync(workerFile, FAKE_WORKER);
const brokenFile = path.join(dir, 'broken.mjs');
writeFileSync(brokenFile, "throw new Error('the site did not load');\n");

let pool: PageRenderer | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const echo = async (p: string) => ({ path: p });
const shell = { template: '<main><!--app-html--></main>', manifest: {} };
/** A page's document as text: its bytes arrive as a Uint8Array. */
const text = (page: { body: Uint8Array }) => Buffer.from(page.body).toString('utf8');
/** What the fake thread rendered into the shell. */
const rendered = (page: { body: Uint8Array }) => JSON.parse(text(page).slice('<main>'.length, -'</main>'.length)) as { page: unknown; shared: unknown; threadId: number; base: string; encoding: string | null };

describe('render threads', () => {
  it('renders on the threads into the shell, each page with its own reads answered by this thread', async () => {
    const errors: Error[] = [];
    pool = createRenderPool({ workerFile, shell, threads: 2, onThreadError: (e) => errors.push(e) });
    const urls = Array.from({ length: 12 }, (_, i) => `/p${i}`);
    const pages = await Promise.all(urls.map((url, i) => pool!.render({ url, fetchJson: async (p) => ({ path: p, for: url }), publicBaseUrl: 'https://chapar.example', encoding: i % 2 ? 'br' : undefined })));
    pages.forEach((page, i) => {
      const body = rendered(page);
      expect(page.status).toBe(200);
      expect(page.etag).toBe(`W/"/p${i}"`);
      expect(body.base).toBe('https://chapar.example');
      expect(body.encoding).toBe(i % 2 ? 'br' : null);
      expect(body.page).toEqual({ path: `/api/page/p${i}`, for: `/p${i}` });
      expect(body.shared).toEqual({ path: '/api/shared', for: `/p${i}` });
    });
    // Both threads took pages.
    expect(new Set(pages.map((page) => rendered(page).threadId)).size).toBe(2);
    expect(errors).toEqual([]);
  });

  it('hands a failed read to the page with its status and body, and a passing failure without a status', async () => {
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined });
    const notFound = await pool.render({
      url: '/gone',
      fetchJson: async (p) => {
        if (p.startsWith('/api/page')) throw Object.assign(new Error('404: missing'), { status: 404, body: '{"error":"not_found"}' });
        return {};
      },
      publicBaseUrl: '',
    });
    expect(notFound.status).toBe(404);
    expect(JSON.parse(text(notFound))).toEqual({ status: 404, body: '{"error":"not_found"}', message: '404: missing' });

    const down = await pool.render({ url: '/x', fetchJson: async () => { throw new Error('connection refused'); }, publicBaseUrl: '' });
    expect(down.status).toBe(500);
    expect(JSON.parse(text(down))).toEqual({ message: 'connection refused' });
  });

  it('tells how long its threads have been busy, summed over the threads', async () => {
    pool = createRenderPool({ workerFile, shell, threads: 2, onThreadError: () => undefined });
    await pool.render({ url: '/warm', fetchJson: echo, publicBaseUrl: '' });
    const before = pool.busyMs();
    // One page on each thread (the one with fewer pages under way gets the next).
    await Promise.all([pool.render({ url: '/busy', fetchJson: echo, publicBaseUrl: '' }), pool.render({ url: '/busy', fetchJson: echo, publicBaseUrl: '' })]);
    expect(pool.busyMs() - before).toBeGreaterThanOrEqual(75);
  });

  it('fails a render the thread reports as failed, and goes on rendering', async () => {
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined });
    await expect(pool.render({ url: '/fail', fetchJson: echo, publicBaseUrl: '' })).rejects.toThrow('render broke');
    expect((await pool.render({ url: '/after', fetchJson: echo, publicBaseUrl: '' })).status).toBe(200);
  });

  it('fails the renders of a thread that stops, reports it, and renders on a new thread', async () => {
    const errors: Error[] = [];
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: (e) => errors.push(e) });
    const first = await pool.render({ url: '/before', fetchJson: echo, publicBaseUrl: '' });
    await expect(pool.render({ url: '/stop', fetchJson: echo, publicBaseUrl: '' })).rejects.toThrow('exit code 7');
    expect(errors.map((e) => e.message)).toEqual(['render thread stopped (exit code 7)']);
    const after = await pool.render({ url: '/after', fetchJson: echo, publicBaseUrl: '' });
    expect(after.status).toBe(200);
    expect(rendered(after).threadId).not.toBe(rendered(first).threadId);
  });

  it('does not start again and again a thread that cannot load the site: renders fail with the reason', async () => {
    const errors: Error[] = [];
    pool = createRenderPool({ workerFile: brokenFile, shell, threads: 1, onThreadError: (e) => errors.push(e) });
    await expect(pool.render({ url: '/', fetchJson: echo, publicBaseUrl: '' })).rejects.toThrow('the site did not load');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors).toHaveLength(1);
    await expect(pool.render({ url: '/', fetchJson: echo, publicBaseUrl: '' })).rejects.toThrow('no render thread could start: the site did not load');
  });

  it('refuses renders once closed', async () => {
    const closed = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined });
    expect((await closed.render({ url: '/a', fetchJson: echo, publicBaseUrl: '' })).status).toBe(200);
    await closed.close();
    await expect(closed.render({ url: '/b', fetchJson: echo, publicBaseUrl: '' })).rejects.toThrow('closed');
  });

  it('refuses a thread count that is not a whole number ≥ 1', () => {
    expect(() => createRenderPool({ workerFile, shell, threads: 0, onThreadError: () => undefined })).toThrow('whole number');
  });
});
