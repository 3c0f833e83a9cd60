import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { brotliOptions, etagOf, finishPage, PAGE_BR_QUALITY_UNDER_LOAD, pageTransferList, utf8Join, type FinishedPage, type PageShell, type RenderResult } from './page.ts';

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
    const page = finishPage(bare, result(), { encoding: 'br' });
    expect(text(page)).toBe(`<body><p>متن خبر</p>${'ـ'.repeat(600)}</body>`);
    expect(page.encoded?.encoding).toBe('br');
    expect(brotliDecompressSync(page.encoded!.body).toString('utf8')).toBe(text(page));
  });

  it('compresses faster under load: brotli at the lower quality, the same document', () => {
    const html = `<p>${'متن خبر تازه و <b>مهم</b> '.repeat(3000)}</p>`;
    const calm = finishPage(shell, result({ html }), { encoding: 'br' });
    const busy = finishPage(shell, result({ html }), { encoding: 'br', underLoad: true });
    expect(Buffer.from(busy.body).equals(Buffer.from(calm.body))).toBe(true);
    expect(busy.etag).toBe(calm.etag);
    expect(PAGE_BR_QUALITY_UNDER_LOAD).toBeLessThan(3);
    expect(Buffer.from(busy.encoded!.body).equals(brotliCompressSync(busy.body, brotliOptions(busy.body.length, true)))).toBe(true);
    expect(Buffer.from(calm.encoded!.body).equals(brotliCompressSync(calm.body, brotliOptions(calm.body.length)))).toBe(true);
    expect(Buffer.from(busy.encoded!.body).equals(Buffer.from(calm.encoded!.body))).toBe(false);
    expect(brotliDecompressSync(busy.encoded!.body).equals(Buffer.from(busy.body))).toBe(true);
    // gzip has one setting.
    expect(Buffer.from(finishPage(shell, result({ html }), { encoding: 'gzip', underLoad: true }).encoded!.body).equals(Buffer.from(finishPage(shell, result({ html }), { encoding: 'gzip' }).encoded!.body))).toBe(true);
  });

  it('leaves the ETag to the receiver when asked, and only the ETag', () => {
    const html = `<p>${'متن خبر '.repeat(500)}</p>`;
    const whole = finishPage(shell, result({ html }), { encoding: 'br' });
    const without = finishPage(shell, result({ html }), { encoding: 'br', etag: false });
    expect(without.etag).toBe('');
    expect(Buffer.from(without.body).equals(Buffer.from(whole.body))).toBe(true);
    expect(Buffer.from(without.encoded!.body).equals(Buffer.from(whole.encoded!.body))).toBe(true);
    expect(etagOf(without.body)).toBe(whole.etag);
  });

  it('answers a redirect without a document', () => {
    const page = finishPage(shell, result({ status: 301, redirect: '/article/x-2' }));
    expect(page).toEqual({ status: 301, redirect: '/article/x-2', body: new Uint8Array(0), etag: etagOf('/article/x-2'), cacheable: true });
    expect(pageTransferList(page)).toEqual([]);
  });
});

describe('pageTransferList', () => {
  it("moves a page's document and its compressed form to the server's thread without a copy", async () => {
    const page = finishPage(shell, result({ html: `<p>${'متن خبر '.repeat(2000)}</p>` }), { encoding: 'gzip' });
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

describe('utf8Join', () => {
  const joined = (pieces: string[]) => Buffer.from(pieces.join(''));

  it('writes the same bytes as the joined text made UTF-8: Persian, emoji, lone surrogates, empty pieces', () => {
    const cases = [
      [],
      [''],
      ['<p>', 'متن خبر', '</p>'],
      ['a', '', '😀 ۱۲۳', '', 'z'],
      ['\ud83d', 'x'],
      ['x\ude00', '\ud83d\ude00'],
      ['<title>', 'چاپار'.repeat(5000), '</title>', '🙂'.repeat(3000)],
      ['end with half \ud83d', '\ude00 and its other half'],
      ['\ud83d'],
      // Past the scratch's bound: written as before.
      ['<p>', 'خبر '.repeat(200_000), '</p>'],
    ];
    for (const pieces of cases) expect(utf8Join(pieces).equals(joined(pieces))).toBe(true);
  });

  it('is right for pieces of every kind in any order, whatever it wrote before (its scratch is reused)', () => {
    const alphabet = ['a', '<', 'ب', 'ی', '\u200c', '۵', '€', '😀', '\ud83d', '\ude00', '\u2028'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const pieces = Array.from({ length: random(6) }, () => Array.from({ length: random(round % 3 === 0 ? 3000 : 40) }, () => alphabet[random(alphabet.length)]).join(''));
      expect(utf8Join(pieces).equals(joined(pieces))).toBe(true);
    }
  });

  it('gives bytes that own their memory, so they move to another thread without a copy', () => {
    const first = utf8Join(['<p>', 'متن '.repeat(100), '</p>']);
    const second = utf8Join(['x']);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.byteLength);
    expect(second.buffer).not.toBe(first.buffer);
    expect(first.toString('utf8')).toBe(`<p>${'متن '.repeat(100)}</p>`);
  });
});
