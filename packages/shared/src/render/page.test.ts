import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf, finishPage, type PageShell, type RenderResult } from './page.ts';

const shell: PageShell = {
  template: '<html><head><title>t</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  manifest: { 'src/page.tsx': { file: 'assets/page.js', imports: ['src/shared.ts'] }, 'src/shared.ts': { file: 'assets/shared.js', css: ['assets/shared.css'] } },
};
const result = (over: Partial<RenderResult> = {}): RenderResult => ({
  status: 200, head: '<meta name="x" content="سر">', html: '<p>متن خبر</p>', stateScript: '<script type="application/json">{}</script>', modules: ['src/page.tsx'], ...over,
});

describe('finishPage', () => {
  it('puts the head, the preloads, the markup and the state into their places, with the ETag of the bytes', () => {
    const page = finishPage(shell, result());
    expect(page.html).toBe('<html><head><title>t</title><meta name="x" content="سر"><link rel="stylesheet" href="/assets/shared.css"><link rel="modulepreload" crossorigin href="/assets/page.js"><link rel="modulepreload" crossorigin href="/assets/shared.js"></head><body><div id="root"><p>متن خبر</p></div><script type="application/json">{}</script></body></html>');
    expect(page.etag).toBe(etagOf(Buffer.from(page.html)));
    expect(page.encoded).toBeUndefined();
  });

  it('takes every part as written: a slot\'s name or a replacement pattern inside a part is only text', () => {
    const page = finishPage(shell, result({ head: '<title>$& <!--app-html--> $1</title>', html: '<p>$` <!--app-state--></p>' }));
    expect(page.html).toContain("<title>$& <!--app-html--> $1</title>");
    expect(page.html).toContain('<div id="root"><p>$` <!--app-state--></p></div><script type="application/json">{}</script></body>');
  });

  it('leaves out a part whose slot the template lacks, and compresses for the reader who asked', () => {
    const bare: PageShell = { template: `<body><!--app-html-->${'ـ'.repeat(600)}</body>`, manifest: {} };
    const page = finishPage(bare, result(), 'br');
    expect(page.html).toBe(`<body><p>متن خبر</p>${'ـ'.repeat(600)}</body>`);
    expect(page.encoded?.encoding).toBe('br');
    expect(brotliDecompressSync(page.encoded!.body).toString('utf8')).toBe(page.html);
  });

  it('answers a redirect without a document', () => {
    expect(finishPage(shell, result({ status: 301, redirect: '/article/x-2' }))).toEqual({ status: 301, redirect: '/article/x-2', html: '', etag: etagOf('/article/x-2'), cacheable: true });
  });
});
