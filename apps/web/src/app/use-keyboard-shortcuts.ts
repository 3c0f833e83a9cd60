import { useEffect } from 'react';

/**
 * Spec 01 §2: Alt+M focuses the main area, Alt+N the first navigation link, Ctrl+Shift+P
 * toggles the performance monitor. Physical key codes, so a Persian keyboard layout works too.
 */
export function useKeyboardShortcuts(onTogglePerformance: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyM') {
        event.preventDefault();
        document.getElementById('main')?.focus();
      } else if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN') {
        event.preventDefault();
        document.querySelector<HTMLElement>('#category-nav a')?.focus();
      } else if (event.ctrlKey && event.shiftKey && event.code === 'KeyP') {
        event.preventDefault();
        onTogglePerformance();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onTogglePerformance]);
}
