// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import '../../testing/dom-shims.ts';
import { Dialog } from './dialog.tsx';
import { ToastProvider, useToast } from './toast.tsx';

function Trigger() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'اول' })}>first</button>
      <button type="button" onClick={() => toast({ title: 'دوم', variant: 'destructive' })}>second</button>
    </>
  );
}

describe('toasts', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows one toast at a time and hides it after 5000 ms', () => {
    vi.useFakeTimers();
    render(<ToastProvider><Trigger /></ToastProvider>);
    fireEvent.click(screen.getByText('first'));
    fireEvent.click(screen.getByText('second'));
    expect(screen.queryByText('اول')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('دوم');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('دوم')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('دوم')).toBeNull();
  });

  it('can be closed with its Persian-labelled button', () => {
    render(<ToastProvider><Trigger /></ToastProvider>);
    fireEvent.click(screen.getByText('first'));
    fireEvent.click(screen.getByRole('button', { name: 'بستن اعلان' }));
    expect(screen.queryByText('اول')).toBeNull();
  });
});

function Undoable({ onUndo }: { onUndo: () => void }) {
  const { toast } = useToast();
  return (
    <main id="main" tabIndex={-1}>
      <button type="button" onClick={() => toast({ title: 'حذف شد', action: { label: 'بازگرداندن', onAction: onUndo } })}>حذف</button>
      <button type="button">بعدی</button>
    </main>
  );
}

describe('focus when a toast closes from its own button', () => {
  afterEach(cleanup);

  it('goes back to where it was before the toast, not to the top of the page', () => {
    const onUndo = vi.fn();
    render(<ToastProvider><Undoable onUndo={onUndo} /></ToastProvider>);
    const trigger = screen.getByRole('button', { name: 'حذف' });
    trigger.focus();
    fireEvent.click(trigger);
    const undo = screen.getByRole('button', { name: 'بازگرداندن' });
    undo.focus();
    fireEvent.click(undo);
    expect(onUndo).toHaveBeenCalledOnce();
    expect(screen.queryByText('حذف شد')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('follows focus moved while the toast showed, and falls back to the main content when that is gone', () => {
    const { rerender } = render(<ToastProvider><Undoable onUndo={() => undefined} /></ToastProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'حذف' }));
    const next = screen.getByRole('button', { name: 'بعدی' });
    next.focus();
    screen.getByRole('button', { name: 'بستن اعلان' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'بستن اعلان' }));
    expect(document.activeElement).toBe(next);

    rerender(<ToastProvider><Undoable onUndo={() => undefined} /></ToastProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'حذف' }));
    next.focus();
    next.remove();
    screen.getByRole('button', { name: 'بستن اعلان' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'بستن اعلان' }));
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('F8 takes the keyboard straight to the undo, which keeps its name; back where it was after', () => {
    const onUndo = vi.fn();
    render(<ToastProvider><Undoable onUndo={onUndo} /></ToastProvider>);
    const trigger = screen.getByRole('button', { name: 'حذف' });
    trigger.focus();
    fireEvent.click(trigger);
    fireEvent.keyDown(window, { key: 'F8' });
    const undo = screen.getByRole('button', { name: 'بازگرداندن' });
    expect(document.activeElement).toBe(undo);
    expect(undo.getAttribute('aria-keyshortcuts')).toBe('F8');
    // The region's name is Persian only; its key is told by aria-keyshortcuts, not in the name.
    const region = screen.getByRole('list', { name: 'اعلان‌ها' });
    expect(region.getAttribute('aria-keyshortcuts')).toBe('F8');
    fireEvent.click(undo);
    expect(onUndo).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(trigger);
  });

  it('stays where it is when the toast closes without having had it', () => {
    render(<ToastProvider><Undoable onUndo={() => undefined} /></ToastProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'حذف' }));
    const next = screen.getByRole('button', { name: 'بعدی' });
    next.focus();
    fireEvent.click(screen.getByRole('button', { name: 'بستن اعلان' }));
    expect(document.activeElement).toBe(next);
  });
});

describe('a toast over the bottom of the page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps the focused control, and the next one Tab reaches, clear of it while it shows', () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) { scrolled.push(this); });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return DOMRect.fromRect({ x: 0, y: 0, width: 390, height: this.tagName === 'LI' ? 72 : 40 });
    });
    render(<ToastProvider><Undoable onUndo={() => undefined} /></ToastProvider>);
    const trigger = screen.getByRole('button', { name: 'حذف' });
    trigger.focus();
    fireEvent.click(trigger);
    expect(scrolled).toEqual([trigger]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
    // Focus given back without scrolling (a button enabled again after its request) is brought clear too.
    screen.getByRole('button', { name: 'بعدی' }).focus({ preventScroll: true });
    expect(scrolled).toEqual([trigger, screen.getByRole('button', { name: 'بعدی' })]);
    // The page's scroll padding is the toast's height and a gap, so focus moved by Tab stops above it.
    expect(document.documentElement.style.scrollPaddingBottom).toBe('96px');
    // And as much room below the page's end, so the last control can scroll clear as well.
    expect(document.body.style.paddingBottom).toBe('96px');
    fireEvent.click(screen.getByRole('button', { name: 'بستن اعلان' }));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    expect(document.body.style.paddingBottom).toBe('');
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });
});

describe('a toast while a native dialog is open', () => {
  afterEach(cleanup);

  function WithDialog() {
    const { toast } = useToast();
    const [open, setOpen] = useState(false);
    return (
      <main id="main" tabIndex={-1}>
        <button type="button" onClick={() => setOpen(true)}>باز کردن</button>
        <Dialog open={open} onClose={() => setOpen(false)} title="ابزار">
          <button type="button" onClick={() => toast({ title: 'انجام شد' })}>اجرا</button>
        </Dialog>
      </main>
    );
  }

  it('is inside the dialog (the page around it is inert) while it is open, and on the page after', () => {
    render(<ToastProvider><WithDialog /></ToastProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'باز کردن' }));
    fireEvent.click(screen.getByRole('button', { name: 'اجرا' }));
    const list = () => screen.getByRole('list', { name: 'اعلان‌ها' });
    expect(list().closest('dialog')).not.toBeNull();
    expect(list().textContent).toContain('انجام شد');
    fireEvent.click(screen.getByRole('button', { name: 'بستن' }));
    expect(list().closest('dialog')).toBeNull();
    expect(list().textContent).toContain('انجام شد');
  });
});
