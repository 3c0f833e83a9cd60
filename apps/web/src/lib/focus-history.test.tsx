// @vitest-environment jsdom
// One history of focus serves dialogs and toasts: it steps back over what is gone or ruled out.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { focusBack, recentFocus, useFocusHistory } from './focus-history.ts';

function Page() {
  useFocusHistory();
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">اول</button>
      <button type="button">دوم</button>
      <button type="button" data-skip>سوم</button>
    </main>
  );
}

describe('focus history', () => {
  afterEach(cleanup);

  it('gives the most recent element still on the page that is not ruled out', () => {
    render(<Page />);
    const [first, second, third] = screen.getAllByRole('button');
    first.focus();
    second.focus();
    third.focus();
    const skipMarked = (element: HTMLElement) => element.hasAttribute('data-skip');
    expect(recentFocus(skipMarked)).toBe(second);
    second.remove();
    expect(recentFocus(skipMarked)).toBe(first);
    // Focusing an element again moves it to the front; it is not listed twice.
    third.focus();
    first.focus();
    third.focus();
    expect(recentFocus(() => false)).toBe(third);
    expect(recentFocus(skipMarked)).toBe(first);
  });

  it('gives focus to a disabled target when it is enabled again, or to the main region when it goes', async () => {
    render(<Page />);
    const [first, second] = screen.getAllByRole('button') as HTMLButtonElement[];
    first.disabled = true;
    focusBack(first);
    expect(document.activeElement).toBe(document.body);
    first.disabled = false;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(first);

    first.blur();
    second.disabled = true;
    focusBack(second);
    second.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('falls back to the main region when nothing is left to go back to', () => {
    render(<Page />);
    const [first] = screen.getAllByRole('button');
    first.focus();
    first.remove();
    focusBack(recentFocus((element) => element.id === 'main' || element.hasAttribute('data-skip')));
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});
