import { useEffect, type RefObject } from 'react';
import { focusWhenEnabled } from './focus-history.ts';

/** Where focus goes when what had it leaves the page: the closest of these that is still there. */
const LANDING = 'table, section, [role="region"], form, main';
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A list item removed with focus inside it (a comment restored, a row of a list deleted): the
 * control in the same place in the item that took its place, the next or, when it was the last,
 * the one before. The next Tab then goes on from there, not from the top of a long list.
 */
function sameControlNearby(record: MutationRecord, lost: Element): HTMLElement | null {
  const item = [...record.removedNodes].find((node) => node instanceof HTMLLIElement && node.contains(lost));
  if (!(item instanceof HTMLLIElement)) return null;
  const place = [...item.querySelectorAll(CONTROLS)].indexOf(lost);
  const neighbour = [record.nextSibling, record.previousSibling].find((node) => node instanceof HTMLLIElement && node.isConnected);
  if (!(neighbour instanceof HTMLLIElement)) return null;
  const controls = [...neighbour.querySelectorAll<HTMLElement>(CONTROLS)];
  return controls[place] ?? controls[0] ?? null;
}

/**
 * Keeps keyboard focus inside `region` when the element that has it is removed (or disabled while
 * its request runs, until it is enabled again): a row deleted
 * after its confirmation (the dialog gave focus back to the row's button, then the row went), a
 * list refetched under the reader. Browsers then drop focus to <body> and the next Tab starts from
 * the top of the page; here the closest table, section or form that remains takes it, so the next
 * Tab continues where the admin was and a screen reader names where that is.
 */
export function useFocusKeptInside(region: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = region.current;
    if (!root) return;
    let focused: Element | null = null;
    const disabled = (element: Element) => element.matches(':disabled');
    // A focused button disabled while its request runs: the browser drops focus to <body>; it gets
    // focus back when it is enabled again. If it goes instead, the removal below finds it a place.
    const park = (element: HTMLElement) => focusWhenEnabled(element, () => {});
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element && root.contains(event.target) ? event.target : null;
    };
    // Focus moved away on purpose (a click elsewhere, another window): nothing to keep. A removal
    // can also blur; the element is then no longer connected, and is kept. So can disabling it.
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      queueMicrotask(() => {
        if (left !== focused || !(left instanceof HTMLElement) || !left.isConnected || document.activeElement === left) return;
        if (disabled(left)) park(left);
        else focused = null;
      });
    };
    const parkDisabled = (records: MutationRecord[]) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target === focused && record.target instanceof HTMLElement && disabled(record.target)) park(record.target);
      }
    };
    const observer = new MutationObserver((records) => {
      parkDisabled(records);
      if (!focused || focused.isConnected) return;
      const lost = focused;
      focused = null;
      if (document.activeElement && document.activeElement !== document.body) return;
      const removal = records.find((r) => [...r.removedNodes].some((node) => node === lost || node.contains(lost)));
      const parent = removal?.target;
      const landing = (parent instanceof Element && parent.isConnected ? parent.closest<HTMLElement>(LANDING) : null) ?? root;
      const land = () => {
        if (!landing.hasAttribute('tabindex')) landing.tabIndex = -1;
        landing.focus({ preventScroll: true });
      };
      const nearby = removal ? sameControlNearby(removal, lost) : null;
      if (!nearby) land();
      else if (nearby.matches(':disabled')) focusWhenEnabled(nearby, land);
      else nearby.focus();
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, [region]);
}
