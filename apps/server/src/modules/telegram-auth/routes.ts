import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse, telegramAuthActionResponse, telegramAuthInfo, telegramAuthStatus, telegramSendPhoneBody, telegramSendPhoneResponse,
  telegramVerifyCodeBody, telegramVerifyPasswordBody,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { persianOr } from '../../plugins/error-handler.ts';
import { describeProxy, mtprotoRoute } from '../../integrations/telegram/index.ts';
import type { FloodWaitPolicy, MtprotoGatewayFactory } from '../../integrations/telegram/mtproto/index.ts';
import type { TelegramReach } from './messages.ts';
import { gramjsGatewayFactory, type MtprotoProvider } from './provider.ts';
import { TelegramAuthService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The MTProto source while the site's Telegram account is logged in, else null. */
    telegramMtproto: MtprotoProvider;
  }
}

export interface TelegramAuthRoutesOptions {
  db: Db;
  config: Config;
  /** Tests inject an in-memory fake here; by default GramJS when TELEGRAM_API_ID/HASH are set. */
  createGateway?: MtprotoGatewayFactory | null;
  floodWait?: FloodWaitPolicy;
  now?: () => Date;
  /** How long a step waits for Telegram (TELEGRAM_SIGNIN_TIMEOUT_MS unless given). */
  deadlineMs?: number;
}

/** Which proxy GramJS goes through, for the errors that name it. */
export function telegramReach(config: Config): TelegramReach {
  const route = mtprotoRoute(config.telegramProxy, config.telegramMtprotoProxy);
  return { via: route ? describeProxy(route) : null, httpProxyOnly: !route && config.telegramProxy !== undefined };
}

// The form shows the message as it is, so a validation failure answers the plain Persian sentence.
function rejectInvalid(request: FastifyRequest): void {
  const first = request.validationError?.validation[0];
  if (request.validationError) throw new AppError('validation_error', persianOr(first?.message, 'ورودی نامعتبر است'));
}

export async function telegramAuthRoutes(app: FastifyInstance, opts: TelegramAuthRoutesOptions) {
  const { config } = opts;
  const service = new TelegramAuthService({
    db: opts.db,
    secret: config.sessionSecret,
    createGateway: opts.createGateway !== undefined ? opts.createGateway : await gramjsGatewayFactory(config, app.log),
    floodWait: opts.floodWait,
    now: opts.now,
    deadlineMs: opts.deadlineMs ?? config.telegramSignInTimeoutMs,
    reach: telegramReach(config),
    log: app.log,
  });
  app.decorate('telegramMtproto', { getActiveSource: () => service.getActiveSource() } satisfies MtprotoProvider);
  if (service.configured && config.sessionSecretIsRandom) {
    app.log.warn('SESSION_SECRET is not set: the Telegram login is sealed with a per-process key and will not survive a restart');
  }
  // Checked in the background: a slow or unreachable Telegram must not hold up the start.
  const startupCheck = service.checkStoredSession().catch((err: unknown) => app.log.warn({ err }, 'Telegram session check failed'));
  app.addHook('onClose', async () => {
    await service.close();
    await Promise.race([startupCheck, sleep(2_000)]);
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  r.get('/api/admin/telegram/auth-status', {
    config: { permission: 'settings' },
    schema: { response: { 200: telegramAuthStatus } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.status();
  });

  r.get('/api/admin/telegram/auth-info', {
    config: { permission: 'settings' },
    schema: { response: { 200: telegramAuthInfo } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const missing = [
      ...(config.telegramApiId ? [] : ['TELEGRAM_API_ID']),
      ...(config.telegramApiHash ? [] : ['TELEGRAM_API_HASH']),
    ];
    return service.info(missing);
  });

  r.post('/api/admin/telegram/send-phone', {
    // The steps are recorded by name only: never the number, the code or the password.
    config: { permission: 'settings', audit: { action: 'telegram.sign-in', details: () => ({ step: 'phone' }) } },
    attachValidation: true,
    schema: { body: telegramSendPhoneBody, response: { 200: telegramSendPhoneResponse, ...errors } },
  }, async (request) => {
    rejectInvalid(request);
    return service.sendPhone(request.body);
  });

  r.post('/api/admin/telegram/verify-code', {
    config: { permission: 'settings', audit: { action: 'telegram.sign-in', details: () => ({ step: 'code' }) } },
    attachValidation: true,
    schema: { body: telegramVerifyCodeBody, response: { 200: telegramAuthActionResponse, ...errors } },
  }, async (request) => {
    rejectInvalid(request);
    return service.verifyCode(request.body);
  });

  r.post('/api/admin/telegram/verify-password', {
    config: { permission: 'settings', audit: { action: 'telegram.sign-in', details: () => ({ step: 'password' }) } },
    attachValidation: true,
    schema: { body: telegramVerifyPasswordBody, response: { 200: telegramAuthActionResponse, ...errors } },
  }, async (request) => {
    rejectInvalid(request);
    return service.verifyPassword(request.body, { adminId: requireAdmin(request).user.id });
  });

  // The way back from a mistyped number (not in spec 03 §7, which has no way back at all).
  r.post('/api/admin/telegram/cancel', {
    config: { permission: 'settings', audit: { action: 'telegram.cancel' } },
    schema: { response: { 200: telegramAuthActionResponse, ...errors } },
  }, async () => service.cancel());

  r.post('/api/admin/telegram/logout', {
    config: { permission: 'settings', audit: { action: 'telegram.logout' } },
    schema: { response: { 200: telegramAuthActionResponse, ...errors } },
  }, async () => service.logout());
}

// Registered at the root (fastify-plugin semantics), so app.telegramMtproto is visible app-wide.
(telegramAuthRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
