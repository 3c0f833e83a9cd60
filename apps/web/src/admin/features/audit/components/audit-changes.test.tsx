// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { AUDIT_FIELD_LABELS, type AuditChange, type AuditEntry } from '@chapar/shared/contracts';
import { AuditChanges } from './audit-changes.tsx';

function entry(action: string, changes: AuditChange[], details: Record<string, unknown> = {}): AuditEntry {
  return {
    id: 1, at: '2026-12-01T10:00:00.000Z', actor: 'admin', actorRole: 'owner', ip: '10.0.0.1', userAgent: null, action,
    method: 'PATCH', route: '/api/admin/articles/:id', targetType: 'article', targetId: '7', changes, details, status: 200,
  };
}

/** What a reader sees, with the text inside <bdi> (handles, titles, addresses) left out. */
function wordsOutsideBdi(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const bdi of copy.querySelectorAll('bdi')) bdi.remove();
  return copy.textContent ?? '';
}

const ARTICLE = {
  title: 'باران در تهران', excerpt: 'خلاصه', content: '<p>بند نخست</p><p>بند دوم</p>', category: 'Economy', featured: false,
  status: 'published', imageUrl: '/media/a.jpg', videoUrl: null, metaDescription: 'توضیح', unpublishedReason: null,
};
const gone = (snapshot: Record<string, unknown>, id?: number): AuditChange[] =>
  Object.entries(snapshot).filter(([, v]) => v !== null).map(([field, before]) => ({ ...(id ? { id } : {}), field, before, after: null }));
const back = (snapshot: Record<string, unknown>, id?: number): AuditChange[] =>
  Object.entries(snapshot).filter(([, v]) => v !== null).map(([field, after]) => ({ ...(id ? { id } : {}), field, before: null, after }));

describe('the changes of an audit entry', () => {
  afterEach(cleanup);

  it('names every field in Persian and words enum-like values in Persian', () => {
    const { container } = render(<AuditChanges entry={entry('article.update', [
      { field: 'category', before: 'Economy', after: 'Politics' },
      { field: 'status', before: 'published', after: 'unpublished' },
      { field: 'authorName', before: 'سارا', after: 'مینا' },
      { field: 'role', before: 'primary', after: 'secondary' },
      { field: 'reason', before: 'too_short', after: 'advertisement' },
      { field: 'kind', before: null, after: 'fix-excerpts' },
      { field: 'lastSeenAt', before: null, after: '2026-12-01T10:05:00.000Z' },
      { field: 'cleaningRules', before: { signatures: ['امضا'] }, after: { stripLinks: true } },
      { field: 'role', before: 'editor', after: 'owner' },
    ])} />);
    const category = container.querySelector('li[data-field="category"]')!;
    expect(category.querySelector('[data-before]')!.textContent).toBe('اقتصاد');
    expect(category.querySelector('[data-after]')!.textContent).toBe('سیاست');
    expect(container.querySelector('li[data-field="authorName"]')!.textContent).toContain(AUDIT_FIELD_LABELS.authorName);
    const shown = wordsOutsideBdi(container);
    expect(shown).toContain('منتشرنشده');
    expect(shown).toContain('کانال اصلی');
    expect(shown).toContain('متن کوتاه');
    expect(shown).toContain('اصلاح خلاصه‌ها');
    expect(shown).toContain('۱۴۰۵');
    expect(shown).toContain('حذف پیوندها: بله');
    // No English word anywhere: no field name, no key, no value.
    expect(shown).not.toMatch(/[A-Za-z]/);
    expect(container.textContent).not.toMatch(/Economy|authorName|fix-excerpts|too_short|primary|lastSeenAt|signatures/);
  });

  it('shows an article body as plain text, decoded and shortened, never as HTML', () => {
    const body = `<p>بند <b>نخست</b> &amp; «نقل» در&nbsp;خبر</p><script>alert(1)</script><p>${'واژه '.repeat(80)}</p><p>پایان <a hre…`;
    const { container } = render(<AuditChanges entry={entry('article.update', [{ field: 'content', before: '<p>کوتاه</p>', after: body }])} />);
    const after = container.querySelector('li[data-field="content"] [data-after]')!;
    const text = after.textContent!;
    expect(container.querySelector('li[data-field="content"] b, li[data-field="content"] p, li[data-field="content"] script')).toBeNull();
    expect(text).not.toMatch(/[<>]|&amp;|&nbsp;|alert/);
    expect(text.startsWith('بند نخست & «نقل» در خبر واژه')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(161);
    expect(text.endsWith('…')).toBe(true);
    expect(container.querySelector('li[data-field="content"] [data-before]')!.textContent).toBe('کوتاه');
  });

  it('says a deleted article went to the deleted articles and can be restored, naming it, instead of every field emptied', () => {
    for (const action of ['article.delete', 'duplicate.delete']) {
      const { container } = render(<AuditChanges entry={entry(action, gone(ARTICLE))} />);
      expect(container.textContent).toContain('مقاله به «مقاله‌های حذف‌شده» رفت و از آن‌جا بازگرداندنی است');
      expect(container.querySelector('[data-summary="trashed"] bdi')!.textContent).toBe('باران در تهران');
      expect(container.textContent).not.toContain('خالی');
      expect(container.querySelector('li[data-field]')).toBeNull();
      cleanup();
    }
  });

  it('says the same of a bulk delete, with the count; a bulk unpublish still lists its fields', () => {
    const two = [...gone({ title: 'باران در تهران', status: 'published', featured: true }, 41), ...gone({ title: 'خبر دوم', status: 'published', featured: false }, 42)];
    const { container } = render(<AuditChanges entry={entry('article.bulk', two, { action: 'delete', count: 2 })} />);
    expect(container.textContent).toContain('۲ مقاله به «مقاله‌های حذف‌شده» رفت و از آن‌جا بازگرداندنی است');
    expect(container.textContent).not.toContain('خالی');
    cleanup();
    const unpublished = render(<AuditChanges entry={entry('article.bulk', [{ id: 41, field: 'status', before: 'published', after: 'unpublished' }], { action: 'unpublish' })} />);
    expect(unpublished.container.querySelector('[data-summary]')).toBeNull();
    expect(unpublished.container.querySelector('li[data-field="status"]')!.textContent).toContain('منتشرنشده');
  });

  it('says restored articles came back, how many and which', () => {
    const { container } = render(<AuditChanges entry={entry('article.undelete', [...back(ARTICLE, 41), ...back({ ...ARTICLE, title: 'خبر دوم' }, 42)], { count: 2 })} />);
    expect(container.textContent).toContain('۲ مقاله از «مقاله‌های حذف‌شده» بازگردانده شد');
    expect([...container.querySelectorAll('[data-summary="restored"] li')].map((li) => li.textContent)).toEqual(['«باران در تهران» (شناسهٔ ۴۱)', '«خبر دوم» (شناسهٔ ۴۲)']);
    expect(container.textContent).not.toContain('خالی');
  });

  it('names how many comments a restore brought back', () => {
    const comments = [1, 2, 3].flatMap((id) => back({ authorName: `نویسنده ${id}`, content: 'نظر', isApproved: true }, id));
    const { container } = render(<AuditChanges entry={entry('comment.restore', comments, { count: 3, restored: 3 })} />);
    expect(container.textContent).toContain('۳ نظر از «نظرهای حذف‌شده» بازگردانده شد');
    expect(container.querySelectorAll('[data-summary="restored"] li')).toHaveLength(3);
  });

  it('still lists the fields of a write that emptied some of them', () => {
    const { container } = render(<AuditChanges entry={entry('article.update', [{ field: 'imageUrl', before: '/media/a.jpg', after: null }])} />);
    expect(container.querySelector('[data-summary]')).toBeNull();
    expect(container.querySelector('li[data-field="imageUrl"]')!.textContent).toContain('خالی');
  });
});
