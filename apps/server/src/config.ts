import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from '@chapar/db';
import { keptSessionSecret } from './session-secret.ts';
import { parseMtprotoProxy, parseProxyUrl } from './integrations/telegram/proxy-settings.ts';
import { databaseTimeoutSettings, mailAddress, parseChannelList, parseOrigins, parseTrustProxy, settingOrIssue, vapidSubject } from './config-values.ts';

const bool = (fallback: boolean) =>
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z.string().trim().optional().transform((v) => (v ? v : undefined));

/** The fewest characters of a password given on the command line or in ADMIN_PASSWORD. */
export const MIN_ADMIN_PASSWORD_LENGTH = 8;
const MIN_SESSION_SECRET_LENGTH = 32;

const parsedUrl = (text: string) => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};
const isHttpUrl = (text: string) => {
  const url = parsedUrl(text);
  return Boolean(url && ['http:', 'https:'].includes(url.protocol) && url.hostname);
};
const isPostgresUrl = (text: string) => {
  const url = parsedUrl(text);
  // No host is a local socket (postgres:///chapar?host=/run/postgresql), which pg takes.
  return Boolean(url && ['postgres:', 'postgresql:'].includes(url.protocol));
};

/** Why SESSION_SECRET cannot be used (never repeating it), or undefined. */
function sessionSecretProblem(secret: string): string | undefined {
  if (/change-?me/i.test(secret)) return 'still the placeholder of the example file: put a secret of your own, e.g. `openssl rand -hex 32`, or leave it unset to have one made and kept in DATA_DIR';
  if (secret.length < MIN_SESSION_SECRET_LENGTH) return `too short (${secret.length} characters): at least ${MIN_SESSION_SECRET_LENGTH}, e.g. \`openssl rand -hex 32\`, or leave it unset to have one made and kept in DATA_DIR`;
  return undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: optionalString.superRefine((v, ctx) => {
    if (v !== undefined && !isHttpUrl(v)) ctx.addIssue({ code: 'custom', message: 'an http:// or https:// address, e.g. https://news.example.com' });
  }),
  DATA_DIR: z.string().default('./data'),
  // The messages never repeat the value (it holds the database's password).
  DATABASE_URL: optionalString.superRefine((v, ctx) => {
    if (v !== undefined && !isPostgresUrl(v)) ctx.addIssue({ code: 'custom', message: 'a postgres:// (or postgresql://) URL, e.g. postgres://chapar:password@127.0.0.1:5432/chapar; leave it unset for the embedded database in DATA_DIR' });
  }),
  ...databaseTimeoutSettings,
  // PGlite's buffer pool, in its WebAssembly memory (which never shrinks): the resident memory
  // it may take. Pages past it come from the operating system's file cache.
  PGLITE_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS: a size such as 32MB').default(DEFAULT_PGLITE_SHARED_BUFFERS),
  SESSION_SECRET: optionalString.superRefine((v, ctx) => {
    const problem = v === undefined ? undefined : sessionSecretProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(24 * 7),
  TRUST_PROXY: z.string().trim().optional().transform((v, ctx) => parseTrustProxy(v ?? '', ctx)),
  // Per-address limits (logins, comments) count an IPv6 client by its network of this many bits.
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(MIN_ADMIN_PASSWORD_LENGTH, `at least ${MIN_ADMIN_PASSWORD_LENGTH} characters (or leave it empty: the first start then makes one and prints it)`).optional()),
  INVITATION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  DEMO_CONTENT: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  DERIVED_DATA_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  // Unset: one render thread with the embedded database, none with DATABASE_URL (see renderThreads).
  RENDER_THREADS: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(0).max(16).optional()),
  SITE_NAME: z.string().default('چاپار'),
  TELEGRAM_CHANNELS: z.string().trim().default('').transform((v, ctx) => parseChannelList(v, ctx)),
  TELEGRAM_WEB_BASE_URL: z.url().default('https://t.me'),
  TELEGRAPH_BASE_URL: z.url().default('https://telegra.ph'),
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  SPEECH_BASE_URL: optionalString,
  SPEECH_API_KEY: optionalString,
  SPEECH_MODEL: optionalString,
  SPEECH_VOICE: optionalString,
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  PODCAST_AUTO: bool(true),
  // The podcast's owner address (itunes:email): Apple and Spotify write to it to confirm the show.
  PODCAST_OWNER_EMAIL: optionalString.pipe(z.email('PODCAST_OWNER_EMAIL: an e-mail address').optional()),
  MEDIA_BASE_URL: z.string().default('/media'),
  MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  // S3-compatible object storage for media; without a bucket the local disk (DATA_DIR/media) is used.
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  // A call to the media store (disk or bucket) that takes longer fails, so nothing waits on a stuck store.
  STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  STORAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).default(8_000),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
  BODY_GRACE_MS: z.coerce.number().int().min(100).default(20_000),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(2_048),
  WATERMARK_TEXT: optionalString,
  MONITOR_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  MONITOR_AUTOSTART: bool(true),
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  INGEST_MAX_PAGES: z.coerce.number().int().min(1).max(50).default(3),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).default(600),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(10),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(15),
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  ADMIN_JOB_WAIT_SECONDS: z.coerce.number().int().min(1).default(120),
  // Telegram login (MTProto) for the site's own account; without both, the public pages are used.
  // An empty value (as .env.example leaves it) means unset, not 0.
  TELEGRAM_API_ID: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  TELEGRAM_API_HASH: optionalString.pipe(z.string().regex(/^[0-9a-f]{32}$/i, 'must be the 32 hex characters from my.telegram.org').optional()),
  TELEGRAM_TEST_DC: bool(false),
  // How long a Telegram sign-in step (connecting included) may wait before it answers 504.
  TELEGRAM_SIGNIN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(20_000).default(20_000),
  // Where Telegram is filtered: a SOCKS5 or HTTP(S) proxy for every request to it, and an
  // MTProto proxy for the signed-in client. The messages never repeat the value (it may hold a password).
  TELEGRAM_PROXY_URL: optionalString.transform((v, ctx) => (v === undefined ? undefined : settingOrIssue(parseProxyUrl(v), ctx))),
  TELEGRAM_MTPROTO_PROXY: optionalString.transform((v, ctx) => (v === undefined ? undefined : settingOrIssue(parseMtprotoProxy(v), ctx))),
  // Mail (the newsletter): an SMTP server and the sender; without both no mail is sent. The
  // messages never repeat SMTP_URL (it may hold a password).
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\/[^/?#\s]+/i, 'an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587').optional()),
  MAIL_FROM: optionalString.pipe(z.string().regex(/^(?:[^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'an address, or a name and an address: "چاپار <news@example.com>"').optional()),
  // One message (connecting, greeting, sending, the server's answer) may take this long.
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(200).max(300_000).default(30_000),
  MAIL_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(60),
  // Web Push (breaking news): VAPID keys, made once and kept in DATA_DIR unless both are set here.
  VAPID_PUBLIC_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, base64url (87 characters)').optional()),
  VAPID_PRIVATE_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url (43 characters)').optional()),
  VAPID_SUBJECT: optionalString.pipe(z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'a mailto: address or an https:// URL').optional()),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(200).max(120_000).default(15_000),
  PUSH_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(600),
  // Push services beyond the known browsers' ones (exact origins, comma-separated), e.g. a self-hosted one.
  PUSH_EXTRA_ORIGINS: z.string().trim().default('').transform((v, ctx) => parseOrigins(v, ctx)),
  // Prometheus figures at /metrics (and on METRICS_PORT in a worker) for requests carrying
  // `Authorization: Bearer <token>`; unset, there is no metrics endpoint at all.
  METRICS_TOKEN: optionalString,
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
});

export type Config = ReturnType<typeof toConfig>;

export type { ChannelSetting, TrustProxy } from './config-values.ts';

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const inMemory = env.DATA_DIR.startsWith('memory://');
  const keptSecret = env.SESSION_SECRET || inMemory ? undefined : keptSessionSecret(dataDir);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseTimeouts: { connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    /**
     * SESSION_SECRET, else the one kept in DATA_DIR (made on the first start), so restarts keep
     * captchas and the Telegram session; a per-process random one only without a data directory.
     */
    sessionSecret: env.SESSION_SECRET ?? keptSecret ?? randomBytes(32).toString('hex'),
    sessionSecretIsRandom: !env.SESSION_SECRET && !keptSecret,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    trustProxy: env.TRUST_PROXY,
    /** IPv6 clients are limited per network of this many bits (an address of their own each is free to get). */
    rateLimitIpv6Prefix: env.RATE_LIMIT_IPV6_PREFIX,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    /** An invitation's one-time link works this long. */
    invitationTtlMs: env.INVITATION_HOURS * 3_600_000,
    /** Audit entries older than this are dropped by the daily prune job. */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    /** A deleted article can be restored this long; then the daily purge removes it and its files. */
    trashRetentionDays: env.TRASH_RETENTION_DAYS,
    demoContent: env.DEMO_CONTENT,
    logLevel: env.LOG_LEVEL,
    readCacheTtlMs: env.READ_CACHE_TTL_MS,
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
    /** Data every page shares (categories, sidebars), kept apart from the pages; 0 turns it off. */
    derivedDataTtlMs: env.DERIVED_DATA_TTL_MS,
    /**
     * Threads that render pages beside the server's own (plugins/render-pool.ts). With the
     * embedded database the server's thread also runs every query, so rendering elsewhere uses
     * the second core; with DATABASE_URL the queries already run in PostgreSQL's processes, and
     * a thread's memory (about 30 MB) is kept.
     */
    renderThreads: env.RENDER_THREADS ?? (env.DATABASE_URL ? 0 : 1),
    siteName: env.SITE_NAME,
    channels: env.TELEGRAM_CHANNELS,
    telegramWebBaseUrl: env.TELEGRAM_WEB_BASE_URL.replace(/\/+$/, ''),
    telegraphBaseUrl: env.TELEGRAPH_BASE_URL.replace(/\/+$/, ''),
    ai: { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS },
    /** Podcasts: espeak-ng offline, or an OpenAI-compatible /audio/speech endpoint with URL and key. */
    speech: { baseUrl: env.SPEECH_BASE_URL, apiKey: env.SPEECH_API_KEY, model: env.SPEECH_MODEL ?? 'gpt-4o-mini-tts', voice: env.SPEECH_VOICE ?? 'alloy', timeoutMs: env.SPEECH_TIMEOUT_MS },
    /** Every published article gets its podcast made after publishing and after its text changes. */
    podcastAuto: env.PODCAST_AUTO,
    /** The podcast feed's owner address: PODCAST_OWNER_EMAIL, else the sender of the site's mail. */
    podcastOwnerEmail: env.PODCAST_OWNER_EMAIL ?? mailAddress(env.MAIL_FROM),
    mediaBaseUrl: env.MEDIA_BASE_URL.replace(/\/+$/, ''),
    mediaMaxBytes: env.MEDIA_MAX_BYTES,
    /** Media in an S3-compatible bucket (public files under media/, originals under originals/); undefined: local disk. */
    s3: env.S3_BUCKET
      ? { endpoint: env.S3_ENDPOINT, region: env.S3_REGION, bucket: env.S3_BUCKET, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: env.S3_FORCE_PATH_STYLE }
      : undefined,
    /**
     * One call to the media store may take `timeoutMs` (a large file: that much per 8 MiB part);
     * a bucket's quick failures are tried `maxAttempts` times within it.
     */
    storage: { timeoutMs: env.STORAGE_TIMEOUT_MS, maxAttempts: env.STORAGE_MAX_ATTEMPTS },
    /** Each service on the health page answers within this, or is reported down for not answering. */
    healthCheckTimeoutMs: env.HEALTH_CHECK_TIMEOUT_MS,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    /** A request body gets the grace plus its length at this pace to arrive, then a 408. */
    bodyPace: { graceMs: env.BODY_GRACE_MS, minBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND },
    watermarkText: env.WATERMARK_TEXT ?? env.SITE_NAME,
    monitorIntervalMinutes: env.MONITOR_INTERVAL_MINUTES,
    monitorAutostart: env.MONITOR_AUTOSTART,
    ingestConcurrency: env.INGEST_CONCURRENCY,
    ingestMaxPages: env.INGEST_MAX_PAGES,
    jobExpireSeconds: env.JOB_EXPIRE_SECONDS,
    jobRetryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
    /** A running job's claim is renewed every half of this; one not renewed this long is a dead worker's, and the job is retried. */
    jobHeartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
    /** How often a worker looks for jobs whose worker vanished (stale heartbeats, expiries). */
    jobSuperviseSeconds: env.JOB_SUPERVISE_SECONDS,
    adminJobWaitMs: env.ADMIN_JOB_WAIT_SECONDS * 1000,
    /** Runs the job worker (pg-boss) in this process; `serve --no-worker` and tests turn it off. */
    worker: true,
    telegramApiId: env.TELEGRAM_API_ID,
    telegramApiHash: env.TELEGRAM_API_HASH,
    /** Log in against Telegram's test data centre (test numbers, no real account touched). */
    telegramTestDc: env.TELEGRAM_TEST_DC,
    telegramSignInTimeoutMs: env.TELEGRAM_SIGNIN_TIMEOUT_MS,
    /** TELEGRAM_PROXY_URL: t.me pages, media and Telegraph go through it; GramJS too when it is SOCKS5. */
    telegramProxy: env.TELEGRAM_PROXY_URL,
    /** TELEGRAM_MTPROTO_PROXY: GramJS connects through it (before a SOCKS5 TELEGRAM_PROXY_URL). */
    telegramMtprotoProxy: env.TELEGRAM_MTPROTO_PROXY,
    /**
     * Mail through SMTP (integrations/mail): configured with both `url` and `from`. Each message
     * has `timeoutMs`; at most `maxPerMinute` messages leave one process a minute.
     */
    mail: { url: env.SMTP_URL, from: env.MAIL_FROM, timeoutMs: env.MAIL_TIMEOUT_MS, maxPerMinute: env.MAIL_MAX_PER_MINUTE },
    /**
     * Web Push: VAPID keys from the environment (both, or neither: then kept in DATA_DIR,
     * modules/push/vapid-keys.ts), the subject push services may write to, a deadline per
     * message, a pace, and push services allowed beyond the browsers' own.
     */
    push: {
      publicKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : undefined,
      privateKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PRIVATE_KEY : undefined,
      subject: env.VAPID_SUBJECT ?? vapidSubject(env.PUBLIC_BASE_URL),
      timeoutMs: env.PUSH_TIMEOUT_MS,
      maxPerMinute: env.PUSH_MAX_PER_MINUTE,
      extraOrigins: env.PUSH_EXTRA_ORIGINS,
    },
    /** METRICS_TOKEN: the bearer token /metrics asks for; undefined: no endpoint. */
    metricsToken: env.METRICS_TOKEN,
    /** METRICS_PORT: a worker process's own /metrics listener (web processes use their own port). */
    metricsPort: env.METRICS_PORT,
  };
}

/** Parses the environment once; on failure lists every bad variable and exits. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

/** Only ever used by testConfig(): tests sign and check with one known secret. */
const TEST_SESSION_SECRET = 'chapar-test-session-secret-not-for-any-real-site';

/**
 * Config for tests: in-memory database, quiet logs, no demo content unless asked, a fixed
 * session secret; nothing is written to disk.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_CONTENT: 'false', DATA_DIR: 'memory://', SESSION_SECRET: TEST_SESSION_SECRET, PODCAST_AUTO: 'false' });
  // The monitor's schedule fires at every tenth minute of the clock: a test with a worker that
  // crossed one would ingest the whole channel in the middle of what it counts. Tests of the
  // monitor turn it on.
  return { ...base, dataDir: 'memory://', worker: false, monitorAutostart: false, ...overrides };
}
