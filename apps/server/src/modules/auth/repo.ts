import { eq, lt, sql } from 'drizzle-orm';
import { adminUsers, sessions, type Db } from '@chapar/db';

export type AdminUserRow = typeof adminUsers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export const authRepo = {
  async countUsers(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
    return row.n;
  },
  async findUserByUsername(db: Db, username: string): Promise<AdminUserRow | undefined> {
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
    return row;
  },
  async findUserById(db: Db, id: number): Promise<AdminUserRow | undefined> {
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
    return row;
  },
  async createUser(db: Db, username: string, passwordHash: string): Promise<AdminUserRow> {
    const [row] = await db.insert(adminUsers).values({ username, passwordHash }).returning();
    return row;
  },
  async setPassword(db: Db, username: string, passwordHash: string): Promise<boolean> {
    const rows = await db.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.username, username)).returning({ id: adminUsers.id });
    return rows.length > 0;
  },
  async touchLogin(db: Db, id: number): Promise<void> {
    await db.update(adminUsers).set({ lastLoginAt: new Date() }).where(eq(adminUsers.id, id));
  },
  async insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(row);
  },
  async findSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
    return row;
  },
  async touchSession(db: Db, idHash: string, at: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
  },
  async deleteSession(db: Db, idHash: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
  },
  async deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },
  async deleteExpiredSessions(db: Db, now: Date): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
  },
};
