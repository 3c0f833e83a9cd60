import { useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenVisibleProps {
  children: ReactNode;
  /** Shown until the block comes near the viewport (and on the server). */
  placeholder?: ReactNode;
  /** How far ahead of the viewport to start, in CSS margin syntax. */
  rootMargin?: string;
  id?: string;
  className?: string;
}

/**
 * Renders its children once the reader scrolls near them, so a lazily imported block
 * (comments) costs nothing until then. The server and the hydrating render show the
 * placeholder; a link to the block's id (#comments) opens it at once.
 */
export function WhenVisible({ children, placeholder = null, rootMargin = '800px 0px', id, className }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined' || (id && window.location.hash === `#${id}`)) {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    }, { rootMargin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [id, rootMargin]);
  return <div ref={ref} id={id} className={className}>{visible ? children : placeholder}</div>;
}
