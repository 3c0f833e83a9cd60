/**
 * Registers /sw.js (offline reading, spec 02 §4) for the whole site once the page has
 * loaded, so it never competes with the page's own requests. Production builds only:
 * a worker caching development modules would serve stale code.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
