import { Link } from 'react-router';
import { buttonStyles } from '../components/ui/button-styles.ts';
import { adminButton } from './components/styles.ts';
import { adminPaths } from './paths.ts';
import { useAdminTitle } from './use-admin-title.ts';

/** Spec 03 §2.1: any other path is a 404 with a home link and two category links. */
export function NotFound() {
  useAdminTitle('صفحه یافت نشد');
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-surface p-4">
      <div className="max-w-md rounded-2xl border border-border bg-card p-8 text-center">
        <p className="text-5xl font-bold text-accent">۴۰۴</p>
        <h1 className="mt-3 text-xl font-bold">صفحه مورد نظر یافت نشد</h1>
        <p className="mt-2 text-muted">نشانی وارد شده در پنل مدیریت وجود ندارد.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Link to={adminPaths.dashboard()} className={adminButton.primary}>پنل مدیریت</Link>
          <a href="/" className={buttonStyles.secondary}>صفحه اصلی</a>
          <a href="/category/politics" className={buttonStyles.secondary}>سیاست</a>
          <a href="/category/economy" className={buttonStyles.secondary}>اقتصاد</a>
        </div>
      </div>
    </main>
  );
}
