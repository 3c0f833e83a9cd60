import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Accessibility, Bookmark, Menu, Search, SlidersHorizontal, X } from '../../components/icons';
import { Logo } from '../../components/logo.tsx';
import { PreferencesPanel } from '../../components/preferences-panel.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Popover } from '../../components/ui/popover.tsx';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { HeaderSearch } from '../../features/search/components/header-search.tsx';
import { paths } from '../../lib/paths.ts';
import { MobileMenu } from './mobile-menu.tsx';

export function Header() {
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const escapeMenu = useCallback(() => {
    setMenuOpen(false);
    menuToggle.current?.focus();
  }, []);
  const { pathname, search } = useLocation();
  useEffect(() => setSearchOpen(false), [pathname, search]);
  const searchToggle = useRef<HTMLAnchorElement>(null);
  // Escape closes the phone's search row, as it closes the menu, and gives focus back to its toggle.
  const closeSearch = useCallback((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setSearchOpen(false);
    searchToggle.current?.focus();
  }, []);
  return (
    <header data-sticky-top className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="container-page flex h-16 items-center gap-2 md:gap-4">
        {/* The logo gives way first when large text fills the row. */}
        <Link to={paths.home()} aria-label="چاپار، صفحه اصلی" className="min-w-0 rounded-lg md:shrink-0">
          <Logo className="h-9 w-auto max-w-full" />
        </Link>
        <HeaderSearch className="mx-auto hidden w-full max-w-md md:block" />
        <div className="ms-auto flex shrink-0 items-center gap-0.5 md:ms-0">
          {/* On phones the toggle opens the search row; without JavaScript it is a link to /search. */}
          <a
            ref={searchToggle}
            href={paths.search()}
            role="button"
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            aria-label={searchOpen ? 'بستن جستجو' : 'جستجو'}
            onClick={(e) => { e.preventDefault(); setSearchOpen((o) => !o); }}
            className={`${buttonStyles.icon} md:hidden`}
          >
            {searchOpen ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
          </a>
          {/* Phones reach it from the menu (and the search toggle without JavaScript). */}
          <Link to={paths.search()} aria-label="جستجوی پیشرفته" title="جستجوی پیشرفته" className={`${buttonStyles.icon} max-md:hidden`}>
            <SlidersHorizontal aria-hidden="true" className="size-5" />
          </Link>
          <Link to={paths.bookmarks()} aria-label="خبرهای نشانک‌شده" title="خبرهای نشانک‌شده" className={`${buttonStyles.icon} max-md:hidden`}>
            <Bookmark aria-hidden="true" className="size-5" />
          </Link>
          <div className="js-only hidden md:block">
            <Popover
              label="تنظیمات دسترس‌پذیری"
              trigger={(props) => (
                <button type="button" {...props} aria-label="تنظیمات دسترس‌پذیری" title="تنظیمات دسترس‌پذیری" className={buttonStyles.icon}>
                  <Accessibility aria-hidden="true" className="size-5" />
                </button>
              )}
            >
              <PreferencesPanel />
            </Popover>
          </div>
          <ThemeToggle className="js-only" />
          <UserMenu className="js-only" />
          <button
            ref={menuToggle}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'بستن منو' : 'منو'}
            onClick={() => setMenuOpen((o) => !o)}
            className={`js-only ${buttonStyles.icon} md:hidden`}
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
      <div id="mobile-search" hidden={!searchOpen} onKeyDown={closeSearch} className="container-page pb-3 md:hidden">
        {searchOpen && <HeaderSearch autoFocus />}
      </div>
      <MobileMenu open={menuOpen} onClose={closeMenu} onEscape={escapeMenu} />
    </header>
  );
}
