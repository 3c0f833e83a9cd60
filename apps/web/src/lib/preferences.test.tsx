// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clampFontSize, PreferencesProvider, usePreferences } from './preferences.tsx';

describe('preferences', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('style');
    document.documentElement.className = '';
  });

  it('keeps font sizes between 80 and 150 in steps of 10', () => {
    expect(clampFontSize(40)).toBe(80);
    expect(clampFontSize(500)).toBe(150);
    expect(clampFontSize(113)).toBe(110);
    expect(clampFontSize(Number.NaN)).toBe(100);
  });

  it('changes, applies, persists and resets font size and contrast', () => {
    const { result } = renderHook(() => usePreferences(), { wrapper: PreferencesProvider });
    for (let i = 0; i < 8; i++) act(() => result.current.increaseFontSize());
    expect(result.current.fontSize).toBe(150);
    expect(document.documentElement.style.fontSize).toBe('150%');
    expect(localStorage.getItem('chapar:font-size')).toBe('150');
    act(() => result.current.setHighContrast(true));
    expect(document.documentElement.classList.contains('high-contrast')).toBe(true);
    act(() => result.current.reset());
    expect(result.current.fontSize).toBe(100);
    expect(document.documentElement.style.fontSize).toBe('');
    expect(localStorage.getItem('chapar:high-contrast')).toBeNull();
  });
});
