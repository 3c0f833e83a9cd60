// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { BlocklistPage } from './blocklist-page.tsx';

describe('the blocklist page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the reason\'s numbers and the Telegram id in Persian digits, the id without a separator', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({
      posts: [{ id: 4, telegramId: 1010, source: 'taze_khabar', title: 'خبر حذف‌شده', deletedAt: '2026-11-20T10:00:00.000Z', reason: 'تکراری مقالهٔ 54 (حذف توسط admin)', allowRegeneration: false }],
      count: 1,
    }), { status: 200, headers: { 'content-type': 'application/json' } })));
    renderWithApp(<BlocklistPage />);
    const row = (await screen.findByText('خبر حذف‌شده')).closest('tr')!;
    expect(within(row).getByText('تکراری مقالهٔ ۵۴ (حذف توسط \u2066admin\u2069)')).toBeTruthy();
    expect(row.querySelector('td[data-label="شناسه تلگرام"]')!.textContent).toBe('۱۰۱۰');
    const source = within(row).getByText('@taze_khabar');
    expect([source.localName, source.getAttribute('dir')]).toEqual(['bdi', 'ltr']);
    expect(within(row).getByRole('button', { name: 'حذف پست ۱۰۱۰ از @taze_khabar از فهرست مسدود' })).toBeTruthy();
  });
});
