import { Hourglass } from 'lucide-react';

/** A screen whose tools arrive in a later release: says so plainly and what it will do. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-6 text-center">
      <Hourglass aria-hidden="true" className="mx-auto size-10 text-muted" />
      <h2 id="coming-soon-title" className="mt-3 text-xl font-bold">{title}</h2>
      <p className="mt-2 font-medium">این بخش به‌زودی در پنل فعال می‌شود.</p>
      <p className="mt-2 text-muted">{what}</p>
    </section>
  );
}

/** What each later screen will do (spec 03 §2.3, §2.6–§2.8); every screen has arrived. */
export const UPCOMING = {} as const;
