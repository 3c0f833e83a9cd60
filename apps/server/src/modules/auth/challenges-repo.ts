import { eq, lt, sql } from 'drizzle-orm';
import { loginChallenges, type Db } from '@chapar/db';

export type ChallengeRow = typeof loginChallenges.$inferSelect;

/** Passwords proved right that wait for their second factor. */
export const challengesRepo = {
  async insert(db: Db, row: typeof loginChallenges.$inferInsert): Promise<void> {
    await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()));
    await db.insert(loginChallenges).values(row);
  },
  async find(db: Db, idHash: string): Promise<ChallengeRow | undefined> {
    const [row] = await db.select().from(loginChallenges).where(eq(loginChallenges.idHash, idHash));
    return row;
  },
  /** Counts a code tried against the challenge; returns the attempts so far. */
  async countAttempt(db: Db, idHash: string): Promise<number> {
    const [row] = await db.update(loginChallenges).set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(eq(loginChallenges.idHash, idHash)).returning({ attempts: loginChallenges.attempts });
    return row?.attempts ?? 0;
  },
  async delete(db: Db, idHash: string): Promise<void> {
    await db.delete(loginChallenges).where(eq(loginChallenges.idHash, idHash));
  },
};
