import { Lightbulb } from '../../../components/icons';

const TIPS = [
  'از کلمات کلیدی کوتاه و مشخص استفاده کنید.',
  'برای نتایج دقیق‌تر، دسته‌بندی را انتخاب کنید.',
  'با بازه زمانی، خبرهای قدیمی را کنار بگذارید.',
  'املای «ی» و «ک» عربی یا فارسی فرقی نمی‌کند.',
];

export function SearchTips() {
  return (
    <section aria-labelledby="search-tips-heading" className="rounded-2xl border border-border bg-card p-4">
      <h2 id="search-tips-heading" className="mb-2 flex items-center gap-2 font-bold">
        <Lightbulb aria-hidden="true" className="size-5 text-accent" />
        نکته‌های جستجو
      </h2>
      <ul className="list-disc space-y-1 ps-5 text-sm text-muted">
        {TIPS.map((tip) => <li key={tip}>{tip}</li>)}
      </ul>
    </section>
  );
}
