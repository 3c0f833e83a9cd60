// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
