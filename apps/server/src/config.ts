import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional().transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z.string().trim().optional().transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  SESSION_SECRET: optionalString,
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(24 * 7),
  TRUST_PROXY: bool(false),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  DEMO_CONTENT: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  SITE_NAME: z.string().default('چاپار'),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    /** A per-process random secret is fine on one machine; set it to share sessions across processes. */
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretIsRandom: !env.SESSION_SECRET,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
    trustProxy: env.TRUST_PROXY,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    demoContent: env.DEMO_CONTENT,
    logLevel: env.LOG_LEVEL,
    readCacheTtlMs: env.READ_CACHE_TTL_MS,
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
    siteName: env.SITE_NAME,
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

/** Config for tests: in-memory database, quiet logs, no demo content unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_CONTENT: 'false', DATA_DIR: 'memory://' });
  return { ...base, dataDir: 'memory://', ...overrides };
}
