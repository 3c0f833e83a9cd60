// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ARTICLE_HTML_TAGS, allowedArticleAttributes } from '@chapar/shared/html';
import { XSS_VECTORS } from '../../../../testing/xss-vectors.ts';
import '../../../../testing/render.tsx';
import { cleanArticleHtml } from './clean-html.ts';
import { RichEditor, type EditorMode } from './rich-editor.tsx';

// Hostile blocks of the kinds the editor keeps whole (figure, video, audio, table, pre).
const HOSTILE_BLOCKS = [
  '<figure><img src="x" onerror="window.__xss=1"><figcaption onclick="window.__xss=1">عکس</figcaption></figure>',
  '<figure><iframe srcdoc="&lt;script&gt;parent.__xss=1&lt;/script&gt;"></iframe></figure>',
  '<video controls src="/media/v.mp4" onplay="window.__xss=1"><source src="x" onerror="window.__xss=1"></video>',
  '<audio controls><source src="javascript:window.__xss=1" type="audio/mpeg"></audio>',
  '<table><tbody><tr><td onmouseover="window.__xss=1"><a href="javascript:window.__xss=1">x</a></td></tr></tbody></table>',
  '<pre><img src=x onerror=window.__xss=1>code</pre>',
  '<figure><video poster="javascript:alert(1)" src="data:video/mp4;base64,AAAA"></video><svg onload="window.__xss=1"></svg></figure>',
];

// The blocks the editor keeps whole, at the document's top level.
const KEPT = ':scope > :is(figure, video, audio, table, pre)';

/** Nothing in the tree could run: only allowed tags and attributes, no handlers, no script addresses. */
function expectInert(root: ParentNode, { editorChrome = false } = {}) {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    expect(['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'input', 'details', 'body', 'noscript']).not.toContain(el.localName);
    if (!editorChrome) expect(ARTICLE_HTML_TAGS as readonly string[]).toContain(el.localName);
    for (const { name, value } of Array.from(el.attributes)) {
      expect(name.startsWith('on'), `${el.localName}[${name}]`).toBe(false);
      expect(name).not.toBe('srcdoc');
      if (!editorChrome) expect(allowedArticleAttributes(el.localName)).toContain(name);
      if (['href', 'src', 'poster', 'action'].includes(name)) {
        expect(value.replace(/\s/g, '')).not.toMatch(/^(javascript|data|vbscript):/i);
        expect(value).not.toMatch(/^[\\/]{2}/);
      }
    }
  }
}

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const [mode, setMode] = useState<EditorMode>('html');
  return (
    <>
      <span id="label">محتوا</span>
      <RichEditor value={value} onChange={setValue} mode={mode} onModeChange={setMode} labelId="label" />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('cleanArticleHtml (the shared allow-list in the browser)', () => {
  it.each(XSS_VECTORS)('leaves nothing that runs of %s', (vector) => {
    const host = document.createElement('div');
    host.innerHTML = cleanArticleHtml(vector);
    expectInert(host);
  });

  it.each(HOSTILE_BLOCKS)('cleans the kept block %s', (block) => {
    const host = document.createElement('div');
    host.innerHTML = cleanArticleHtml(block);
    expectInert(host);
  });

  it('keeps what an article may hold, as the server keeps it', () => {
    const html = '<h2>عنوان</h2><p>متن <strong>مهم</strong> و <a href="https://example.com/a" title="منبع">پیوند</a></p>'
      + '<figure><img src="/media/a.jpg" alt="تصویر" width="640" loading="lazy"><figcaption>شرح</figcaption></figure>'
      + '<video controls="" src="/media/v.mp4" poster="/media/p.jpg" preload="metadata"></video>'
      + '<table><tbody><tr><td colspan="2">۱</td></tr></tbody></table><pre><code>x</code></pre>';
    expect(cleanArticleHtml(html)).toBe(html);
  });
});

describe('the editor given a hostile paste in HTML mode', () => {
  it('renders no handler attributes, no iframe srcdoc and no javascript: addresses in the live page', async () => {
    const { container } = render(<Harness />);
    const textarea = screen.getByRole('textbox', { name: 'محتوا' }) as HTMLTextAreaElement;
    const hostile = [...HOSTILE_BLOCKS, ...XSS_VECTORS].join('\n');
    await act(async () => { fireEvent.change(textarea, { target: { value: hostile } }); });
    // The admin's text stays as typed (the server cleans it on save) ...
    expect(screen.getByTestId('value').textContent).toBe(hostile);
    // ... but the document the visual editor shows was built from cleaned HTML.
    const editor = container.querySelector('.ProseMirror')!;
    await waitFor(() => expect(editor.querySelectorAll(KEPT).length).toBeGreaterThanOrEqual(HOSTILE_BLOCKS.length));
    expectInert(editor, { editorChrome: true });
    expect(editor.querySelector('iframe, [srcdoc], [onerror], [onclick], [onplay]')).toBeNull();
    // Switching to the visual editor shows it; nothing hostile came with it.
    fireEvent.click(screen.getByRole('button', { name: 'ویرایشگر' }));
    expect(container.querySelector('.ProseMirror')!.closest('[hidden]')).toBeNull();
    expectInert(container.querySelector('.ProseMirror')!, { editorChrome: true });
  });

  it('opens an article whose stored HTML is hostile without running any of it', () => {
    const { container } = render(<Harness initial={HOSTILE_BLOCKS.join('')} />);
    const editor = container.querySelector('.ProseMirror')!;
    expect(editor.querySelectorAll(KEPT).length).toBe(HOSTILE_BLOCKS.length);
    expectInert(editor, { editorChrome: true });
  });
});
