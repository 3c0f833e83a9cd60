import { useEffect, useState } from 'react';

/**
 * False on the server and in the render that hydrates, true after: what depends on the
 * browser (local storage, the session id, online state) waits for it, so hydration matches.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
