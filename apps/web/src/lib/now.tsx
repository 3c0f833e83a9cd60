import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

// The server's render time, shared with the client through the page's state, so relative
// times ("۵ دقیقه پیش") hydrate to the same text and only then tick with the real clock.
const NowContext = createContext<number>(0);

export function NowProvider({ renderedAt, children }: { renderedAt: number; children: ReactNode }) {
  return <NowContext.Provider value={renderedAt}>{children}</NowContext.Provider>;
}

/** The current time in ms: the render time first, then the clock every `intervalMs`. */
export function useNow(intervalMs = 60_000): number {
  const renderedAt = useContext(NowContext);
  const [now, setNow] = useState(renderedAt || 0);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now || renderedAt;
}
