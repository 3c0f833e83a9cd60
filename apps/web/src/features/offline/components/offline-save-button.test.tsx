// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Article } from '@chapar/shared/contracts';
import { renderWithApp } from '../../../testing/render.tsx';
import { saveArticleOffline } from '../offline-store.ts';
import { OFFLINE_MESSAGES, OfflineSaveButton } from './offline-save-button.tsx';

vi.mock('../offline-store.ts', () => ({
  readOfflineRecord: () => null,
  saveArticleOffline: vi.fn(),
  removeArticleOffline: vi.fn(),
}));

const article = { id: 12, title: 'خبر' } as Article;

describe('OfflineSaveButton', () => {
  afterEach(() => vi.mocked(saveArticleOffline).mockReset());

  it('keeps focus while it saves: marked aria-disabled, not disabled, and a second press saves nothing more', async () => {
    let done: () => void = () => {};
    vi.mocked(saveArticleOffline).mockImplementation(() => new Promise<void>((resolve) => { done = resolve; }));
    renderWithApp(<OfflineSaveButton article={article} pagePath="/article/x-12" />);
    const button = screen.getByRole('button', { name: 'ذخیره برای آفلاین' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(saveArticleOffline).toHaveBeenCalledTimes(1);

    done();
    expect(await screen.findByText(OFFLINE_MESSAGES.saved)).toBeTruthy();
    expect(button.textContent).toBe('حذف نسخه آفلاین');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
  });
});
