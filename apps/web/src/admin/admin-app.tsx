import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../components/logo.tsx';
import { PartBoundary } from '../components/part-boundary.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { useAdminStatus } from '../features/auth/api.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { AdminLayout } from './components/admin-layout.tsx';
import { RequirePermission, RequireSession } from './components/require-session.tsx';
import type { Permission } from '@chapar/shared/contracts';
import { PlanHost } from './components/plan-host.tsx';
import { LoadingState } from './components/states.tsx';
import { NotFound } from './not-found.tsx';
import {
  AccountPage, AuditPage, BlocklistPage, ContentVerificationPage, Dashboard, DeletedArticlesPage, IgnoredPage, InvitePage, NewsletterPage, SyncPage, TelegramAuthPage, UsersPage,
} from './screens.ts';
import { adminPaths, safeNext } from './paths.ts';
import { useAdminTitle } from './use-admin-title.ts';

function AdminLogin() {
  useAdminTitle('ورود مدیران');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useAdminStatus();
  const { toast } = useToast();
  const next = safeNext(params.get('next'));
  if (status.isPending) return <LoadingState />;
  if (status.data?.isAuthenticated) return <Navigate to={next} replace />;
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-surface p-4">
      <div className="w-full max-w-sm rounded-2xl border border-border bg-card p-6 shadow-sm dark:[&_button[type=submit]]:bg-red-700">
        <div className="mb-4 flex justify-center"><Logo /></div>
        <h1 className="mb-4 text-center text-xl font-bold">ورود به پنل مدیریت</h1>
        <LoginForm onSuccess={() => { toast({ title: 'ورود موفق', description: 'وارد پنل مدیریت شدید' }); navigate(next, { replace: true }); }} />
      </div>
    </main>
  );
}

/** A signed-in screen; `permission` names what the role needs for it (the dashboard shows the tabs it may). */
function Guarded({ children, permission }: { children: ReactNode; permission?: Permission }) {
  const { pathname } = useLocation();
  return (
    <RequireSession><PlanHost><AdminLayout><RequirePermission permission={permission}>
      {/* The screen's chunk loads inside the shell, so the navigation stays while it does, and so does a failure. */}
      <PartBoundary resetKey={pathname}><Suspense fallback={<LoadingState />}>{children}</Suspense></PartBoundary>
    </RequirePermission></AdminLayout></PlanHost></RequireSession>
  );
}

/** The admin area's routes (spec 03 §2.1); each needs a session, unknown paths are 404. */
export function AdminApp() {
  useEffect(() => {
    document.documentElement.lang = 'fa';
    document.documentElement.dir = 'rtl';
  }, []);
  return (
    <PartBoundary>
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path="/admin/login" element={<AdminLogin />} />
        <Route path="/admin" element={<Guarded><Dashboard /></Guarded>} />
        <Route path="/admin/bulk" element={<Guarded><Dashboard /></Guarded>} />
        <Route path="/admin/ignored" element={<Guarded permission="ignored"><IgnoredPage /></Guarded>} />
        <Route path="/admin/newsletter" element={<Guarded permission="newsletter"><NewsletterPage /></Guarded>} />
        <Route path="/admin/blocklist" element={<Guarded permission="blocklist"><BlocklistPage /></Guarded>} />
        <Route path="/admin/deleted-articles" element={<Guarded permission="view"><DeletedArticlesPage /></Guarded>} />
        <Route path="/admin/sync" element={<Guarded permission="jobs"><SyncPage /></Guarded>} />
        <Route path="/admin/telegram-auth" element={<Guarded permission="settings"><TelegramAuthPage /></Guarded>} />
        <Route path="/admin/content-verification" element={<Guarded permission="jobs"><ContentVerificationPage /></Guarded>} />
        <Route path="/admin/users" element={<Guarded permission="accounts"><UsersPage /></Guarded>} />
        <Route path="/admin/audit" element={<Guarded permission="accounts"><AuditPage /></Guarded>} />
        <Route path="/admin/account" element={<Guarded permission="self"><AccountPage /></Guarded>} />
        <Route path="/admin/invite" element={<InvitePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
    </PartBoundary>
  );
}

export { adminPaths };
