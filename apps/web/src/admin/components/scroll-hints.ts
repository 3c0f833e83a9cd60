import { useEffect, type RefObject } from 'react';

/**
 * Marks a row that scrolls sideways with where more of it is hidden (`data-more-start`,
 * `data-more-end`), so `.scroll-hints` in admin.css fades that edge: on a phone the admin's
 * menu and the dashboard's tabs are wider than the screen, and a row cut at a word boundary
 * gave no sign that more items follow. In RTL, scrollLeft is 0 at the start and negative
 * towards the end. A list that scrolls downwards (axis 'y', `.scroll-hints-y`) is marked the same way.
 */
export function useScrollHints(row: RefObject<HTMLElement | null>, axis: 'x' | 'y' = 'x'): void {
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const hidden = axis === 'x' ? element.scrollWidth - element.clientWidth : element.scrollHeight - element.clientHeight;
      const scrolled = Math.abs(axis === 'x' ? element.scrollLeft : element.scrollTop);
      element.dataset.moreStart = String(scrolled > 1);
      element.dataset.moreEnd = String(hidden - scrolled > 1);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [row, axis]);
}
