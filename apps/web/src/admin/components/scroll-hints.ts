import { useEffect, type RefObject } from 'react';

/**
 * Marks a row that scrolls sideways with where more of it is hidden (`data-more-start`,
 * `data-more-end`), so `.scroll-hints` in admin.css fades that edge: on a phone the admin's
 * menu and the dashboard's tabs are wider than the screen, and a row cut at a word boundary
 * gave no sign that more items follow. In RTL, scrollLeft is 0 at the start and negative
 * towards the end.
 */
export function useScrollHints(row: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const scrolled = Math.abs(element.scrollLeft);
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
  }, [row]);
}
