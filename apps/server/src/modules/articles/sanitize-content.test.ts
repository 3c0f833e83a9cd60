import { describe, expect, it } from 'vitest';
import { ARTICLE_HTML_TAGS, allowedArticleAttributes } from '@chapar/shared/html';
import { sanitizeArticleContent } from './sanitize-content.ts';

describe('sanitizeArticleContent (the shared allow-list on write)', () => {
  it('keeps what an article may hold and marks links nofollow', () => {
    expect(sanitizeArticleContent(
      '<h2>عنوان</h2><p>متن <a href="https://example.com/a" title="منبع">پیوند</a></p>'
      + '<figure><img src="/media/a.jpg" alt="تصویر" width="640" loading="lazy"><figcaption>شرح</figcaption></figure>'
      + '<table><tbody><tr><td colspan="2">۱</td></tr></tbody></table>',
    )).toBe(
      '<h2>عنوان</h2><p>متن <a href="https://example.com/a" title="منبع" rel="nofollow noopener">پیوند</a></p>'
      + '<figure><img src="/media/a.jpg" alt="تصویر" width="640" loading="lazy" /><figcaption>شرح</figcaption></figure>'
      + '<table><tbody><tr><td colspan="2">۱</td></tr></tbody></table>',
    );
  });

  it('removes handlers, iframes and script addresses from the blocks the editor keeps whole', () => {
    const out = sanitizeArticleContent(
      '<figure><img src="x" onerror="alert(1)"><iframe srcdoc="<script>alert(1)</script>"></iframe></figure>'
      + '<video controls src="/media/v.mp4" onplay="alert(1)"><source src="javascript:alert(1)" onerror="alert(1)"></video>'
      + '<audio controls><source src="//evil.example/a.mp3"></audio><pre onclick="alert(1)">x</pre>'
      + '<p style="color:red" data-x="1"><img src="data:image/png;base64,AAAA"></p>',
    );
    expect(out).toBe(
      '<figure><img src="x" /></figure><video controls src="/media/v.mp4"><source></source></video>'
      + '<audio controls><source></source></audio><pre>x</pre><p><img /></p>',
    );
    // Every tag and attribute left is one the shared list names.
    for (const [, tag, attrs] of out.matchAll(/<([a-z0-9]+)([^>]*)>/g)) {
      expect(ARTICLE_HTML_TAGS as readonly string[]).toContain(tag);
      for (const [, name] of attrs.matchAll(/\s([a-z-]+)(?==|\s|\/|$)/g)) expect(allowedArticleAttributes(tag)).toContain(name);
    }
  });

  it('drops direction runs and control characters from the text, written or spelled as entities, and keeps ZWNJ, ZWJ and the marks', () => {
    expect(sanitizeArticleContent('<p>متن \u202eمعکوس\u0007\u001b[2J پایان</p>')).toBe('<p>متن معکوس[2J پایان</p>');
    expect(sanitizeArticleContent('<p>&#x202e;الف&#x2067;ب&#x2069;&#7;&#x81;</p>')).toBe('<p>الفب</p>');
    expect(sanitizeArticleContent('<p>می\u200cشود \u200dالف\u200e\u200f</p>\n<p>ب\tپ</p>')).toBe('<p>می\u200cشود \u200dالف\u200e\u200f</p>\n<p>ب\tپ</p>');
  });
});
