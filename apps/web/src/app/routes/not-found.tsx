import { Link } from '../../components/link.tsx';
import { Home } from '../../components/icons';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { formatNumberFa } from '@chapar/shared/text';
import { pageTitle, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteModule } from '../route-types.ts';

const TITLE = 'صفحه یافت نشد';

export function NotFoundPage() {
  useDocumentHead({ title: pageTitle(TITLE) });
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p aria-hidden="true" className="text-7xl font-bold text-accent">{formatNumberFa(404)}</p>
      <h1 className="mt-4 text-2xl font-bold">{TITLE}</h1>
      <p className="mt-2 text-muted">صفحه‌ای که به دنبال آن بودید وجود ندارد یا جابه‌جا شده است.</p>
      <Link to={paths.home()} className={`${buttonStyles.primary} mt-6`}>
        <Home aria-hidden="true" className="size-4" />
        بازگشت به صفحه اصلی
      </Link>
      <nav aria-label="پیشنهادها" className="mt-6 flex justify-center gap-4 text-sm">
        <Link to={paths.category('politics')} className="text-accent underline-offset-4 hover:underline">اخبار سیاسی</Link>
        <Link to={paths.category('economy')} className="text-accent underline-offset-4 hover:underline">اخبار اقتصادی</Link>
      </nav>
    </div>
  );
}

export const route: RouteModule = {
  Component: NotFoundPage,
  resolve: () => ({ status: 404 }),
  head: ({ pathname }) => ({ title: pageTitle(TITLE), path: pathname, noindex: true }),
};
