import { onlineManager } from '@tanstack/react-query';

/** How often a page that started offline asks the site again, until it answers or the browser says online. */
export const RECHECK_MS = 30_000;

/** Any answer from the site, even an error page, means the connection is there. */
const askSite = () => fetch('/', { method: 'HEAD', cache: 'no-store' }).then(() => true);

/**
 * A page opened without a connection (the saved copy) starts offline, so a rating made there
 * waits for the connection instead of failing at once: TanStack Query starts "online" and only
 * follows the browser's later online and offline events. The browser's `navigator.onLine` is
 * checked by asking the site (not through the service worker, which leaves HEAD alone): some
 * browsers report offline wrongly, and a wrong report must not hold a reader's rating for good.
 */
export function startOffline(ask: () => Promise<boolean> = askSite): void {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return;
  onlineManager.setOnline(false);
  const check = () => {
    if (onlineManager.isOnline()) return;
    ask().catch(() => false).then((answered) => {
      if (answered) onlineManager.setOnline(true);
      else if (!onlineManager.isOnline()) setTimeout(check, RECHECK_MS);
    });
  };
  check();
}
