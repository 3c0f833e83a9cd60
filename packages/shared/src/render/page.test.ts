import { brotliDecompressSync } from 'node:zlib';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { etagOf, finishPage, pageTransferList, type FinishedPage, type PageShell, type RenderResult } from './page.ts';

const shell: PageShell = {
  template: '<html><head><title>t</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  manifest: { 'src/page.tsx': { file: 'assets/page.js', imports: ['src/shared.ts'] }, 'src/shared.ts': { file: 'assets/shared.js', css: ['assets/shared.css'] } },
};
const result = (over: Partial<RenderResult> = {}): RenderResult => ({
  status: 200, head: '<meta name="x" content="سر">', html: '<p>متن خبر</p>', stateScript: '<script type="application/json">{}</script>', modules: ['src/page.tsx'], ...over,
});

const text = (page: FinishedPage) => Buffer.from(page.body).toString('utf8');

describe('finishPage', () => {
  it('puts the head, the preloads, the markup and the state into their places, with the ETag of the bytes', () => {
    const page = finishPage(shell, result());
    expect(text(page)).toBe('<html><head><title>t</title><meta name="x" content="سر"><link rel="stylesheet" href="/assets/shared.css"><link rel="modulepreload" crossorigin href="/assets/page.js"><link rel="modulepreload" crossorigin href="/assets/shared.js"></head><body><div id="root"><p>متن خبر</p></div><script type="application/json">{}</script></body></html>');
    expect(page.etag).toBe(etagOf(Buffer.from(text(page))));
    expect(page.encoded).toBeUndefined();
  });

  it('takes every part as written: a slot\'s name or a replacement pattern inside a part is only text', () => {
    const page = finishPage(shell, result({ head: '<title>$& <!--app-html--> $1</title>', html: '<p>$` <!--app-state--></p>' }));
    expect(text(page)).toContain("<title>$& <!--app-html--> $1</title>");
    expect(text(page)).toContain('<div id="root"><p>$` <!--app-state--></p></div><script type="application/json">{}</script></body>');
  });

  it('leaves out a part whose slot the template lacks, and compresses for the reader who asked', () => {
    const bare: PageShell = { template: `<body><!--app-html-->${'ـ'.repeat(600)}</body>`, manifest: {} };
    const page = finishPage(bare, result(), 'br');
    expect(text(page)).toBe(`<body><p>متن خبر</p>${'ـ'.repeat(600)}</body>`);
    expect(page.encoded?.encoding).toBe('br');
    expect(brotliDecompressSync(page.encoded!.body).toString('utf8')).toBe(text(page));
  });

  it('answers a redirect without a document', () => {
    const page = finishPage(shell, result({ status: 301, redirect: '/article/x-2' }));
    expect(page).toEqual({ status: 301, redirect: '/article/x-2', body: new Uint8Array(0), etag: etagOf('/article/x-2'), cacheable: true });
    expect(pageTransferList(page)).toEqual([]);
  });
});

describe('pageTransferList', () => {
  it("moves a page's document and its compressed form to the server's thread without a copy", async () => {
    const page = finishPage(shell, result({ html: `<p>${'متن خبر '.repeat(2000)}</p>` }), 'gzip');
    const expected = text(page);
    const moved = pageTransferList(page);
    expect(moved).toContain(page.body.buffer);
    const { port1, port2 } = new MessageChannel();
    const arrived = new Promise<FinishedPage>((resolve) => port2.once('message', resolve));
    port1.postMessage(page, moved);
    const received = await arrived;
    port1.close();
    // Moved, not copied: the sender's bytes are gone, the receiver has the whole document.
    expect(page.body.byteLength).toBe(0);
    expect(Buffer.from(received.body).toString('utf8')).toBe(expected);
    expect(received.etag).toBe(etagOf(Buffer.from(expected)));
  });

  it('copies bytes that share their memory with other bytes', () => {
    const pool = Buffer.alloc(64);
    const page: FinishedPage = { status: 200, body: pool.subarray(0, 32), etag: '', cacheable: true, encoded: { encoding: 'br', body: pool.subarray(32) } };
    expect(pageTransferList(page)).toEqual([]);
  });
});
