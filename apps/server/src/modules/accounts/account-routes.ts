// One's own account, open to every role ('self'): details, password, two-factor sign-in,
// recovery codes and sessions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountInfo as accountInfoSchema, changePasswordBody, changePasswordResponse, endSessionsResponse, errorResponse, okResponse,
  passwordConfirmBody, recoveryCodesResponse, sessionList, sessionParam, twoFactorEnableBody, twoFactorSetupResponse, updateAccountBody,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { requireAdmin } from '../../plugins/auth.ts';
import { authRepo } from '../auth/repo.ts';
import {
  ACCOUNT_SELF_MESSAGES, accountInfo, changeOwnPassword, disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes,
  startTwoFactorSetup, updateOwnAccount, type SelfContext,
} from './account-service.ts';
import { endSession, listSessions } from './sessions.ts';

export async function accountRoutes(app: FastifyInstance, opts: { db: Db; secret: string; siteName: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const errors = { '4xx': errorResponse };
  const self = 'self' as const;
  const ctx = (request: { clientKey: string }): SelfContext => ({ db, secret: opts.secret, siteName: opts.siteName, clientKey: request.clientKey });
  const me = (request: Parameters<typeof requireAdmin>[0]) => [requireAdmin(request).user.id];

  r.get('/api/admin/account', { config: { permission: self }, schema: { response: { 200: accountInfoSchema, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return accountInfo(db, requireAdmin(request));
  });

  r.patch('/api/admin/account', {
    config: { permission: self, audit: { action: 'account.update', target: 'user', ids: me } },
    schema: { body: updateAccountBody, response: { 200: accountInfoSchema, ...errors } },
  }, async (request) => updateOwnAccount(db, requireAdmin(request), request.body));

  r.post('/api/admin/account/password', {
    config: { permission: self, audit: { action: 'account.password', target: 'user', ids: me, details: (_req, answer) => ({ endedSessions: answer?.endedSessions }) } },
    schema: { body: changePasswordBody, response: { 200: changePasswordResponse, ...errors } },
  }, async (request) => {
    const ended = await changeOwnPassword(ctx(request), requireAdmin(request), request.body.currentPassword, request.body.newPassword);
    return { success: true as const, message: ACCOUNT_SELF_MESSAGES.passwordChanged, endedSessions: ended };
  });

  // Makes a secret and shows it as a QR code; nothing changes for sign-in until it is enabled.
  r.post('/api/admin/account/two-factor/setup', {
    config: { permission: self, audit: false },
    schema: { response: { 200: twoFactorSetupResponse, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return startTwoFactorSetup(ctx(request), requireAdmin(request));
  });

  r.post('/api/admin/account/two-factor/enable', {
    config: { permission: self, audit: { action: 'account.two-factor-enable', target: 'user', ids: me } },
    schema: { body: twoFactorEnableBody, response: { 200: recoveryCodesResponse, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const recoveryCodes = await enableTwoFactor(ctx(request), requireAdmin(request), request.body.code, request.body.password);
    return { success: true as const, message: ACCOUNT_SELF_MESSAGES.enabled, recoveryCodes };
  });

  r.post('/api/admin/account/two-factor/disable', {
    config: { permission: self, audit: { action: 'account.two-factor-disable', target: 'user', ids: me } },
    schema: { body: passwordConfirmBody, response: { 200: okResponse, ...errors } },
  }, async (request) => {
    await disableTwoFactor(ctx(request), requireAdmin(request), request.body.password);
    return { success: true, message: ACCOUNT_SELF_MESSAGES.disabled };
  });

  r.post('/api/admin/account/two-factor/recovery-codes', {
    config: { permission: self, audit: { action: 'account.recovery-codes', target: 'user', ids: me } },
    schema: { body: passwordConfirmBody, response: { 200: recoveryCodesResponse, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const recoveryCodes = await regenerateRecoveryCodes(ctx(request), requireAdmin(request), request.body.password);
    return { success: true as const, message: ACCOUNT_SELF_MESSAGES.newCodes, recoveryCodes };
  });

  r.get('/api/admin/account/sessions', { config: { permission: self }, schema: { response: { 200: sessionList, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = requireAdmin(request);
    return { sessions: await listSessions(db, { userId: session.user.id, currentIdHash: session.idHash }) };
  });

  r.delete('/api/admin/account/sessions/:id', {
    config: { permission: self, audit: { action: 'session.end', target: 'session' } },
    schema: { params: sessionParam, response: { 200: endSessionsResponse, ...errors } },
  }, async (request) => {
    await endSession(db, request.params.id, requireAdmin(request).user.id);
    return { success: true as const, message: 'نشست پایان یافت', ended: 1 };
  });

  r.post('/api/admin/account/sessions/end-others', {
    config: { permission: self, audit: { action: 'session.end', details: (_req, answer) => ({ others: true, ended: answer?.ended }) } },
    schema: { response: { 200: endSessionsResponse, ...errors } },
  }, async (request) => {
    const session = requireAdmin(request);
    const ended = await authRepo.deleteSessionsOfUser(db, session.user.id, session.idHash);
    return { success: true as const, message: 'نشست‌های دیگر شما پایان یافت', ended };
  });
}
