import { useEffect, useState } from 'react';

const REDUCE = '(prefers-reduced-motion: reduce)';

/**
 * Whether the reader asked the system for less motion; follows a change while the page is open.
 * False on the server and in the render that hydrates (the server cannot know).
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const media = matchMedia(REDUCE);
    setReduced(media.matches);
    const onChange = () => setReduced(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return reduced;
}
