import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ArrowLeft, House, LogOut } from 'lucide-react';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { buttonStyles, focusRing } from '../../components/ui/button-styles.ts';
import { useAdminStatus, useLogout } from '../../features/auth/api.ts';
import { cn } from '../../lib/cn.ts';
import type { Permission } from '@chapar/shared/contracts';
import { useCan } from '../lib/permissions.ts';
import { adminPaths } from '../paths.ts';
import { useFocusKeptInside } from '../../lib/keep-focus.ts';
import { useScrollHints } from './scroll-hints.ts';

// Each page with what a role needs to see it in the menu (the dashboard shows the tabs it may).
const NAV: Array<{ to: string; label: string; end?: boolean; needs: Permission[] }> = [
  { to: adminPaths.dashboard(), label: 'داشبورد', end: true, needs: ['view', 'comments'] },
  { to: adminPaths.ignored(), label: 'پست‌های نادیده', needs: ['ignored'] },
  { to: adminPaths.newsletter(), label: 'خبرنامه', needs: ['newsletter'] },
  { to: adminPaths.blocklist(), label: 'فهرست مسدود', needs: ['blocklist'] },
  { to: adminPaths.deletedArticles(), label: 'مقاله‌های حذف‌شده', needs: ['view'] },
  { to: adminPaths.sync(), label: 'همگام‌سازی', needs: ['jobs'] },
  { to: adminPaths.contentVerification(), label: 'بررسی کیفیت', needs: ['jobs'] },
  { to: adminPaths.telegramAuth(), label: 'احراز هویت تلگرام', needs: ['settings'] },
  { to: adminPaths.users(), label: 'حساب‌ها', needs: ['accounts'] },
  { to: adminPaths.audit(), label: 'گزارش کارها', needs: ['accounts'] },
  { to: adminPaths.account(), label: 'حساب من', needs: ['self'] },
];

/** The admin header (logo, pages, theme, back to the site, logout) around every signed-in screen. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const status = useAdminStatus();
  const logout = useLogout();
  const { pathname } = useLocation();
  const can = useCan();
  const main = useRef<HTMLElement>(null);
  useFocusKeptInside(main);
  const menu = useRef<HTMLElement>(null);
  useScrollHints(menu);
  // On a phone the menu scrolls sideways: the current page's item is brought to the middle, clear of the faded edges.
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">پرش به محتوا</a>
      <header className="border-b border-border bg-card">
        <div className="container-page flex h-16 items-center justify-between gap-2">
          <NavLink to={adminPaths.dashboard()} aria-label="پنل مدیریت چاپار" className={cn('rounded', focusRing)}><Logo /></NavLink>
          <div className="flex items-center gap-1">
            {status.data?.username && <bdi className="hidden text-sm text-muted sm:inline">{status.data.username}</bdi>}
            <ThemeToggle />
            {/* On a phone an icon (the logo leads to the panel, so this is the one way to the site). */}
            <a href="/" className={cn(buttonStyles.ghost, 'max-sm:px-2.5')}>
              <House aria-hidden="true" className="size-4 sm:hidden" />
              <span className="max-sm:sr-only">بازگشت به سایت</span>
              <ArrowLeft aria-hidden="true" className="size-4 max-sm:hidden" />
            </a>
            <button type="button" onClick={() => void logout(status.data?.csrfToken ?? null)} className={buttonStyles.ghost}>
              <LogOut aria-hidden="true" className="size-4" />
              <span>خروج</span>
            </button>
          </div>
        </div>
        <nav ref={menu} aria-label="بخش‌های پنل" className="scroll-hints container-page overflow-x-auto">
          <ul className="flex gap-1 pb-2">
            {NAV.filter((item) => item.needs.some(can)).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => cn(
                    'block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm',
                    focusRing,
                    isActive && (item.end ? pathname === '/admin' || pathname === '/admin/bulk' : true) ? 'bg-accent-soft font-bold text-accent dark:text-red-200' : 'text-muted hover:bg-surface hover:text-fg',
                  )}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main ref={main} id="main" tabIndex={-1} className="container-page flex-1 py-6 outline-none">{children}</main>
    </div>
  );
}
