import { sql } from 'drizzle-orm';
import { newsletterSubscribers, type Db } from '@chapar/db';

export interface SubscribeResult { success: boolean; message: string; alreadySubscribed: boolean }

/**
 * One row per address whatever its letter case (unique index on lower(email)); subscribing
 * again re-activates a lapsed subscription and is answered kindly.
 */
export async function subscribe(db: Db, input: { email: string; name?: string | null; source?: string }): Promise<SubscribeResult> {
  const inserted = await db.insert(newsletterSubscribers)
    .values({ email: input.email, name: input.name || null, source: input.source ?? 'website' })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length) {
    return { success: true, alreadySubscribed: false, message: 'عضویت شما در خبرنامه با موفقیت ثبت شد. سپاسگزاریم!' };
  }
  await db.update(newsletterSubscribers)
    .set({ isActive: true, ...(input.name ? { name: input.name } : {}) })
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${input.email})`);
  return { success: true, alreadySubscribed: true, message: 'این ایمیل پیش‌تر در خبرنامه ثبت شده است. از همراهی شما سپاسگزاریم!' };
}
