import type { FastifyInstance } from 'fastify';
import type { Database, OpenDatabaseOptions } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import type { Role } from '@chapar/shared/contracts';
import { authRepo } from '../src/modules/auth/repo.ts';
import type { InvitationMailer } from '../src/modules/accounts/invitation-mail.ts';
import { ROLE_PASSWORD, TEST_ADMIN, testPasswordHash } from './accounts.ts';

export { ROLE_PASSWORD, TEST_ADMIN };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every registered /api/admin route (method and URL pattern). */
  adminRoutes(): Array<{ method: string; url: string }>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh migrated database (PGlite in memory, or TEST_DATABASE_URL), with
 * categories and one admin. `ssr` adds the rendered pages (needs the web build).
 */
export async function buildTestApp(opts: {
  ssr?: boolean;
  config?: Partial<Config>;
  seed?: (database: Database) => Promise<void>;
  /** Runs before the app is ready, e.g. to add a hook. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Sends invitations (none: invitations are links only). */
  mailer?: InvitationMailer;
  /** Time limits of a PostgreSQL test database. */
  databaseLimits?: Pick<OpenDatabaseOptions, 'connectTimeoutMs' | 'statementTimeoutMs'>;
  /** pg-boss on a pool of its own with the same limits, as in production with DATABASE_URL (PostgreSQL only). */
  jobPool?: boolean;
} = {}): Promise<TestApp> {
  const database = await openTestDatabase(opts.databaseLimits);
  const { seedCategories } = await import('@chapar/db/seed');
  await seedCategories(database);
  await authRepo.createUser(database.db, { username: TEST_ADMIN.username, role: 'owner', passwordHash: await testPasswordHash(TEST_ADMIN.password) });
  if (opts.seed) await opts.seed(database);
  const jobPool = opts.jobPool
    ? { databaseUrl: await testDatabaseUrl(database), databaseTimeouts: { ...testConfig().databaseTimeouts, ...opts.databaseLimits } }
    : {};
  const config = testConfig({ ...jobPool, ...opts.config });
  const app = await buildApp({ config, database, ssr: opts.ssr ?? false, invitationMailer: opts.mailer ?? null });
  opts.beforeReady?.(app);
  await app.ready();
  const adminRoutes = () => app.routeTable.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD');
  return { app, database, config, adminRoutes, close: async () => { await app.close(); await database.close(); } };
}

/** The address of a PostgreSQL test database (openTestDatabase names one per test file). */
export async function testDatabaseUrl(database: Database): Promise<string> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || database.kind !== 'postgres') throw new Error('a PostgreSQL test database (TEST_DATABASE_URL) is needed here');
  const { rows } = await database.raw.query<{ name: string }>('select current_database() as name');
  const url = new URL(server);
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

/** Logs in as the test admin; returns the cookie header and CSRF token for later requests. */
export async function loginAsAdmin(app: FastifyInstance): Promise<{ cookie: string; csrfToken: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, csrfToken: (res.json() as { csrfToken: string }).csrfToken };
}

/**
 * Logs in as a user of the role (made on first use, named `{role}-user`): the cookie header and
 * CSRF token for later requests.
 */
export async function loginAsRole(t: Pick<TestApp, 'app' | 'database'>, role: Role): Promise<{ cookie: string; csrfToken: string; username: string }> {
  const username = `${role}-user`;
  if (!(await authRepo.findUserByUsername(t.database.db, username))) {
    await authRepo.createUser(t.database.db, { username, role, passwordHash: await testPasswordHash(ROLE_PASSWORD) });
  }
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password: ROLE_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login as ${role} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, csrfToken: (res.json() as { csrfToken: string }).csrfToken, username };
}
