import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Bookmark, Flame, SlidersHorizontal } from '../../components/icons';
import { PreferencesPanel } from '../../components/preferences-panel.tsx';
import { paths } from '../../lib/paths.ts';

const itemClass = 'flex items-center gap-2 rounded-lg px-3 py-2.5 font-medium hover:bg-surface';

/**
 * The phone menu: quick links and the accessibility settings; closes on navigation, and on Escape
 * through `onEscape` (which gives focus back to the toggle: the menu's links go with it).
 */
export function MobileMenu({ open, onClose, onEscape }: { open: boolean; onClose: () => void; onEscape: () => void }) {
  const location = useLocation();
  useEffect(() => { onClose(); }, [location.pathname, onClose]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') onEscape(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onEscape]);

  return (
    <div id="mobile-menu" hidden={!open} className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border md:hidden">
      {/* Its contents exist only while open: the page and its hydration carry none of it. */}
      {open && (
        <div className="container-page space-y-4 py-4">
          <nav aria-label="پیوندهای سریع" className="grid gap-1">
            <Link to={paths.search()} className={itemClass}><SlidersHorizontal aria-hidden="true" className="size-4" />جستجوی پیشرفته</Link>
            <Link to={paths.trending()} className={itemClass}><Flame aria-hidden="true" className="size-4 text-accent" />موضوعات داغ</Link>
            <Link to={paths.bookmarks()} className={itemClass}><Bookmark aria-hidden="true" className="size-4" />خبرهای نشانک‌شده</Link>
          </nav>
          <section aria-label="تنظیمات دسترس‌پذیری" className="rounded-xl border border-border p-4">
            <PreferencesPanel />
          </section>
        </div>
      )}
    </div>
  );
}
