import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStored, writeStored } from './storage.ts';

// Spec 01 §9: 80–150 %, steps of 10.
export const FONT_SIZE = { min: 80, max: 150, step: 10, default: 100 } as const;
export const FONT_SIZE_KEY = 'chapar:font-size';
export const HIGH_CONTRAST_KEY = 'chapar:high-contrast';

interface PreferencesValue {
  fontSize: number;
  highContrast: boolean;
  increaseFontSize: () => void;
  decreaseFontSize: () => void;
  setHighContrast: (on: boolean) => void;
  reset: () => void;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

export function clampFontSize(value: number): number {
  if (!Number.isFinite(value)) return FONT_SIZE.default;
  const stepped = Math.round(value / FONT_SIZE.step) * FONT_SIZE.step;
  return Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, stepped));
}

/** Font size and high contrast (spec 01 §4), persisted and applied to <html>. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [fontSize, setFontSize] = useState<number>(FONT_SIZE.default);
  const [highContrast, setHighContrastState] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const stored = readStored(FONT_SIZE_KEY);
    if (stored !== null) setFontSize(clampFontSize(Number(stored)));
    setHighContrastState(readStored(HIGH_CONTRAST_KEY) === 'true');
    setLoaded(true);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    const root = document.documentElement;
    root.style.fontSize = fontSize === FONT_SIZE.default ? '' : `${fontSize}%`;
    root.classList.toggle('high-contrast', highContrast);
    writeStored(FONT_SIZE_KEY, fontSize === FONT_SIZE.default ? null : String(fontSize));
    writeStored(HIGH_CONTRAST_KEY, highContrast ? 'true' : null);
  }, [fontSize, highContrast, loaded]);

  const increaseFontSize = useCallback(() => setFontSize((s) => clampFontSize(s + FONT_SIZE.step)), []);
  const decreaseFontSize = useCallback(() => setFontSize((s) => clampFontSize(s - FONT_SIZE.step)), []);
  const setHighContrast = useCallback((on: boolean) => setHighContrastState(on), []);
  const reset = useCallback(() => {
    setFontSize(FONT_SIZE.default);
    setHighContrastState(false);
  }, []);

  const value = useMemo(
    () => ({ fontSize, highContrast, increaseFontSize, decreaseFontSize, setHighContrast, reset }),
    [fontSize, highContrast, increaseFontSize, decreaseFontSize, setHighContrast, reset],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesValue {
  const context = useContext(PreferencesContext);
  if (!context) throw new Error('usePreferences must be used within a PreferencesProvider');
  return context;
}
