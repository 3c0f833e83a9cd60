import { useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../components/logo.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { useAdminStatus } from '../features/auth/api.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { AdminLayout } from './components/admin-layout.tsx';
import { RequireSession } from './components/require-session.tsx';
import { PlanHost } from './components/plan-host.tsx';
import { LoadingState } from './components/states.tsx';
import { Dashboard } from './dashboard.tsx';
import { BlocklistPage } from './features/blocklist/components/blocklist-page.tsx';
import { ContentVerificationPage } from './features/content-verification/components/content-verification-page.tsx';
import { IgnoredPage } from './features/ignored/components/ignored-page.tsx';
import { NewsletterPage } from './features/newsletter/components/newsletter-page.tsx';
import { SyncPage } from './features/sync/components/sync-page.tsx';
import { TelegramAuthPage } from './features/telegram-auth/components/telegram-auth-page.tsx';
import { NotFound } from './not-found.tsx';
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

function Guarded({ children }: { children: ReactNode }) {
  return <RequireSession><PlanHost><AdminLayout>{children}</AdminLayout></PlanHost></RequireSession>;
}

/** The admin area's routes (spec 03 §2.1); each needs a session, unknown paths are 404. */
export function AdminApp() {
  useEffect(() => {
    document.documentElement.lang = 'fa';
    document.documentElement.dir = 'rtl';
  }, []);
  return (
    <Routes>
      <Route path="/admin/login" element={<AdminLogin />} />
      <Route path="/admin" element={<Guarded><Dashboard /></Guarded>} />
      <Route path="/admin/bulk" element={<Guarded><Dashboard /></Guarded>} />
      <Route path="/admin/ignored" element={<Guarded><IgnoredPage /></Guarded>} />
      <Route path="/admin/newsletter" element={<Guarded><NewsletterPage /></Guarded>} />
      <Route path="/admin/blocklist" element={<Guarded><BlocklistPage /></Guarded>} />
      <Route path="/admin/sync" element={<Guarded><SyncPage /></Guarded>} />
      <Route path="/admin/telegram-auth" element={<Guarded><TelegramAuthPage /></Guarded>} />
      <Route path="/admin/content-verification" element={<Guarded><ContentVerificationPage /></Guarded>} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export { adminPaths };
