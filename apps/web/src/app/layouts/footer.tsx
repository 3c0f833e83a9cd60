import { Link } from '../../components/link.tsx';
import { CATEGORIES, feedPaths, formatJalaliDate, RSS_TYPE } from '@chapar/shared/text';
import { Headphones, Rss } from '../../components/icons';
import { Logo } from '../../components/logo.tsx';
import { FooterNewsletter } from '../../features/newsletter/components/footer-newsletter.tsx';
import { BreakingNewsPrompt } from '../../features/push/components/breaking-news-prompt.tsx';
import { useNow } from '../../lib/now.tsx';
import { paths } from '../../lib/paths.ts';

// Spec 01 §2: placeholders with no destination yet.
const QUICK_LINKS = ['درباره ما', 'تماس با ما', 'حریم خصوصی', 'شرایط استفاده', 'پرسش‌های متداول'];

export function Footer() {
  const year = formatJalaliDate(useNow(3_600_000), { year: 'numeric', month: undefined, day: undefined });
  return (
    <footer id="site-footer" className="mt-16 border-t border-border bg-surface">
      <div className="container-page grid gap-10 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Link to={paths.home()} aria-label="چاپار، صفحه اصلی" className="inline-block rounded-lg"><Logo /></Link>
          <p className="text-sm leading-7 text-muted">چاپار خبرهای کانال‌های خبری را به مقاله‌های کوتاه و خوانا تبدیل می‌کند؛ سریع، دقیق و همیشه به‌روز.</p>
          {/* Plain links (not the router's): the feeds are files, not pages of the app. */}
          <ul aria-label="خوراک‌ها" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <li>
              <a href={feedPaths.site()} type={RSS_TYPE} className="inline-flex items-center gap-1 rounded text-muted hover:text-accent">
                <Rss aria-hidden="true" className="size-4" />خوراک خبرها
              </a>
            </li>
            <li>
              <a href={feedPaths.podcast()} type={RSS_TYPE} className="inline-flex items-center gap-1 rounded text-muted hover:text-accent">
                <Headphones aria-hidden="true" className="size-4" />پادکست
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="دسته‌بندی‌های خبر">
          <h2 className="mb-3 font-bold">دسته‌بندی‌ها</h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {CATEGORIES.map((c) => (
              <li key={c.slug}><Link to={paths.category(c.slug)} className="text-muted hover:text-accent">{c.nameFa}</Link></li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-bold">دسترسی سریع</h2>
          <ul className="space-y-2 text-sm text-muted">
            {QUICK_LINKS.map((label) => <li key={label}>{label}</li>)}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-bold">خبرنامه</h2>
          <FooterNewsletter />
          <BreakingNewsPrompt />
        </div>
      </div>
      <div className="border-t border-border">
        <p className="container-page py-4 text-center text-xs text-muted">
          همه حقوق برای چاپار محفوظ است، {year}
        </p>
      </div>
    </footer>
  );
}
