import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAdminStatus } from '../../features/auth/api.ts';
import { adminPaths } from '../paths.ts';
import { ErrorState, LoadingState } from './states.tsx';

/** Every admin screen needs a session checked by the server: without one, to the login and back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAdminStatus();
  const location = useLocation();
  if (status.isPending) return <LoadingState label="در حال بررسی ورود…" />;
  if (status.isError) return <ErrorState message="خطا در ارتباط با سرور" onRetry={() => void status.refetch()} />;
  if (!status.data.isAuthenticated) return <Navigate to={adminPaths.login(location.pathname + location.search)} replace />;
  return children;
}
