import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/**
 * A link inside the site: a plain anchor, so rendering and hydrating a page full of links costs
 * no router hooks per link. Clicks become client-side navigation through useInternalLinks.
 */
export function Link({ to, ...props }: LinkProps) {
  return <a href={to} {...props} />;
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

export function isActivePath(pathname: string, to: string, end = false): boolean {
  if (pathname === to) return true;
  return !end && to !== '/' && pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
}

/** A navigation link that knows whether it points at the current page (aria-current). */
export function NavLink({ to, end, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = isActivePath(safeDecode(pathname), safeDecode(to), end);
  return <a href={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} {...props} />;
}

// Every navigation link on a page decodes the same current path (an article's is ~600
// characters of percent-encoded Persian, twenty times a render): the last answer is kept.
let lastEncoded = '';
let lastDecoded = '';

function safeDecode(path: string): string {
  if (!path.includes('%')) return path;
  if (path !== lastEncoded) {
    let decoded = path;
    try {
      decoded = decodeURI(path);
    } catch {
      // Malformed: compared as it is.
    }
    lastEncoded = path;
    lastDecoded = decoded;
  }
  return lastDecoded;
}

/** Paths the server answers with something other than a page: they load as documents. */
const DOCUMENT_PATH = /^\/(api|media|img|assets)\/|\.(xml|txt|json|svg|png|jpe?g|webp|gif|ico|mp3|mp4|webm|pdf)$/i;

/** Whether a click on this anchor should become client-side navigation, and where to. */
export function internalTarget(event: MouseEvent, origin: string, current: { pathname: string; search: string }): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin || DOCUMENT_PATH.test(url.pathname)) return null;
  // A jump within this page (#comments) is the browser's own.
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return null;
  return url.pathname + url.search + url.hash;
}

/** One click listener for the document turns clicks on the site's own links into navigation. */
export function useInternalLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = internalTarget(event, window.location.origin, window.location);
      if (target === null) return;
      event.preventDefault();
      void navigate(target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
