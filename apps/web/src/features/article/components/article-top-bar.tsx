import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from '../../../components/icons';
import { buttonStyles, mirrorRtl } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../lib/paths.ts';

/** Spec 02 §2 item 1: sticky under the site header, with back and the page's quick actions. */
export function ArticleTopBar({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Back within the site when there is history here, else home.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.home()));
  return (
    <div data-sticky-top="article" className="sticky top-16 z-30 -mt-2 mb-4 flex h-12 items-center gap-2 border-b border-border bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/75 md:-mt-4">
      <button type="button" onClick={back} aria-label="بازگشت" title="بازگشت" className={`js-only ${buttonStyles.icon} -ms-2`}>
        <ArrowLeft aria-hidden="true" className={`size-5 ${mirrorRtl}`} />
      </button>
      <p aria-hidden="true" className="min-w-0 flex-1 truncate text-sm font-medium text-muted">{title}</p>
      <div className="-me-2 flex items-center gap-0.5">{children}</div>
    </div>
  );
}
