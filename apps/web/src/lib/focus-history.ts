// Where keyboard focus has been, for giving it back when what holds it goes away (a dialog closes,
// a toast's button goes with its toast). One document listener serves every dialog and toast.
import { useEffect } from 'react';

/** Enough to step back over a dialog's or toast's own controls to the page behind them. */
const KEPT = 16;
const recent: HTMLElement[] = [];
let listening = false;

function note(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const seen = recent.indexOf(target);
  if (seen !== -1) recent.splice(seen, 1);
  recent.push(target);
  if (recent.length > KEPT) recent.shift();
}

/** Starts keeping the history (once for the page) while a component that reads it is mounted. */
export function useFocusHistory(): void {
  useEffect(() => {
    if (listening) return;
    listening = true;
    document.addEventListener('focusin', note);
  }, []);
}

/** The most recently focused element still on the page that `skip` does not rule out, or null. */
export function recentFocus(skip: (element: HTMLElement) => boolean): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i--) {
    const element = recent[i];
    if (element.isConnected && element !== document.body && !skip(element)) return element;
  }
  return null;
}

const nothingFocused = () => !document.activeElement || document.activeElement === document.body;

/**
 * Focus to `target` if it is still there, else to the page's main region; never scrolls. A target
 * disabled while its request runs (a bulk delete's button) cannot take focus yet: it gets it when it
 * is enabled again, or the main region does if it goes, unless focus went elsewhere meanwhile.
 */
export function focusBack(target: HTMLElement | null): void {
  if (target?.isConnected && target.matches(':disabled')) {
    const observer = new MutationObserver(() => {
      if (target.isConnected && target.matches(':disabled')) return;
      observer.disconnect();
      if (nothingFocused()) focusBack(target);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    return;
  }
  const back = target?.isConnected ? target : document.getElementById('main');
  back?.focus({ preventScroll: true });
}
