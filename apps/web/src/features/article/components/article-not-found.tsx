import { ARTICLE_NOT_FOUND } from '@chapar/shared/page-reads';
import { Link } from '../../../components/link.tsx';
import { Home } from '../../../components/icons';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { pageTitle, useDocumentHead } from '../../../lib/head.ts';
import { paths } from '../../../lib/paths.ts';


/** Spec 02 §2: a missing article (or a failed address) says so and leads home. */
export function ArticleNotFound() {
  useDocumentHead({ title: pageTitle(ARTICLE_NOT_FOUND) });
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">{ARTICLE_NOT_FOUND}</h1>
      <p className="mt-2 text-muted">ممکن است این خبر حذف شده یا نشانی آن اشتباه باشد.</p>
      <Link to={paths.home()} className={`${buttonStyles.primary} mt-6`}><Home aria-hidden="true" className="size-4" />بازگشت به صفحه اصلی</Link>
    </div>
  );
}
