import { useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { ArrowLeft, LoaderCircle, LogOut } from '../../components/icons';
import { Logo } from '../../components/logo.tsx';
import { buttonStyles, mirrorRtl } from '../../components/ui/button-styles.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { useAdminStatus, useLogout } from '../../features/auth/api.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { pageTitle, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';

// The admin area is client-only and lives in its own chunk; this is its shell until the
// admin SPA (spec 03) lands.

function AdminLogin() {
  useDocumentHead({ title: pageTitle('ورود مدیران') });
  const navigate = useNavigate();
  const status = useAdminStatus();
  const { toast } = useToast();
  if (status.data?.isAuthenticated) return <Navigate to={paths.admin()} replace />;
  return (
    <div className="mx-auto w-full max-w-sm rounded-2xl border border-border bg-card p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold">ورود به پنل مدیریت</h1>
      <LoginForm onSuccess={() => { toast({ title: 'ورود موفق', description: 'وارد پنل مدیریت شدید' }); navigate(paths.admin()); }} />
    </div>
  );
}

function AdminHome() {
  useDocumentHead({ title: pageTitle('پنل مدیریت') });
  const status = useAdminStatus();
  const logoutAndClear = useLogout();
  if (status.isLoading) return <LoaderCircle aria-label="در حال بارگذاری" className="mx-auto size-8 animate-spin text-muted" />;
  if (!status.data?.isAuthenticated) return <Navigate to={paths.adminLogin()} replace />;
  const onLogout = () => logoutAndClear(status.data?.csrfToken ?? null);
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-6">
      <h1 className="text-2xl font-bold">پنل مدیریت</h1>
      <p className="mt-2 text-muted">خوش آمدید، {status.data.username}. در صفحه هر خبر، آمار بازدید و ابزارهای حذف، بازسازی و اصلاح تصویر آن خبر برای شما نمایش داده می‌شود.</p>
      <button type="button" onClick={() => void onLogout()} className={`${buttonStyles.secondary} mt-6`}>
        <LogOut aria-hidden="true" className={`size-4 ${mirrorRtl}`} />
        خروج
      </button>
    </div>
  );
}

export default function AdminApp() {
  useEffect(() => {
    // Admin pages are never indexed, even if a link leaks.
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b border-border bg-card">
        <div className="container-page flex h-16 items-center justify-between">
          <Link to={paths.admin()} aria-label="پنل مدیریت چاپار"><Logo /></Link>
          <Link to={paths.home()} className={buttonStyles.ghost}>
            <ArrowLeft aria-hidden="true" className={`size-4 ${mirrorRtl}`} />
            بازگشت به سایت
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page flex-1 py-10 outline-none">
        <Routes>
          <Route path="login" element={<AdminLogin />} />
          <Route index element={<AdminHome />} />
          <Route path="*" element={<AdminHome />} />
        </Routes>
      </main>
    </div>
  );
}
