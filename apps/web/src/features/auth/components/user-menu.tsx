import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { LayoutDashboard, LogOut, UserRound } from '../../../components/icons';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useAdminStatus, useLogout } from '../api.ts';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The form loads when the dialog first opens: most readers never log in.
const LoginForm = lazyPart(() => import('./login-form.tsx').then((m) => ({ default: m.LoginForm })));

const menuItem = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-surface';

/** Header user icon: the login dialog when logged out, a menu with admin panel and logout when in. */
export function UserMenu({ className }: { className?: string }) {
  const status = useAdminStatus();
  const [loginOpen, setLoginOpen] = useState(false);
  const navigate = useNavigate();
  const { toast } = useToast();
  const logoutAndClear = useLogout();

  if (status.data?.isAuthenticated) {
    const onLogout = () => logoutAndClear(status.data?.csrfToken ?? null);
    return (
      <Popover
        label="منوی مدیر"
        role="menu"
        className="w-56 p-2"
        trigger={(props) => (
          <button type="button" {...props} aria-haspopup="menu" aria-label={`حساب مدیر: ${status.data?.username ?? ''}`} className={cn(buttonStyles.iconShape, 'bg-accent-soft text-accent hover:opacity-90', className)}>
            <UserRound aria-hidden="true" className="size-5" />
          </button>
        )}
      >
        {(close) => (
          <>
            <p className="px-3 py-1 text-xs text-muted">{status.data?.username}</p>
            <Link role="menuitem" to={paths.admin()} onClick={close} className={menuItem}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              پنل مدیریت
            </Link>
            <button role="menuitem" type="button" onClick={() => { close(); void onLogout(); }} className={`${menuItem} text-accent`}>
              <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              خروج
            </button>
          </>
        )}
      </Popover>
    );
  }

  return (
    <>
      <button type="button" onClick={() => setLoginOpen(true)} aria-haspopup="dialog" aria-label="ورود مدیران" className={cn(buttonStyles.icon, className)}>
        <UserRound aria-hidden="true" className="size-5" />
      </button>
      <Dialog open={loginOpen} onClose={() => setLoginOpen(false)} title="ورود به پنل مدیریت">
        <Suspense fallback={<p className="py-8 text-center text-sm text-muted">در حال بارگذاری...</p>}>
          <LoginForm
            onSuccess={() => {
              setLoginOpen(false);
              toast({ title: 'ورود موفق', description: 'وارد پنل مدیریت شدید' });
              navigate(paths.admin());
            }}
          />
        </Suspense>
      </Dialog>
    </>
  );
}
