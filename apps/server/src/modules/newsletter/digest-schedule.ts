// The digest's schedule: kept in the settings table (every process reads the same), carried out
// by a pg-boss cron schedule on the newsletter-digest queue in the schedule's time zone. Saving
// it replaces that cron schedule at once, from whichever process saved it.
import { eq } from 'drizzle-orm';
import { DEFAULT_DIGEST_SCHEDULE, digestSchedule, type DigestSchedule } from '@chapar/shared/contracts';
import { settings, type Db } from '@chapar/db';
import { newsletterDigestJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';

const KEY = 'newsletter.schedule';
/** The digest's cron schedule among the queue's schedules. */
const SCHEDULE_KEY = 'digest';

export async function readSchedule(db: Db): Promise<DigestSchedule> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  const parsed = digestSchedule.safeParse({ ...DEFAULT_DIGEST_SCHEDULE, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_DIGEST_SCHEDULE;
}

export async function writeSchedule(db: Db, schedule: DigestSchedule): Promise<void> {
  await db.insert(settings).values({ key: KEY, value: schedule }).onConflictDoUpdate({ target: settings.key, set: { value: schedule, updatedAt: new Date() } });
}

/** '30 8 * * *' (daily at 08:30) or '30 8 * * 6' (Saturdays), read in the schedule's time zone. */
export function digestCron(schedule: DigestSchedule): string {
  const [hour, minute] = schedule.time.split(':').map(Number);
  return `${minute} ${hour} * * ${schedule.frequency === 'weekly' ? schedule.weekday : '*'}`;
}

/** Puts the cron schedule in line with the setting (or takes it away while the digest is off). */
export async function applySchedule(s: Pick<Services, 'db' | 'jobs'>, schedule?: DigestSchedule): Promise<void> {
  const current = schedule ?? (await readSchedule(s.db));
  const boss = await s.jobs.ensureQueue(newsletterDigestJob);
  if (current.enabled) {
    await boss.schedule(newsletterDigestJob.name, digestCron(current), { trigger: 'schedule' }, { tz: current.timeZone, key: SCHEDULE_KEY });
  } else {
    await boss.unschedule(newsletterDigestJob.name, SCHEDULE_KEY);
  }
}

/** When the schedule sends its next digest; null while it is off. */
export async function nextRunAt(s: Pick<Services, 'jobs'>, schedule: DigestSchedule, now = new Date()): Promise<Date | null> {
  if (!schedule.enabled) return null;
  const boss = await s.jobs.instance();
  return boss.previewSchedule(digestCron(schedule), { tz: schedule.timeZone, from: now, count: 1 })[0] ?? null;
}

/** The digest's period: the top articles of the last day, or of the last week for a weekly digest. */
export const periodMs = (schedule: DigestSchedule) => (schedule.frequency === 'weekly' ? 7 : 1) * 86_400_000;
