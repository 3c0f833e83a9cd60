// Where keyboard focus has been, for giving it back when what holds it goes away (a dialog closes,
// a toast's button goes with its toast). One document listener serves every dialog and toast.
import { useEffect } from 'react';

/** Enough to step back over a dialog's or toast's own controls to the page behind them. */
const KEPT = 16;
const recent: HTMLElement[] = [];
const listeners = new Set<(element: HTMLElement) => void>();
let listening = false;

function note(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const seen = recent.indexOf(target);
  if (seen !== -1) recent.splice(seen, 1);
  recent.push(target);
  if (recent.length > KEPT) recent.shift();
  for (const listener of listeners) listener(target);
}

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('focusin', note);
}

/** Starts keeping the history (once for the page) while a component that reads it is mounted. */
export function useFocusHistory(): void {
  useEffect(listen, []);
}

/** Calls `listener` with each element that takes focus, until the returned function is called. */
export function onFocusMoved(listener: (element: HTMLElement) => void): () => void {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
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
const waiting = new WeakSet<HTMLElement>();

/**
 * A control disabled while its request runs (a bulk delete's button) cannot take focus yet: it gets
 * it when it is enabled again, unless focus went elsewhere meanwhile. If it goes instead, `gone`
 * runs when nothing has focus. Waiting twice for the same control waits once.
 */
export function focusWhenEnabled(target: HTMLElement, gone: () => void): void {
  if (waiting.has(target)) return;
  waiting.add(target);
  const observer = new MutationObserver(() => {
    if (target.isConnected && target.matches(':disabled')) return;
    observer.disconnect();
    waiting.delete(target);
    if (!nothingFocused()) return;
    if (target.isConnected) target.focus({ preventScroll: true });
    else gone();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}

const focusMain = () => document.getElementById('main')?.focus({ preventScroll: true });

/** Focus to `target` if it is still there (when it is enabled, if it is disabled), else to the page's main region; never scrolls. */
export function focusBack(target: HTMLElement | null): void {
  if (!target?.isConnected) focusMain();
  else if (target.matches(':disabled')) focusWhenEnabled(target, focusMain);
  else target.focus({ preventScroll: true });
}
