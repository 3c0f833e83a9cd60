// The commands of main.ts (`serve` unless another is named), loaded once main.ts has done what
// must come first.
import module from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { buildApp } from './app.ts';
import { checkDataDir, openAppDatabase, prepareSite } from './bootstrap.ts';
import { loadConfig, MIN_ADMIN_PASSWORD_LENGTH, type Config } from './config.ts';
import { createLogger } from './log.ts';
import { commandFailureText } from './query-errors.ts';
import { listenProblem, portProblem } from './port-check.ts';
import { isRole } from '@chapar/shared/contracts';
import { createAdmin, resetTwoFactor, setAdminPassword } from './modules/auth/service.ts';
import { ingestNow, runWorkerProcess } from './jobs/worker-process.ts';
import { FIRST_ADMIN_PASSWORD_FILE, forgetFirstAdminPassword } from './first-admin-password.ts';

const USAGE = `Usage: main.ts <command>
  serve [--no-worker]           web server (default) with the job worker, or without it
  worker                        job worker only (no HTTP): ingestion, the monitor's schedule
  ingest                        check every channel once now and ingest its posts, then exit
  migrate                       apply database migrations and exit
  admin create <username> [--role=owner|editor|moderator|viewer]
                                create a staff account, an owner unless another role is named
                                (password from ADMIN_PASSWORD or prompted)
  admin set-password <username> recovery: a new password (also re-enables a disabled account
                                and completes an open invitation); ends their sessions
  admin reset-two-factor <username>
                                recovery for a lost authenticator: two-factor sign-in off,
                                recovery codes dropped, sessions ended
  media move-to-s3 [--from-url=/media]
                                copy DATA_DIR/media and DATA_DIR/originals into the S3 bucket
                                (S3_*), then rewrite stored addresses from the old base to
                                MEDIA_BASE_URL; resumable, safe to run twice
  backup <dir>                  the site (DATA_DIR or DATABASE_URL, media on disk or S3_*) into a
                                new directory; PGlite sites must be stopped first
  restore <dir> [--force]       a backup into the site; refuses a site that is not empty
                                unless --force (which replaces it)`;

/** ADMIN_PASSWORD (loadConfig has checked its length), else asked for. */
async function readPassword(config: Config): Promise<string> {
  if (config.adminPassword) return config.adminPassword;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Password: ');
  rl.close();
  if (answer.length < MIN_ADMIN_PASSWORD_LENGTH) throw new Error(`The password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
  return answer;
}

/** The first pages are answered before the job worker starts (registerIngestServices). */
const WORKER_START_DELAY_MS = 1_000;

async function serve(flags: string[]) {
  const config = { ...loadConfig(), worker: !flags.includes('--no-worker') };
  const log = createLogger(config);
  // A DATA_DIR that cannot be written and a taken port are told now, not after the render
  // threads, the database, the first admin and the demo content.
  checkDataDir(config);
  const portTaken = await portProblem(config.host, config.port);
  if (portTaken) throw new Error(portTaken);
  // The render threads load the site while the database opens.
  const { startRenderThreads } = await import('./plugins/ssr-registration.ts');
  const renderer = await startRenderThreads(config, (error) => log.error({ err: error }, 'render thread failed; a new one takes its place'));
  const database = await openAppDatabase(config);
  await prepareSite(database, config, log);
  const app = await buildApp({ config, database, renderer, workerStartDelayMs: WORKER_START_DELAY_MS });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port }).catch(async (error: unknown) => {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw new Error(listenProblem(config.host, config.port, error));
  });
  log.info(`Chapar is serving ${config.publicBaseUrl} (database: ${database.kind})`);
  // Every module a start needs is compiled by now: on disk for the next start, however this one ends.
  module.flushCompileCache();
}

async function admin(action: string | undefined, username: string | undefined, flags: string[]) {
  if (!username || !['create', 'set-password', 'reset-two-factor'].includes(action ?? '')) throw new Error(USAGE);
  const role = flags.find((f) => f.startsWith('--role='))?.slice('--role='.length) ?? 'owner';
  if (!isRole(role)) throw new Error(`Unknown role "${role}": owner, editor, moderator or viewer.`);
  const config = loadConfig();
  const database = await openAppDatabase(config);
  try {
    if (action === 'reset-two-factor') {
      await resetTwoFactor(database.db, username);
      console.log(`Two-factor sign-in of "${username}" is off; their sessions ended.`);
      return;
    }
    const password = await readPassword(config);
    if (action === 'create') await createAdmin(database.db, username, password, role);
    else {
      await setAdminPassword(database.db, username, password);
      // The generated first password kept on disk is not the password any more.
      if (forgetFirstAdminPassword(config.dataDir)) console.log(`${FIRST_ADMIN_PASSWORD_FILE} removed from DATA_DIR.`);
    }
    console.log(action === 'create' ? `Account "${username}" (${role}) created.` : `Password of "${username}" changed.`);
  } finally {
    await database.close();
  }
}

async function media(args: string[]) {
  if (args[0] !== 'move-to-s3') throw new Error(USAGE);
  const config = loadConfig();
  if (!config.s3) throw new Error('S3_BUCKET (and the other S3_* settings) must be set: they name the bucket the media moves to.');
  if (config.dataDir.startsWith('memory://')) throw new Error('DATA_DIR is memory://: there is no media on disk to move.');
  const fromUrl = args.find((a) => a.startsWith('--from-url='))?.slice('--from-url='.length) ?? '/media';
  // Rewriting every stored address is one long statement on a large site: no time limit.
  const database = await openAppDatabase({ ...config, databaseTimeouts: { ...config.databaseTimeouts, statementTimeoutMs: 0 } });
  try {
    const { moveMediaToS3 } = await import('./modules/media/move-to-s3.ts');
    const { createS3Storages } = await import('./integrations/storage/index.ts');
    const { announceContentChanged } = await import('./plugins/content-events.ts');
    const report = await moveMediaToS3({
      database, dataDir: config.dataDir, target: createS3Storages(config.s3, config.mediaBaseUrl, config.storage),
      fromBaseUrl: fromUrl, toBaseUrl: config.mediaBaseUrl, log: (line) => console.log(line),
    });
    // Web processes drop their cached pages, which still name the old addresses.
    await announceContentChanged(database).catch(() => undefined);
    console.log(JSON.stringify(report, null, 2));
    if (report.errors.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

async function backupOrRestore(command: 'backup' | 'restore', args: string[]) {
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) throw new Error(USAGE);
  const { backupSite, restoreSite } = await import('./modules/backup/backup.ts');
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  const manifest = command === 'backup'
    ? await backupSite(config, path.resolve(dir), log)
    : await restoreSite(config, path.resolve(dir), { force: args.includes('--force'), log });
  console.log(`${command === 'backup' ? 'Backed up' : 'Restored'}: the ${manifest.database.kind} database and ${manifest.media.files.length} media files (${path.resolve(dir)}).`);
}

async function main(argv: string[]) {
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve': return serve(rest);
    case 'worker': return runWorkerProcess();
    case 'ingest': return ingestNow();
    case 'migrate': {
      const database = await openAppDatabase(loadConfig());
      await database.close();
      console.log('Migrations applied.');
      return;
    }
    case 'admin': return admin(rest[0], rest[1], rest.slice(2));
    case 'media': return media(rest);
    case 'backup':
    case 'restore': return backupOrRestore(command, rest);
    default: throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // A failed query's parameters (the owner's password hash, tokens) are left out.
  console.error(commandFailureText(err));
  process.exit(1);
});
