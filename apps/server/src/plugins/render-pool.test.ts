import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { pathOfRead, type PageRead } from '@chapar/shared/contracts';
import { brotliOptions, etagOf } from '@chapar/shared/node-render';
import { BALANCE_WINDOW_MS, CompressionBalance, createRenderPool, type PageRenderer } from './render-pool.ts';

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
  parentPort.postMessage({ type: 'read', job, call, request: { read: 'api', path } });
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
    const html = workerData.shell.template.replace('<!--app-html-->', JSON.stringify({ page, shared, threadId, base: m.publicBaseUrl, encoding: m.encoding ?? null, underLoad: m.underLoad ?? null }));
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

const echo = async (r: PageRead) => ({ path: pathOfRead(r) });
const shell = { template: '<main><!--app-html--></main>', manifest: {} };
/** A page's document as text: its bytes arrive as a Uint8Array. */
const text = (page: { body: Uint8Array }) => Buffer.from(page.body).toString('utf8');
/** What the fake thread rendered into the shell. */
const rendered = (page: { body: Uint8Array }) => JSON.parse(text(page).slice('<main>'.length, -'</main>'.length)) as { page: unknown; shared: unknown; threadId: number; base: string; encoding: string | null; underLoad: boolean | null };

describe('render threads', () => {
  it('renders on the threads into the shell, each page with its own reads answered by this thread', async () => {
    const errors: Error[] = [];
    // Every page compressed on its render thread.
    pool = createRenderPool({ workerFile, shell, threads: 2, onThreadError: (e) => errors.push(e), balance: { update: () => undefined, compressHere: () => false } });
    const urls = Array.from({ length: 12 }, (_, i) => `/p${i}`);
    const pages = await Promise.all(urls.map((url, i) => pool!.render({ url, fetchJson: async (r) => ({ path: pathOfRead(r), for: url }), publicBaseUrl: 'https://chapar.example', encoding: i % 2 ? 'br' : undefined })));
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

  it('compresses on this thread the pages the balance gives it, and asks the render thread for the rest', async () => {
    let next = 0;
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined, balance: { update: () => undefined, compressHere: () => next++ % 2 === 0 } });
    const long = 'خبر '.repeat(400);
    const pages = await Promise.all([0, 1, 2, 3].map((i) => pool!.render({ url: `/c${i}`, fetchJson: async () => long, publicBaseUrl: '', encoding: 'br' })));
    pages.forEach((page, i) => {
      if (i % 2 === 0) {
        // Compressed here: the thread was not asked to.
        expect(rendered(page).encoding).toBeNull();
        expect(page.encoded?.encoding).toBe('br');
        expect(brotliDecompressSync(page.encoded!.body).equals(Buffer.from(page.body))).toBe(true);
      } else {
        expect(rendered(page).encoding).toBe('br');
        expect(page.encoded).toBeUndefined();
      }
    });
  });

  it('compresses at the faster setting while the balance says every thread is saturated, here and on the render thread', async () => {
    // In the order asked: /calm-here, /busy-here, /busy-there, /calm-again.
    const here = [true, true, false, true];
    const balance = { update: () => undefined, compressHere: () => here.shift()!, underLoad: false };
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined, balance });
    const long = 'خبر تازه '.repeat(2000);
    const render = (url: string) => pool!.render({ url, fetchJson: async () => long, publicBaseUrl: '', encoding: 'br' });
    const calm = await render('/calm-here');
    expect(rendered(calm).underLoad).toBe(false);
    balance.underLoad = true;
    const [busyHere, busyThere] = await Promise.all([render('/busy-here'), render('/busy-there')]);
    // Here: brotli at the faster setting, byte for byte.
    expect(Buffer.from(busyHere.encoded!.body).equals(brotliCompressSync(busyHere.body, brotliOptions(busyHere.body.length, true)))).toBe(true);
    expect(brotliDecompressSync(busyHere.encoded!.body).equals(Buffer.from(busyHere.body))).toBe(true);
    // There: the render thread is told.
    expect(rendered(busyThere)).toMatchObject({ encoding: 'br', underLoad: true });
    // Calm again: the usual setting.
    balance.underLoad = false;
    const calmAgain = await render('/calm-again');
    expect(Buffer.from(calmAgain.encoded!.body).equals(brotliCompressSync(calmAgain.body, brotliOptions(calmAgain.body.length)))).toBe(true);
    expect(Buffer.from(calmAgain.encoded!.body).equals(brotliCompressSync(calmAgain.body, brotliOptions(calmAgain.body.length, true)))).toBe(false);
  });

  it("makes the ETag of a page whose thread left it, and keeps one the thread made", async () => {
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined });
    // /busy comes without an ETag, every other page with one.
    const [left, made] = await Promise.all([pool.render({ url: '/busy', fetchJson: echo, publicBaseUrl: '' }), pool.render({ url: '/x', fetchJson: echo, publicBaseUrl: '' })]);
    expect(text(left)).toBe('busy');
    expect(left.etag).toBe(etagOf(Buffer.from('busy')));
    expect(made.etag).toBe('W/"/x"');
  });

  it('tells the balance how busy this thread and the render threads were, once a window', async () => {
    const loads: Array<{ here: number; threads: number }> = [];
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined, balance: { update: (here, threads) => loads.push({ here, threads }), compressHere: () => false } });
    // The thread works 40 ms a page while this one waits.
    const started = performance.now();
    while (performance.now() - started < BALANCE_WINDOW_MS * 1.5) await pool.render({ url: '/busy', fetchJson: echo, publicBaseUrl: '' });
    await pool.render({ url: '/after', fetchJson: echo, publicBaseUrl: '' });
    expect(loads.length).toBeGreaterThanOrEqual(1);
    expect(loads.length).toBeLessThanOrEqual(2);
    const { here, threads } = loads[loads.length - 1];
    expect(threads).toBeGreaterThan(0.5);
    expect(here).toBeLessThan(threads);
  });

  it('hands a failed read to the page with its status and body, and a passing failure without a status', async () => {
    pool = createRenderPool({ workerFile, shell, threads: 1, onThreadError: () => undefined });
    const notFound = await pool.render({
      url: '/gone',
      fetchJson: async (r) => {
        if (pathOfRead(r).startsWith('/api/page')) throw Object.assign(new Error('404: missing'), { status: 404, body: '{"error":"not_found"}' });
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

describe('where pages are compressed', () => {
  it('moves compression to the thread with more time to spare, a step per window, within 0 and 1', () => {
    const balance = new CompressionBalance();
    expect(balance.share).toBe(0);
    balance.update(0.6, 0.99);
    expect(balance.share).toBeCloseTo(0.1);
    for (let i = 0; i < 20; i++) balance.update(0.6, 0.99);
    expect(balance.share).toBe(1);
    balance.update(0.95, 0.7);
    expect(balance.share).toBeCloseTo(0.9);
    for (let i = 0; i < 20; i++) balance.update(0.95, 0.7);
    expect(balance.share).toBe(0);
  });

  it('moves nothing while the loads are within the margin', () => {
    const balance = new CompressionBalance();
    balance.update(0.6, 0.99);
    balance.update(0.8, 0.84);
    balance.update(0.84, 0.8);
    expect(balance.share).toBeCloseTo(0.1);
  });

  it('says the threads are under load only while both were saturated in the last window', () => {
    const balance = new CompressionBalance();
    expect(balance.underLoad).toBe(false);
    balance.update(0.95, 0.99);
    expect(balance.underLoad).toBe(true);
    balance.update(0.5, 0.99);
    expect(balance.underLoad).toBe(false);
    balance.update(0.99, 0.6);
    expect(balance.underLoad).toBe(false);
    balance.update(0.9, 0.9);
    expect(balance.underLoad).toBe(true);
    balance.update(0.89, 1);
    expect(balance.underLoad).toBe(false);
  });

  it('spreads the pages compressed here evenly at the share', () => {
    const balance = new CompressionBalance();
    for (let i = 0; i < 3; i++) balance.update(0, 1);
    const here = Array.from({ length: 20 }, () => balance.compressHere());
    expect(here.filter(Boolean)).toHaveLength(6);
    // Never two in a row at 0.3.
    expect(here.some((h, i) => h && here[i + 1])).toBe(false);
    balance.share = 0;
    expect(Array.from({ length: 10 }, () => balance.compressHere()).some(Boolean)).toBe(false);
  });
});
