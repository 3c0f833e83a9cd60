// The job queue: pg-boss on the app's database (PGlite through the adapter, PostgreSQL
// through its own pool when DATABASE_URL is set). Started on first use, so a process
// that never sends a job never starts it. Only a worker process supervises (expires
// stuck jobs, runs cron schedules) and works jobs.
//
// A running job's worker renews its claim (pg-boss's heartbeat) every half of
// heartbeatSeconds; a job whose worker was killed stops being renewed and any supervising
// worker retries it within heartbeatSeconds + superviseSeconds (+ the retry delay), well
// under a minute, while a slow job whose worker lives is never taken by a second one.
// expireInSeconds stays the bound of one run.
//
// pg-boss's own pool has the app's statement limit (DATABASE_STATEMENT_TIMEOUT_MS): a statement
// held by a lock, or a server that stops answering, fails a send or a worker's poll as it fails a
// request, instead of holding it. Its schema is then migrated apart, without it (boss-schema.ts).
import type { ConstructorOptions, PgBoss } from 'pg-boss';
import { reportQueueDepths } from '../metrics/registry.ts';
import { databaseUnavailable } from '../plugins/error-handler.ts';
import { statementLimits, type Database } from '@chapar/db';
import { buildsLeft, startBossSchema } from './boss-schema.ts';
import type { JobSpec } from './job-spec.ts';
import { bossDbAdapter, type BossDb } from './pg-boss-adapter.ts';
import { KEEP_COMPLETED_SECONDS, RETRY_DEFAULTS } from './retry-defaults.ts';

export interface JobQueueOptions {
  database: Database;
  /** PostgreSQL URL for pg-boss's own pool; absent on PGlite (and for test databases). */
  connectionString?: string;
  /** How long pg-boss's own pool may take to get a connection (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** How long one statement on pg-boss's own pool may take (DATABASE_STATEMENT_TIMEOUT_MS); 0 or absent: no limit. */
  statementTimeoutMs?: number;
  /** Supervise and run schedules: true in processes that run the worker. */
  worker: boolean;
  expireInSeconds: number;
  retryDelaySeconds: number;
  /** Claims not renewed for this long are taken for a dead worker's (pg-boss: at least 10). */
  heartbeatSeconds: number;
  /** How often a supervising process looks for stale claims and expired jobs. */
  superviseSeconds: number;
  /** The connection pg-boss talks through when there is no connectionString; the app's database by default. */
  bossDb?: BossDb;
  onError(error: Error): void;
}

export interface QueueCounts {
  name: string;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
}

export class JobQueue {
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workIds = new Map<string, string>();
  private stopReporting?: () => void;
  private stopSchema?: () => Promise<void>;

  constructor(private readonly options: JobQueueOptions) {}

  get started(): boolean {
    return Boolean(this.boss);
  }

  /** Starts pg-boss (installing or migrating its schema) once; a start that failed is tried again by the next call. */
  async instance(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    const { worker, connectionString, onError } = this.options;
    // Loaded here, not at start-up: a tenth of a second that the first page need not wait for.
    const { PgBoss } = await import('pg-boss');
    const common = {
      supervise: worker, schedule: worker, migrate: true, monitorVacuum: false, reindex: false as const,
      // Stale heartbeats are only looked for in a monitor pass: both timers set how soon.
      superviseIntervalSeconds: this.options.superviseSeconds,
      monitorIntervalSeconds: this.options.superviseSeconds,
    };
    const boss = connectionString
      ? await this.startPostgres(PgBoss, connectionString, common)
      : await started(new PgBoss({
        db: this.options.bossDb ?? bossDbAdapter(this.options.database), backend: this.options.database.kind === 'pglite' ? 'pglite' : 'postgres', ...common,
      }), onError);
    this.boss = boss;
    // pg-boss's own queue counts (kept by its monitor) for chapar_job_queue_depth.
    this.stopReporting = reportQueueDepths(async () => (await boss.getQueues()).map((q) => ({
      name: q.name, queued: q.queuedCount, active: q.activeCount, deferred: q.deferredCount,
    })));
    return boss;
  }

  /**
   * pg-boss on its own pool. With a statement limit it only checks its schema; one not installed
   * or out of date is brought up to date apart, without the limit, and so are index builds a
   * migration left (boss-schema.ts). A check that timed out or could not reach the server is
   * that failure, not a reason to migrate.
   */
  private async startPostgres(Boss: typeof PgBoss, connectionString: string, common: Partial<ConstructorOptions>): Promise<PgBoss> {
    const { connectTimeoutMs, statementTimeoutMs = 0, onError } = this.options;
    const limited = statementTimeoutMs > 0;
    // pg-boss hands its database options to node-postgres's pool, the statement limits included.
    const open = () => started(new Boss({
      connectionString, max: 4, connectionTimeoutMillis: connectTimeoutMs, ...statementLimits(statementTimeoutMs, connectTimeoutMs), ...common, migrate: !limited,
    }), onError);
    if (!limited) return open();
    const schema = { connectionString, connectTimeoutMs, onError };
    let boss: PgBoss;
    try {
      boss = await open();
    } catch (error) {
      if (databaseUnavailable(error) || this.stopSchema) throw error;
      this.stopSchema = await startBossSchema(Boss, schema);
      return open();
    }
    // Builds left by a migration (here or in an earlier run): the jobs need not wait for them.
    if (!this.stopSchema) {
      try {
        if (await buildsLeft(boss)) this.stopSchema = await startBossSchema(Boss, schema);
      } catch (error) {
        onError(error as Error);
      }
    }
    return boss;
  }

  /** Creates the job's queue with the retry defaults, or brings an existing one up to date. */
  async ensureQueue(definition: JobSpec): Promise<PgBoss> {
    const boss = await this.instance();
    let ready = this.queues.get(definition.name);
    if (!ready) {
      const settings = {
        ...RETRY_DEFAULTS,
        retryDelay: this.options.retryDelaySeconds,
        retryLimit: definition.retryLimit ?? RETRY_DEFAULTS.retryLimit,
        expireInSeconds: this.options.expireInSeconds,
        heartbeatSeconds: this.options.heartbeatSeconds,
        deleteAfterSeconds: KEEP_COMPLETED_SECONDS,
      };
      ready = boss.createQueue(definition.name, { ...settings, policy: definition.policy ?? 'standard' })
        .then(() => boss.updateQueue(definition.name, settings));
      ready.catch(() => this.queues.delete(definition.name));
      this.queues.set(definition.name, ready);
    }
    await ready;
    return boss;
  }

  /** `startAfterSeconds`: the job waits that long first (a retry of something that just failed). */
  async send<P>(definition: JobSpec, payload: P, options: { startAfterSeconds?: number } = {}): Promise<string | null> {
    const data = definition.payload.parse(payload) as object;
    const boss = await this.ensureQueue(definition);
    const id = await boss.send(definition.name, data, { singletonKey: definition.singletonKey?.(data), startAfter: options.startAfterSeconds });
    this.wake(definition.name);
    return id;
  }

  async sendMany<P>(definition: JobSpec, payloads: P[]): Promise<void> {
    if (!payloads.length) return;
    const boss = await this.ensureQueue(definition);
    const jobs = payloads.map((p) => {
      const data = definition.payload.parse(p) as object;
      return { data, singletonKey: definition.singletonKey?.(data) };
    });
    await boss.insert(definition.name, jobs);
    this.wake(definition.name);
  }

  /**
   * The keys among `keys` (singleton keys) whose job is waiting to start now or running: not one
   * waiting out a retry's backoff or a later start, nor one that has ended. For callers that
   * answer with what the jobs did.
   */
  async underway(definition: JobSpec, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const boss = await this.ensureQueue(definition);
    const soon = Date.now() + 1000;
    const jobs = (await Promise.all(keys.map((key) => boss.findJobs(definition.name, { key })))).flat();
    return new Set(jobs.filter((job) => job.state === 'active' || (job.state === 'created' && new Date(job.startAfter).getTime() <= soon)).map((job) => job.singletonKey!));
  }

  /** Wakes this process's worker for a queue so a job just sent starts now, not at the next poll. */
  wake(name: string): void {
    const id = this.workIds.get(name);
    if (id && this.boss) this.boss.notifyWorker(id);
  }

  rememberWorker(name: string, workId: string): void {
    this.workIds.set(name, workId);
  }

  /** Counts by state per queue, straight from pg-boss's job table. */
  async counts(): Promise<QueueCounts[]> {
    const { rows: installed } = await this.options.database.raw.query<{ ok: boolean }>("select to_regclass('pgboss.job') is not null as ok");
    if (!installed[0]?.ok) return [];
    const { rows } = await this.options.database.raw.query<{ name: string; state: string; n: number }>(
      'select name, state::text as state, count(*)::int as n from pgboss.job group by name, state',
    );
    const byName = new Map<string, QueueCounts>();
    for (const row of rows) {
      const entry = byName.get(row.name) ?? { name: row.name, pending: 0, processing: 0, completed: 0, failed: 0 };
      if (row.state === 'created' || row.state === 'retry') entry.pending += row.n;
      else if (row.state === 'active') entry.processing += row.n;
      else if (row.state === 'completed') entry.completed += row.n;
      else if (row.state === 'failed' || row.state === 'cancelled') entry.failed += row.n;
      byName.set(row.name, entry);
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Stops taking jobs. Graceful: running handlers get `timeoutMs` to finish; after that
   * (or at once with graceful false) their jobs are failed and retried by another worker.
   */
  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    this.boss = undefined;
    this.starting = undefined;
    this.stopReporting?.();
    this.queues.clear();
    this.workIds.clear();
    const stopSchema = this.stopSchema;
    this.stopSchema = undefined;
    await stopSchema?.();
    if (boss) await boss.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 10_000, close: true });
  }
}

/** Starts a pg-boss instance reporting its errors; one that failed to start is stopped, its pool closed. */
async function started(boss: PgBoss, onError: (error: Error) => void): Promise<PgBoss> {
  boss.on('error', (error) => onError(error as Error));
  try {
    await boss.start();
  } catch (error) {
    await boss.stop({ graceful: false, close: true }).catch(() => undefined);
    throw error;
  }
  return boss;
}
