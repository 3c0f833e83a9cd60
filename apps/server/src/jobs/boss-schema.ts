// pg-boss's schema on PostgreSQL when its pool has a statement limit: installing or migrating
// it, and the index builds a migration leaves to run in the background (pg-boss's BAM, CREATE
// INDEX CONCURRENTLY on the job tables), may rightly take longer than any statement of a job. So
// they run apart, as the app's own migrations do (Database.unbounded): the limited instance only
// checks the schema, and when it is not installed or out of date, a pg-boss instance on one
// connection without the limit installs or migrates it, and stays until no build is left.
import type { PgBoss } from 'pg-boss';

export interface BossSchemaOptions {
  connectionString: string;
  connectTimeoutMs?: number;
  onError(error: Error): void;
}

/** How often a schema instance kept for index builds looks whether any is left. */
const BUILDS_CHECK_MS = 60_000;

/** Whether an index build a migration queued is not done yet (failed ones are tried again by pg-boss). */
export async function buildsLeft(boss: PgBoss): Promise<boolean> {
  return (await boss.getBamStatus()).some((row) => row.status !== 'completed');
}

/**
 * Brings pg-boss's schema up to date without a statement limit. Resolves once it is current, to a
 * function that stops the instance if it is still running the builds.
 */
export async function startBossSchema(Boss: typeof PgBoss, options: BossSchemaOptions): Promise<() => Promise<void>> {
  const boss = new Boss({
    connectionString: options.connectionString, max: 1, connectionTimeoutMillis: options.connectTimeoutMs,
    migrate: true, supervise: false, schedule: false, monitorVacuum: false, reindex: false,
  });
  boss.on('error', (error) => options.onError(error as Error));
  const stop = () => boss.stop({ graceful: false, close: true });
  try {
    await boss.start();
    if (!(await buildsLeft(boss))) {
      await stop();
      return async () => undefined;
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  const timer = setInterval(() => {
    buildsLeft(boss).then(async (left) => {
      if (left) return;
      clearInterval(timer);
      await stop();
    }).catch((error: Error) => options.onError(error));
  }, BUILDS_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await stop();
  };
}
