import { and, asc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { adminUsers, recoveryCodes, sessions, type Db } from '@chapar/db';

export type AdminUserRow = typeof adminUsers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NewAdminUser = typeof adminUsers.$inferInsert;

export const authRepo = {
  async countUsers(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
    return row.n;
  },
  /** Owners who can sign in (not disabled, invitation accepted). */
  async countActiveOwners(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers)
      .where(and(eq(adminUsers.role, 'owner'), isNull(adminUsers.disabledAt), sql`${adminUsers.passwordHash} is not null`));
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
  async findUserByInvite(db: Db, inviteHash: string): Promise<AdminUserRow | undefined> {
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.inviteHash, inviteHash));
    return row;
  },
  /** Spends an invitation: only the request that still finds the link's hash gets the row. */
  async spendInvitation(db: Db, inviteHash: string, patch: Partial<NewAdminUser>): Promise<AdminUserRow | undefined> {
    const [row] = await db.update(adminUsers).set({ ...patch, inviteHash: null, inviteExpiresAt: null })
      .where(eq(adminUsers.inviteHash, inviteHash)).returning();
    return row;
  },
  async listUsers(db: Db): Promise<AdminUserRow[]> {
    return db.select().from(adminUsers).orderBy(asc(adminUsers.id));
  },
  async createUser(db: Db, row: NewAdminUser): Promise<AdminUserRow> {
    const [created] = await db.insert(adminUsers).values(row).returning();
    return created;
  },
  async updateUser(db: Db, id: number, patch: Partial<NewAdminUser>): Promise<AdminUserRow | undefined> {
    // Nothing to set is no statement at all (SQL has no empty SET).
    if (Object.values(patch).every((v) => v === undefined)) return authRepo.findUserById(db, id);
    const [row] = await db.update(adminUsers).set(patch).where(eq(adminUsers.id, id)).returning();
    return row;
  },
  async deleteUser(db: Db, id: number): Promise<void> {
    await db.delete(adminUsers).where(eq(adminUsers.id, id));
  },
  async setPassword(db: Db, username: string, passwordHash: string, changedAt: Date | null = new Date()): Promise<boolean> {
    const patch = changedAt ? { passwordHash, passwordChangedAt: changedAt } : { passwordHash };
    const rows = await db.update(adminUsers).set(patch).where(eq(adminUsers.username, username)).returning({ id: adminUsers.id });
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
  async findSessionByPublicId(db: Db, publicId: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.publicId, publicId));
    return row;
  },
  /** Live sessions, newest activity first; of one user when given. */
  async listSessions(db: Db, now: Date, userId?: number): Promise<Array<SessionRow & { username: string }>> {
    const rows = await db.select({ session: sessions, username: adminUsers.username }).from(sessions)
      .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
      .where(and(sql`${sessions.expiresAt} > ${now}`, userId === undefined ? undefined : eq(sessions.userId, userId)))
      .orderBy(sql`${sessions.lastSeenAt} desc`);
    return rows.map((r) => ({ ...r.session, username: r.username }));
  },
  async touchSession(db: Db, idHash: string, at: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
  },
  async deleteSession(db: Db, idHash: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
  },
  async deleteSessionsOfUser(db: Db, userId: number, exceptIdHash?: string): Promise<number> {
    const rows = await db.delete(sessions)
      .where(and(eq(sessions.userId, userId), exceptIdHash ? ne(sessions.idHash, exceptIdHash) : undefined))
      .returning({ idHash: sessions.idHash });
    return rows.length;
  },
  async deleteExpiredSessions(db: Db, now: Date): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
  },

  async replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (hashes.length) await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    });
  },
  /** Marks an unused code used; false when there was none (wrong, or already used). */
  async useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
    const rows = await db.update(recoveryCodes).set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },
  async unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row.n;
  },
};
