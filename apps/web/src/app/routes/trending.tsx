import { BarChart3, Clock, Tags } from '../../components/icons';
import { TRENDING_LIMITS, trendingTopicsQuery } from '../../features/trending/api.ts';
import { TrendLegend } from '../../features/trending/components/trend-legend.tsx';
import { TrendingCloud } from '../../features/trending/components/trending-cloud.tsx';
import { pageTitle, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteModule } from '../route-types.ts';

const TITLE = 'موضوعات داغ';
const DESCRIPTION = 'موضوعاتی که این روزها بیش از همیشه در خبرها آمده‌اند، به شکل ابر واژه‌ها.';

const EXPLAINERS = [
  { icon: BarChart3, title: 'اندازه هر واژه', text: 'هرچه واژه بزرگ‌تر باشد، در خبرهای بیشتری آمده است.' },
  { icon: Clock, title: 'بازه زمانی', text: 'خبرهای هفته اخیر با هفته‌های پیش از آن سنجیده می‌شوند و موضوعات هر چند دقیقه به‌روز می‌شوند.' },
  { icon: Tags, title: 'رنگ‌ها', text: 'رنگ هر واژه روند آن یا دسته‌بندی خبرهایش را نشان می‌دهد.' },
];

function TrendingPage() {
  useDocumentHead({ title: pageTitle(TITLE), description: DESCRIPTION });
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{TITLE}</h1>
        <p className="mt-2 text-muted">{DESCRIPTION}</p>
      </header>
      <section aria-label="ابر موضوعات" className="rounded-2xl border border-border bg-card p-6 sm:p-10">
        <TrendingCloud limit={TRENDING_LIMITS.page} className="gap-x-5 gap-y-3" />
      </section>
      <section aria-labelledby="legend-heading" className="rounded-2xl bg-surface p-4">
        <h2 id="legend-heading" className="mb-2 font-bold">راهنمای رنگ‌ها</h2>
        <TrendLegend />
      </section>
      <ul className="grid gap-4 md:grid-cols-3">
        {EXPLAINERS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-border bg-card p-5">
            <Icon aria-hidden="true" className="mb-2 size-6 text-accent" />
            <h2 className="font-bold">{title}</h2>
            <p className="mt-1 text-sm leading-7 text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const route: RouteModule = {
  Component: TrendingPage,
  prefetch: ({ queryClient }) => queryClient.prefetchQuery(trendingTopicsQuery(TRENDING_LIMITS.page)),
  head: () => ({ title: pageTitle(TITLE), description: DESCRIPTION, path: paths.trending() }),
};
