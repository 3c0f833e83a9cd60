import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or a quoted attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>خبر & گزارش</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;خبر &amp; گزارش&lt;/a&gt;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
