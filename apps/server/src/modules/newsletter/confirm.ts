// Following a confirmation link: the signup it names is applied to the subscriber list, once.
// A new address becomes a confirmed subscriber; a known one is confirmed again, takes the name
// given with the signup (if any) and gets mail again, even if it had unsubscribed, bounced or
// been switched off by an admin, since its owner has just asked for it.
import { eq, sql } from 'drizzle-orm';
import { CONFIRM_VALID_DAYS } from '@chapar/shared/contracts';
import { newsletterSubscribers, type Db } from '@chapar/db';
import { signupRepo } from './signup-repo.ts';
import { tokenId, verifyToken } from './tokens.ts';

export type ConfirmOutcome = 'confirmed' | 'already' | 'expired' | 'invalid';

/** The signup a link names, if the link is genuine. */
export async function signupForToken(db: Db, secret: string, token: string) {
  const id = tokenId(token);
  const signup = id === null ? undefined : await signupRepo.byId(db, id);
  return signup && verifyToken(secret, 'confirm', token, signup.email) ? signup : undefined;
}

export async function confirmSignup(db: Db, secret: string, token: string, now = new Date()): Promise<{ outcome: ConfirmOutcome; email?: string }> {
  const signup = await signupForToken(db, secret, token);
  if (!signup) return { outcome: 'invalid' };
  if (signup.confirmedAt) return { outcome: 'already', email: signup.email };
  if (now.getTime() - signup.createdAt.getTime() > CONFIRM_VALID_DAYS * 86_400_000) return { outcome: 'expired', email: signup.email };
  const applied = await db.transaction(async (tx) => {
    await signupRepo.lock(tx, `email:${signup.email.toLowerCase()}`);
    if (!(await signupRepo.markConfirmed(tx, signup.id, now))) return false;
    const [existing] = await tx.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${signup.email})`);
    if (existing) {
      await tx.update(newsletterSubscribers)
        .set({ confirmedAt: now, isActive: true, unsubscribedAt: null, bouncedAt: null, ...(signup.name ? { name: signup.name } : {}) })
        .where(eq(newsletterSubscribers.id, existing.id));
    } else {
      await tx.insert(newsletterSubscribers).values({ email: signup.email, name: signup.name, source: signup.source, confirmedAt: now, subscribedAt: now });
    }
    return true;
  });
  return { outcome: applied ? 'confirmed' : 'already', email: signup.email };
}
