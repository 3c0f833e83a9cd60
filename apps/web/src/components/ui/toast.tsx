import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from '../icons';
import { cn } from '../../lib/cn.ts';
import { focusBack, onFocusMoved, recentFocus, useFocusHistory } from '../../lib/focus-history.ts';
import { focusRing } from './button-styles.ts';

// Spec 01 §9: one visible at a time, 5000 ms by default, swipe right 50 px, hotkey F8, z-index 100.
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
/** Taps go through the list's empty room (its padding, and all of it when no toast shows) to the page. */
const VIEWPORT = 'pointer-events-none z-[100] flex flex-col gap-2 outline-none';
const AT_PAGE = 'fixed inset-x-0 bottom-0 p-4 md:inset-x-auto md:end-0 md:w-full md:max-w-[420px]';
/**
 * Inside a dialog, below lg the toast takes the slot at the top of the dialog (useToastHost's
 * node): it pushes the title down instead of lying over it and the close button (phones, tablets),
 * and stays at the top while the dialog scrolls, on a band of the dialog's colour from its top edge
 * that hides what scrolls under it (the dialog names its padding above the slot, --toast-band, and
 * how far the edge is above where the slot may stick, --toast-top). From lg up it lies over the
 * screen's bottom on the start side, where the footer's buttons (at the dialog's end) stay clear of
 * it, however wide the dialog.
 */
const IN_DIALOG = cn(
  'max-lg:pointer-events-auto max-lg:sticky max-lg:top-[var(--toast-top,0px)] max-lg:mt-[calc(-1*var(--toast-band,0px))] max-lg:bg-card max-lg:pt-[var(--toast-band,0px)] max-lg:pb-3 max-lg:empty:hidden',
  'lg:fixed lg:bottom-0 lg:start-0 lg:w-full lg:max-w-[420px] lg:p-4',
);
/** Room between a control scrolled clear of a toast and the toast (its viewport's padding and a gap). */
const TOAST_CLEARANCE_PX = 24;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
  /** One button beside the message (an undo); pressing it closes the toast. */
  action?: { label: string; onAction: () => void };
}

interface ToastState extends ToastInput {
  id: number;
}

interface ToastContextValue {
  toast: (input: ToastInput) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const toast = useCallback((input: ToastInput) => setCurrent({ ...input, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastViewport toast={current} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}

/**
 * Open modal dialogs, the newest last. A modal makes the rest of the page inert (the native
 * <dialog>) or hidden from screen readers and out of focus's and the pointer's reach (Radix), so a
 * toast outside it could be neither heard, clicked nor reached with F8: the toasts go inside it.
 */
const hosts: HTMLElement[] = [];
const hostListeners = new Set<() => void>();
const notifyHosts = () => { for (const listener of hostListeners) listener(); };
const subscribeHosts = (listener: () => void) => {
  hostListeners.add(listener);
  return () => { hostListeners.delete(listener); };
};
const topHost = () => hosts.at(-1) ?? null;
const noHost = () => null;

/**
 * For a modal dialog: the ref to give an empty element at the top of its panel (a stable
 * callback). While the dialog is open and the newest one, toasts are shown inside that element.
 */
export function useToastHost(open: boolean): (node: HTMLElement | null) => void {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!open || !node) return undefined;
    hosts.push(node);
    notifyHosts();
    return () => {
      hosts.splice(hosts.lastIndexOf(node), 1);
      notifyHosts();
    };
  }, [open, node]);
  return setNode;
}

function ToastViewport({ toast, onDismiss }: { toast: ToastState | null; onDismiss: () => void }) {
  const viewport = useRef<HTMLOListElement>(null);
  const host = useSyncExternalStore(subscribeHosts, topHost, noHost);
  useFocusHistory();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        // Straight to the toast's own button (an undo) when it has one: one key, not a Tab hunt.
        (viewport.current?.querySelector<HTMLElement>('[data-toast-action]') ?? viewport.current)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const list = (
    <ol
      ref={viewport}
      tabIndex={-1}
      data-toast-viewport
      aria-label="اعلان‌ها"
      aria-keyshortcuts="F8"
      className={cn(VIEWPORT, host ? IN_DIALOG : AT_PAGE)}
    >
      {/* Moving into a dialog or out of one mounts the toast again: its time starts over there. */}
      {toast && <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} atPage={!host} />}
    </ol>
  );
  return host ? createPortal(list, host) : list;
}

/** The nearest element around `node` that scrolls vertically (a dialog's panel), or null. */
function scrollParent(node: HTMLElement): HTMLElement | null {
  for (let element = node.parentElement; element; element = element.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(element).overflowY)) return element;
  }
  return null;
}

/** Focus leaving a toast's button goes back to the last control outside the toasts that can take it, not to these. */
const notAReturnPlace = (element: HTMLElement) => element.closest('[data-toast-viewport]') !== null || element.matches(':disabled');

function ToastItem({ toast, onDismiss, atPage }: { toast: ToastState; onDismiss: () => void; atPage: boolean }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const destructive = toast.variant === 'destructive';

  // The toast lies over the bottom of the page, or over a dialog (its top below lg, the screen's
  // bottom corner from lg): the focused control, and each one Tab reaches while it shows, scrolls
  // clear of it rather than hiding behind it. The page also gets as much room below its end, so a
  // control at the very end can scroll clear too.
  useLayoutEffect(() => {
    const node = item.current;
    if (!node) return undefined;
    const { documentElement: root, body } = document;
    const bodyPadding = body.style.paddingBottom;
    const scroller = atPage ? root : scrollParent(node);
    const keep = () => {
      const toastBox = node.getBoundingClientRect();
      const height = toastBox.height + TOAST_CLEARANCE_PX;
      if (atPage) {
        root.style.scrollPaddingBottom = `${height}px`;
        body.style.paddingBottom = `${height}px`;
        return;
      }
      if (!scroller) return;
      // Sticky at the dialog's top (below lg), or fixed over the screen's bottom, where it may
      // cover the dialog's end: beside what the dialog keeps room for already (a sticky footer).
      scroller.style.scrollPaddingTop = '';
      scroller.style.scrollPaddingBottom = '';
      const box = scroller.getBoundingClientRect();
      const list = node.parentElement!;
      const atTop = getComputedStyle(list).position === 'sticky';
      const side = atTop ? 'scrollPaddingTop' : 'scrollPaddingBottom';
      // At the top, the band from the dialog's edge down to the list's end covers what scrolls under it.
      const covers = atTop
        ? list.getBoundingClientRect().bottom - box.top + TOAST_CLEARANCE_PX / 2
        : toastBox.left < box.right && box.left < toastBox.right ? box.bottom - toastBox.top + TOAST_CLEARANCE_PX : 0;
      if (covers > (parseFloat(getComputedStyle(scroller)[side]) || 0)) scroller.style[side] = `${covers}px`;
    };
    keep();
    // A phone turned, a window resized: the toast may have moved between the dialog's top and the screen's bottom.
    window.addEventListener('resize', keep);
    // Also focus given back without scrolling (a button enabled again when its request is done).
    const clear = (element: Element | null) => {
      if (element instanceof HTMLElement && element !== body && !notAReturnPlace(element)) element.scrollIntoView?.({ block: 'nearest' });
    };
    clear(document.activeElement);
    const stop = onFocusMoved(clear);
    return () => {
      stop();
      window.removeEventListener('resize', keep);
      if (scroller) {
        scroller.style.scrollPaddingTop = '';
        scroller.style.scrollPaddingBottom = '';
      }
      if (atPage) body.style.paddingBottom = bodyPadding;
    };
  }, [atPage]);

  /**
   * Closes the toast from one of its buttons. Focus was on that button, which goes with the
   * toast: it goes back where it was before (or to the page's main content), not to the top.
   */
  const close = (then?: () => void) => {
    const hadFocus = item.current?.contains(document.activeElement) ?? false;
    then?.();
    onDismiss();
    if (!hadFocus) return;
    // A deleted row's button is gone by now; the table that took focus when the row went is next in line.
    focusBack(recentFocus(notAReturnPlace));
  };

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onDismiss, toast.durationMs]);

  return (
    // The live region is the text inside the item: a role on the <li> itself would take it out
    // of its list (axe 'listitem'), and the close button's name is not part of the message.
    <li
      ref={item}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(e) => { start.current = e.clientX; }}
      onPointerMove={(e) => { if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current)); }}
      onPointerUp={() => {
        if (offset > SWIPE_THRESHOLD_PX) onDismiss();
        start.current = null;
        setOffset(0);
      }}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      className={cn(
        'pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl border p-4 shadow-lg',
        // Dark mode's lighter accent is too pale under white text (3.7:1): a deeper red there.
        destructive ? 'border-accent bg-accent text-accent-fg dark:border-red-700 dark:bg-red-700 dark:text-white' : 'border-border bg-card text-fg',
      )}
    >
      <div role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'} aria-atomic="true" className="min-w-0 flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          data-toast-action
          aria-keyshortcuts="F8"
          onClick={() => close(toast.action?.onAction)}
          className={cn('shrink-0 self-center rounded-lg border px-3 py-1 text-sm font-medium', destructive ? 'border-white/60 hover:bg-black/10' : 'border-border hover:bg-surface', focusRing)}
        >
          {toast.action.label}
          {/* Where a keyboard is, how to reach this button from the page. */}
          <kbd aria-hidden="true" className="ms-2 hidden rounded border border-current px-1 font-sans text-xs opacity-70 md:inline">F8</kbd>
        </button>
      )}
      <button type="button" onClick={() => close()} aria-label="بستن اعلان" className={cn('rounded-full p-1 hover:bg-black/10', focusRing)}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
