import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { useNewsletterOverview, useWaitingSignups } from '../digest-api.ts';
import { DigestActions } from './digest-actions.tsx';
import { DigestsTable } from './digests-table.tsx';
import { MailStatus } from './mail-status.tsx';
import { ScheduleForm } from './schedule-form.tsx';

/** The newsletter's mail (issue 34): the mail service, the schedule, preview and send now, and the sends. */
export function NewsletterMailPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const overview = useNewsletterOverview();
  const waiting = useWaitingSignups();
  if (overview.isPending) return <LoadingState label="در حال بارگذاری ارسال خبرنامه…" />;
  if (overview.isError || !overview.data) return <ErrorState message="خطا در بارگذاری ارسال‌های خبرنامه" onRetry={() => void overview.refetch()} />;
  const { mail, schedule, nextRunAt, recipients, digests } = overview.data;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="newsletter-mail-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="newsletter-mail-heading" className="text-xl font-bold">ارسال خبرنامه</Heading>
        <DigestActions configured={mail.configured} recipients={recipients} />
      </div>
      <MailStatus mail={mail} />
      <StatGrid label="آمار ارسال خبرنامه">
        <StatCard label="دریافت‌کننده خبرنامه" value={recipients} tone="green" />
        <StatCard label="در انتظار تأیید" value={waiting.data?.matching} tone="amber" />
        <StatCard label="ناموفق در آخرین ارسال" value={digests[0]?.counts.failed ?? 0} tone={digests[0]?.counts.failed ? 'accent' : 'neutral'} />
      </StatGrid>
      <ScheduleForm key={JSON.stringify(schedule)} schedule={schedule} nextRunAt={nextRunAt} mailConfigured={mail.configured} headingLevel={headingLevel === 2 ? 3 : 4} />
      <p className="text-sm text-muted">هر خبرنامه پربازدیدترین مقاله‌های دوره را برای نشانی‌های تأییدشده و فعال می‌فرستد؛ هر نشانی از هر خبرنامه یک بار.</p>
      <DigestsTable digests={digests} loading={false} />
    </section>
  );
}
