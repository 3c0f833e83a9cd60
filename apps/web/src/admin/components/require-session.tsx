import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import type { Permission } from '@chapar/shared/contracts';
import { useAdminStatus } from '../../features/auth/api.ts';
import { adminPaths } from '../paths.ts';
import { ErrorState, LoadingState } from './states.tsx';

/** A page the role may not open: said in words, with the way back (the server refuses it anyway). */
function NoAccess() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-card px-4 py-10 text-center">
      <ShieldAlert aria-hidden="true" className="size-8 text-accent" />
      <p className="font-medium">نقش شما اجازهٔ دیدن این صفحه را ندارد.</p>
      <a href={adminPaths.dashboard()} className="text-sm text-accent underline-offset-4 hover:underline">بازگشت به پنل مدیریت</a>
    </div>
  );
}

/** A page only some roles use: for the others it says so in words. */
export function RequirePermission({ children, permission }: { children: ReactNode; permission?: Permission }) {
  const status = useAdminStatus();
  if (permission && !status.data?.permissions.includes(permission)) return <NoAccess />;
  return children;
}

/**
 * Every admin screen needs a session checked by the server: without one, to the login and back.
 * An owner who must set up two-factor sign-in first is sent to their account page.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAdminStatus();
  const location = useLocation();
  if (status.isPending) return <LoadingState label="در حال بررسی ورود…" />;
  if (status.isError) return <ErrorState message="خطا در ارتباط با سرور" onRetry={() => void status.refetch()} />;
  if (!status.data.isAuthenticated) return <Navigate to={adminPaths.login(location.pathname + location.search)} replace />;
  if (status.data.twoFactorSetupRequired && location.pathname !== adminPaths.account()) return <Navigate to={adminPaths.account()} replace />;
  return children;
}
