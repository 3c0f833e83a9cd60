// Unsubscribing by the link in every mail (the page's button) or by a mail client's one-click
// POST (RFC 8058). The address gets no mail after it, whatever an admin switches, until its owner
// signs up and confirms again.
import { eq } from 'drizzle-orm';
import { newsletterSubscribers, type Db } from '@chapar/db';
import { signToken, tokenId, verifyToken } from './tokens.ts';

export type UnsubscribeOutcome = 'unsubscribed' | 'already' | 'invalid';

export const unsubscribeToken = (secret: string, subscriber: { id: number; email: string }) => signToken(secret, 'unsubscribe', subscriber.id, subscriber.email);

export async function subscriberForToken(db: Db, secret: string, token: string) {
  const id = tokenId(token);
  if (id === null) return undefined;
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  return row && verifyToken(secret, 'unsubscribe', token, row.email) ? row : undefined;
}

export async function unsubscribe(db: Db, secret: string, token: string, now = new Date()): Promise<{ outcome: UnsubscribeOutcome; email?: string }> {
  const row = await subscriberForToken(db, secret, token);
  if (!row) return { outcome: 'invalid' };
  if (row.unsubscribedAt) return { outcome: 'already', email: row.email };
  await db.update(newsletterSubscribers).set({ unsubscribedAt: now, isActive: false }).where(eq(newsletterSubscribers.id, row.id));
  return { outcome: 'unsubscribed', email: row.email };
}
