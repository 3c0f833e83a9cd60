import { Suspense, useState, type ReactNode } from 'react';

/**
 * Progressive hydration. A server-rendered page is readable at once, but hydrating all of it
 * in one go is the longest task a slow phone runs on load. Blocks below the fold are wrapped
 * in <HydrateWhenVisible>: while the page hydrates they suspend, and Preact keeps their server
 * markup as it is (visible, links working) and hydrates them later, when they come near the
 * viewport or the reader focuses or touches them. Rendered any other way (on the server, or
 * after client-side navigation) they are ordinary children.
 *
 * What a deferred block shows must not depend on props that change after the page hydrated:
 * its later hydration attaches behaviour to the server's markup but does not rewrite attributes.
 * Client-only values (the browser's origin, the reader's own rating) belong inside the block,
 * computed by its components after their own hydration. Give the block a `key` that changes
 * with its content (the article id), so navigating to other content renders it afresh.
 */

let hydrating = false;
const woken = new Set<string>();
const waits = new Map<string, Promise<void>>();

/** Runs the page's hydration; blocks asked for during it may wait for their turn. */
export function hydrateProgressively(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

const WAKE_EVENTS = ['focusin', 'pointerdown', 'pointerenter', 'touchstart'] as const;

/** Resolves once the block named `name` nears the viewport or is interacted with. */
function whenWanted(name: string, rootMargin: string): Promise<void> {
  let wait = waits.get(name);
  if (wait) return wait;
  wait = new Promise<void>((resolve) => {
    const el = document.querySelector(`[data-hydrate="${CSS.escape(name)}"]`);
    if (!el || typeof IntersectionObserver === 'undefined') {
      resolve();
      return;
    }
    const wake = () => {
      observer.disconnect();
      for (const type of WAKE_EVENTS) el.removeEventListener(type, wake);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) wake();
    }, { rootMargin });
    observer.observe(el);
    for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { passive: true });
  }).then(() => {
    woken.add(name);
  });
  waits.set(name, wait);
  return wait;
}

interface Props {
  /** Unique on the page: finds the block's server markup. */
  name: string;
  children: ReactNode;
  className?: string;
  /** How far ahead of the viewport hydration starts. */
  rootMargin?: string;
}

function Gate({ name, rootMargin, className, children }: Required<Omit<Props, 'className'>> & { className?: string }) {
  // Only a block born in the page's first hydration waits; the answer sticks to this instance,
  // so a re-render of its parent meanwhile does not wake it early.
  const [deferred] = useState(() => hydrating);
  if (deferred && !woken.has(name)) throw whenWanted(name, rootMargin);
  return <div data-hydrate={name} className={className}>{children}</div>;
}

export function HydrateWhenVisible({ name, children, className, rootMargin = '300px 0px' }: Props) {
  return (
    <Suspense fallback={null}>
      <Gate name={name} rootMargin={rootMargin} className={className}>{children}</Gate>
    </Suspense>
  );
}
