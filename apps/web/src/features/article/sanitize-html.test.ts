// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { splitBodyVideos } from './body-segments.ts';
import { XSS_VECTORS } from '../../testing/xss-vectors.ts';
import { safeUrl, sanitizeArticleHtml } from './sanitize-html.ts';


function assertInert(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  for (const el of Array.from(host.querySelectorAll('*'))) {
    expect(['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'input', 'details', 'body', 'noscript']).not.toContain(el.localName);
    for (const { name, value } of Array.from(el.attributes)) {
      expect(name.startsWith('on')).toBe(false);
      expect(name).not.toBe('style');
      if (['href', 'src', 'poster', 'action'].includes(name)) {
        expect(value.replace(/\s/g, '')).not.toMatch(/^(javascript|data|vbscript):/i);
        expect(value).not.toMatch(/^[\\/]{2}/);
      }
    }
  }
}

describe('sanitizeArticleHtml', () => {
  it('keeps article structure, links, images and players', () => {
    const html = '<h2>عنوان</h2><p>متن <strong>مهم</strong> و <a href="https://example.com/a?b=1&amp;c=2">پیوند</a></p><ul><li>یک</li></ul>'
      + '<img src="/media/a.jpg" alt="تصویر" width="640" loading="lazy"><video controls src="/media/v.mp4" poster="/media/p.jpg"></video>';
    expect(sanitizeArticleHtml(html)).toBe(
      '<h2>عنوان</h2><p>متن <strong>مهم</strong> و <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">پیوند</a></p><ul><li>یک</li></ul>'
      + '<img src="/media/a.jpg" alt="تصویر" width="640" loading="lazy"><video controls src="/media/v.mp4" poster="/media/p.jpg"></video>',
    );
  });

  it('drops unknown tags but keeps their text, and balances what is left open', () => {
    expect(sanitizeArticleHtml('<div><span>سلام</span> <p>باز')).toBe('سلام <p>باز</p>');
    expect(sanitizeArticleHtml('<p>a</li></ul></p></div></main>b')).toBe('<p>a</p>b');
    expect(sanitizeArticleHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
  });

  it('escapes stray markup characters and keeps entities', () => {
    expect(sanitizeArticleHtml('a < b > c & d &nbsp; &#1600;')).toBe('a &lt; b &gt; c &amp; d &nbsp; &#1600;');
  });

  it.each(XSS_VECTORS)('neutralises %s', (vector) => {
    const out = sanitizeArticleHtml(`<p>پیش</p>${vector}<p>پس</p>`);
    assertInert(out);
    expect(out).not.toMatch(/<script|onerror=|onload=|javascript:/i);
  });

  it('accepts only http(s) and same-site URLs', () => {
    expect(safeUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeUrl('/media/x.jpg')).toBe('/media/x.jpg');
    expect(safeUrl('x.jpg')).toBe('x.jpg');
    expect(safeUrl(' JaVa\nScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeUrl('//evil.example')).toBeNull();
  });
});

describe('splitBodyVideos', () => {
  it('returns the body as one run when it has no video', () => {
    expect(splitBodyVideos('<p>a</p>')).toEqual([{ kind: 'html', html: '<p>a</p>' }]);
  });

  it('turns top-level videos and figures around them into players', () => {
    const html = sanitizeArticleHtml('<p>a</p><figure><video controls src="/v.mp4?a=1&amp;b=2" poster="/p.jpg"></video><figcaption>زیرنویس <b>مهم</b></figcaption></figure><p>b</p><video><source src="/w.mp4" type="video/mp4"></video>');
    expect(splitBodyVideos(html)).toEqual([
      { kind: 'html', html: '<p>a</p>' },
      { kind: 'video', src: '/v.mp4?a=1&b=2', poster: '/p.jpg', captionHtml: 'زیرنویس <b>مهم</b>' },
      { kind: 'html', html: '<p>b</p>' },
      { kind: 'video', src: '/w.mp4', poster: null, captionHtml: null },
    ]);
  });

  it('leaves a video nested deeper where it is', () => {
    const html = '<blockquote><p>x</p><video controls src="/v.mp4"></video></blockquote>';
    expect(splitBodyVideos(html)).toEqual([{ kind: 'html', html }]);
  });
});
