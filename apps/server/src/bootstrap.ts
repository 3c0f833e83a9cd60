import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { migrateDatabase, openDatabase, type Database } from '@chapar/db';
import { seedCategories, seedRedirects } from '@chapar/db/seed';
import type { Config } from './config.ts';
import { dataDirProblem } from './data-dir.ts';
import { ensureInitialAdmin } from './modules/auth/service.ts';
import { seedDemoNewsroom } from './modules/ingest/demo/seed-demo.ts';
import { firstAdminBanner, forgetFirstAdminPassword, keepFirstAdminPassword } from './first-admin-password.ts';

async function anyoneSignedIn(database: Database): Promise<boolean> {
  const { rows } = await database.raw.query<{ n: number }>('select count(*)::int as n from admin_users where last_login_at is not null');
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * A PostgreSQL server that does not answer, named by the setting and its address (never the
 * password in it): "getaddrinfo ENOTFOUND base" alone does not say where it came from.
 */
function unreachable(url: string, error: unknown): Error {
  let where = 'DATABASE_URL';
  try {
    const { hostname, port, pathname } = new URL(url);
    where = `DATABASE_URL (${hostname || 'local socket'}${port ? `:${port}` : ''}${pathname.length > 1 ? pathname : ''})`;
  } catch { /* config.ts has checked it parses */ }
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`Cannot reach the database at ${where}: ${reason}`, { cause: error });
}

/** A DATA_DIR that cannot be written is told as such (made when missing), before any file in it fails on its own. */
export function checkDataDir(config: Pick<Config, 'dataDir' | 'databaseUrl'>): void {
  const problem = config.dataDir.startsWith('memory://') ? undefined : dataDirProblem(config.dataDir, !config.databaseUrl);
  if (problem) throw new Error(problem);
}

/** `pgliteArchive`: a new embedded database starts from it (the browser tests' migrated one). */
export async function openAppDatabase(config: Config, { pgliteArchive }: { pgliteArchive?: Blob } = {}): Promise<Database> {
  checkDataDir(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    ...config.databaseTimeouts,
    dataDir: config.dataDir.startsWith('memory://') ? undefined : path.join(config.dataDir, 'pglite'),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgliteArchive,
  }).catch((error: unknown) => {
    throw config.databaseUrl ? unreachable(config.databaseUrl, error) : error;
  });
  await migrateDatabase(database);
  return database;
}

/**
 * First-start work: categories, the first admin, demo content on an empty site. Safe to repeat.
 * A generated owner password goes to `print` (the console) in a framed block, not to the log.
 */
export async function prepareSite(
  database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, print: (text: string) => void = (text) => process.stdout.write(`${text}\n`),
): Promise<void> {
  await seedCategories(database);
  await seedRedirects(database);
  const admin = await ensureInitialAdmin(database.db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.created && admin.generatedPassword) {
    const file = keepFirstAdminPassword(config.dataDir, admin.username!, admin.generatedPassword);
    print(firstAdminBanner(admin.username!, admin.generatedPassword, file));
    log.warn(`Created the owner account "${admin.username}" with a generated password (shown above${file ? ` and kept in ${file} until the first sign-in` : ''})`);
  } else if (!admin.created && (await anyoneSignedIn(database))) {
    // Signed in through another process meanwhile: the kept password is not needed any more.
    forgetFirstAdminPassword(config.dataDir);
  } else if (admin.created) {
    log.info(`Created the owner account "${admin.username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
  }
  if (config.demoContent && !config.dataDir.startsWith('memory://')) {
    // Bundled demo channel pages through the real ingest pipeline (offline rewriter, watermarks).
    const { articles, ms } = await seedDemoNewsroom(database, config, log);
    if (articles > 0) log.info(`Added ${articles} demo articles from the bundled demo channel in ${ms} ms (DEMO_CONTENT=false turns this off)`);
  }
}
