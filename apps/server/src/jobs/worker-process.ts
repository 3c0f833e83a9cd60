// The `worker` and `ingest` commands of main.ts: jobs without HTTP. A worker process
// works every queue and runs the monitor's schedule; several may share one PostgreSQL
// database (pg-boss hands each job to one of them).
import { openAppDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../log.ts';
import { syncConfiguredChannels } from '../modules/channels/sync-config.ts';
import { checkAllChannels } from '../modules/ingest/check-all.ts';
import { ingestPost, type IngestOutcome } from '../modules/ingest/ingest-post.ts';
import { runPool } from '../modules/ingest/run-pool.ts';
import { createServices, type Services } from '../services.ts';
import { createMtprotoProvider } from '../modules/telegram-auth/provider.ts';
import { startWorker } from './registry.ts';
import { startMetricsServer } from '../metrics/endpoint.ts';
import { announceContentChanged } from '../plugins/content-events.ts';

type CheckAndIngestDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'sources' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

async function prepare(worker: boolean) {
  const config = { ...loadConfig(), worker };
  const log = createLogger(config);
  const database = await openAppDatabase(config);
  const services = createServices({ config, database, log });
  // The web processes keep pages in memory: tell them when what readers see has changed.
  services.contentChanged = (change) => {
    announceContentChanged(database, undefined, change).catch((error: Error) => log.warn(`content change not announced: ${error.message}`));
  };
  await syncConfiguredChannels(database.db, config.channels);
  const mtproto = await createMtprotoProvider({ db: database.db, config, log });
  services.sources.register({ kind: 'mtproto', available: () => mtproto.getActiveSource() });
  const close = async () => {
    await services.jobs.stop({ timeoutMs: 10_000 });
    await mtproto.close();
    await database.close();
  };
  return { services, log, close };
}

export async function runWorkerProcess(): Promise<void> {
  const { services, log, close } = await prepare(true);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing running jobs`);
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    await close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await startWorker(services);
  const { metricsPort, metricsToken, host } = services.config;
  if (metricsPort) {
    const server = await startMetricsServer({ host, port: metricsPort, token: metricsToken });
    process.once('exit', () => server.close());
    log.info(`metrics on http://${host}:${metricsPort}/metrics${metricsToken ? '' : ' (answers 404: METRICS_TOKEN is unset)'}`);
  }
  log.info(`Chapar worker is running (database: ${services.database.kind}, channels: ${services.config.channels.map((c) => `@${c.username}`).join(', ') || 'none'})`);
}

/** One check of every channel now, each new or edited post through the pipeline, then exit. */
export async function ingestNow(): Promise<void> {
  const { services, close } = await prepare(false);
  try {
    const summary = await checkAndIngest(services);
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    await close();
  }
}

export async function checkAndIngest(s: CheckAndIngestDeps) {
  const check = await checkAllChannels(s);
  const outcomes = await runPool(check.toProcess, s.config.ingestConcurrency, (ref) =>
    ingestPost(s, ref).catch((error: Error): IngestOutcome => ({ ref, status: 'skipped', articleId: null, reason: `failed: ${error.message}`, report: [] })));
  const count = (status: string) => outcomes.filter((o) => o.status === status).length;
  return {
    channels: check.checked, newPosts: check.newPosts.length, editedPosts: check.editedPosts.length, deletedPosts: check.deletedPosts.length,
    created: count('created'), updated: count('updated'), ignored: count('ignored'), blocked: count('blocked'),
    failed: outcomes.filter((o) => o.reason?.startsWith('failed')).map((o) => `${o.ref.source}/${o.ref.telegramId}: ${o.reason}`),
    errors: check.errors,
  };
}
