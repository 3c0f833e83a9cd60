import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, type Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { commandFailureText, errSerializer } from '../../query-errors.ts';
import { ensureInitialAdmin } from './service.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

describe('the first admin', () => {
  it('is created once when several processes start together on an empty database; the others see it made', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => ensureInitialAdmin(database.db, { username: 'admin' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => !r.created)).toEqual([{ created: false }, { created: false }, { created: false }]);
    const rows = await database.db.select().from(adminUsers);
    expect(rows.map((r) => [r.username, r.role])).toEqual([['admin', 'owner']]);
    expect(await ensureInitialAdmin(database.db, { username: 'admin' })).toEqual({ created: false });
  });

  it('a failed query\'s parameters (a password hash) are printed nowhere: not by a command, not in the log', async () => {
    const [{ passwordHash }] = await database.db.select({ passwordHash: adminUsers.passwordHash }).from(adminUsers);
    const error = await database.db.insert(adminUsers).values({ username: 'admin', role: 'owner', passwordHash }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // What drizzle writes itself: the hash is in it.
    expect((error as Error).message).toContain(passwordHash!);
    const printed = commandFailureText(error);
    expect(printed).toMatch(/^Failed query: insert into "admin_users"/);
    expect(printed).toContain('params: (');
    expect(printed).toMatch(/cause: .*duplicate key/);
    expect(printed).not.toContain(passwordHash!);
    const logged = JSON.stringify(errSerializer(error as Error));
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(passwordHash!);
    expect(logged).not.toContain('scrypt$');
  });
});
