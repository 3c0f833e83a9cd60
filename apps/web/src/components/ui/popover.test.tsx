// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Popover } from './popover.tsx';

/** The panel as the browser would lay it out: from `left`, `width` wide, on a screen `screen` wide. */
function layOut(left: number, width: number, screenWidth: number) {
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(screenWidth);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ left, right: left + width, top: 0, bottom: 100, width, height: 100, x: left, y: 0, toJSON: () => ({}) }) as DOMRect,
  );
}

function open() {
  render(
    <Popover label="منو" trigger={(props) => <button type="button" {...props}>باز</button>}>
      <p>محتوا</p>
    </Popover>,
  );
  fireEvent.click(screen.getByText('باز'));
  return screen.getByRole('dialog');
}

describe('Popover', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('moves a panel that passes the right edge back inside, 8 px from it', () => {
    layOut(60, 336, 390);
    expect(open().style.translate).toBe('-14px 0');
  });

  it('moves a panel that passes the left edge back inside', () => {
    layOut(-20, 300, 390);
    expect(open().style.translate).toBe('28px 0');
  });

  it('leaves a panel that fits where its trigger puts it', () => {
    layOut(40, 300, 390);
    expect(open().style.translate).toBe('');
  });
});
