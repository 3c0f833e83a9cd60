import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStored, writeStored } from './storage.ts';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

interface ThemeContextValue {
  theme: Theme;
  /** The stored choice; 'system' when nothing is stored and the OS decides. */
  preference: Theme | 'system';
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  /** Forget the stored choice and follow the system again. */
  followSystemTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme(): Theme | null {
  const value = readStored(THEME_KEY);
  return value === 'dark' || value === 'light' ? value : null;
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * Theme of spec 01 §4: the stored value, else the system preference, followed live while
 * nothing is stored. The first render is always 'light' on server and client alike (the
 * real theme is already on <html>, set by /theme-init.js), so hydration never mismatches.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useState<Theme | 'system'>('system');
  const [system, setSystem] = useState<Theme>('light');
  // Until the stored choice is read, <html> keeps what /theme-init.js put there: touching it
  // with the placeholder first render would flash the light theme after hydration.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setPreference(storedTheme() ?? 'system');
    setSystem(systemTheme());
    setReady(true);
    if (typeof matchMedia !== 'function') return;
    const media = matchMedia(DARK_QUERY);
    const onChange = () => setSystem(media.matches ? 'dark' : 'light');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  const theme: Theme = preference === 'system' ? system : preference;

  useEffect(() => {
    if (ready) document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme, ready]);

  const setTheme = useCallback((next: Theme) => {
    writeStored(THEME_KEY, next);
    setPreference(next);
  }, []);
  const followSystemTheme = useCallback(() => {
    writeStored(THEME_KEY, null);
    setPreference('system');
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);

  const value = useMemo(
    () => ({ theme, preference, setTheme, toggleTheme, followSystemTheme }),
    [theme, preference, setTheme, toggleTheme, followSystemTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
