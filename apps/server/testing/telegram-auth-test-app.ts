// For this module's tests: the admin guard, login and the Telegram routes on a
// shared database, with the in-memory FakeTelegram instead of GramJS. Building a
// second app on the same database is how a restart (or a second process) is tested.
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { like } from 'drizzle-orm';
import { settings, type Database } from '@chapar/db';
import { testConfig, type Config } from '../src/config.ts';
import { FakeTelegram, type FakeAccount } from './fake-mtproto-gateway.ts';
import type { FloodWaitPolicy } from '../src/integrations/telegram/mtproto/index.ts';
import { registerAuth } from '../src/plugins/auth.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { loginAsAdmin } from './test-app.ts';
import { authRoutes } from '../src/modules/auth/routes.ts';
import { telegramAuthRoutes } from '../src/modules/telegram-auth/routes.ts';

export const SECRET = 'test-session-secret-0123456789abcdef';
export const PLAIN: FakeAccount = { phone: '+989121234567', code: '12345', user: { id: '1', firstName: 'چاپار', username: 'chapar_news', phone: '989121234567' } };
export const TWO_STEP: FakeAccount = { phone: '+989351112233', code: '54321', password: 'کلمه عبور', user: { id: '2', firstName: 'مریم' } };

export interface TelegramTestApp {
  app: FastifyInstance;
  slept: number[];
  /** An admin request with the session cookie and CSRF token. */
  call(method: 'GET' | 'POST', path: string, payload?: object): Promise<LightMyRequestResponse>;
  status(): Promise<Record<string, unknown>>;
}

export function newTelegram(): FakeTelegram {
  return new FakeTelegram().addAccount(PLAIN).addAccount(TWO_STEP);
}

export async function resetTelegramSettings(database: Database): Promise<void> {
  await database.db.delete(settings).where(like(settings.key, 'telegram.%'));
}

export async function buildTelegramApp(database: Database, telegram: FakeTelegram | null, options: { secret?: string; now?: () => Date; floodWait?: Partial<FloodWaitPolicy>; deadlineMs?: number; config?: Partial<Config> } = {}): Promise<TelegramTestApp> {
  const { db } = database;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const policy = { idleMs: 3_600_000, maxMs: 86_400_000 };
  await registerAuth(app, { db, policy });
  await app.register(authRoutes, { db, policy, secureCookies: false, secret: options.secret ?? SECRET, trashRetentionDays: 30 });
  const slept: number[] = [];
  await app.register(telegramAuthRoutes, {
    db,
    config: testConfig({ sessionSecret: options.secret ?? SECRET, sessionSecretIsRandom: false, ...options.config }),
    createGateway: telegram ? telegram.factory : null,
    floodWait: { maxWaitSeconds: 60, sleep: async (ms) => void slept.push(ms), ...options.floodWait },
    now: options.now,
    deadlineMs: options.deadlineMs,
  });
  await app.ready();
  const { cookie, csrfToken } = await loginAsAdmin(app);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie, 'x-csrf-token': csrfToken }, ...(payload ? { payload } : {}) } as InjectOptions);
  const status = async () => (await call('GET', '/api/admin/telegram/auth-status')).json() as Record<string, unknown>;
  return { app, slept, call, status };
}
