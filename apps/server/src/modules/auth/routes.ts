import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStatusResponse, errorResponse, loginBody, loginResponse, okResponse, ROLE_PERMISSIONS, isRole, twoFactorLoginBody,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { SESSION_COOKIE, requireAdmin } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/record.ts';
import { login, logout, type OpenedSession, type SessionPolicy } from './service.ts';
import { completeTwoFactor } from './two-factor-login.ts';
import { forgetFirstAdminPassword } from '../../first-admin-password.ts';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; policy: SessionPolicy; secureCookies: boolean; secret: string; dataDir?: string; trashRetentionDays: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies ? true : 'auto' as const,
  };
  const context = (request: FastifyRequest) => ({
    ip: request.ip, clientKey: request.clientKey, userAgent: request.headers['user-agent'], policy: opts.policy,
    sessionUsername: request.adminSession?.user.username,
  });

  /** Sets the new session's cookie and answers as a successful login. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession, method: string) {
    // A previous session in this browser is ended, so an old id cannot be fixed on the user.
    if (request.adminSession) await logout(opts.db, request.adminSession.idHash);
    reply.setCookie(SESSION_COOKIE, opened.sessionId, { ...cookieOptions, maxAge: Math.floor(opts.policy.maxMs / 1000) });
    // The first sign-in: the generated password kept on disk has done its work.
    if (opts.dataDir && forgetFirstAdminPassword(opts.dataDir)) request.log.info('first sign-in: DATA_DIR/first-admin-password removed');
    const { user } = opened;
    await recordAudit(opts.db, request, {
      actor: { id: user.id, username: user.username, role: user.role }, action: 'auth.login', targetType: 'user', targetId: user.id, details: { method },
    });
    return {
      success: true as const,
      message: 'ورود موفقیت‌آمیز بود',
      user: { id: user.id, username: user.username, role: user.role },
      csrfToken: opened.csrfToken,
      twoFactorSetupRequired: opened.twoFactorSetupRequired,
    };
  }

  r.post('/api/admin/login', {
    config: { public: true },
    schema: { body: loginBody, response: { 200: loginResponse, '4xx': errorResponse } },
  }, async (request, reply) => {
    const outcome = await login(opts.db, { ...context(request), username: request.body.username, password: request.body.password });
    if (outcome.kind === 'challenge') {
      return { success: false as const, twoFactorRequired: true as const, challenge: outcome.challenge, message: 'کد ورود دومرحله‌ای را وارد کنید' };
    }
    return signedIn(request, reply, outcome, 'password');
  });

  // The second step: a code from the authenticator app, or a recovery code.
  r.post('/api/admin/login/two-factor', {
    config: { public: true },
    schema: { body: twoFactorLoginBody, response: { 200: loginResponse, '4xx': errorResponse } },
  }, async (request, reply) => {
    const opened = await completeTwoFactor(opts.db, { ...context(request), challenge: request.body.challenge, code: request.body.code, sessionSecret: opts.secret });
    return signedIn(request, reply, opened, opened.method);
  });

  r.post('/api/admin/logout', {
    config: { permission: 'self', audit: { action: 'auth.logout' } },
    schema: { response: { 200: okResponse } },
  }, async (request, reply) => {
    const session = requireAdmin(request);
    await logout(opts.db, session.idHash);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { success: true, message: 'خروج کامل انجام شد' };
  });

  r.get('/api/admin/status', {
    config: { public: true },
    schema: { response: { 200: adminStatusResponse } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = request.adminSession;
    const role = session?.user.role ?? null;
    return {
      isAuthenticated: Boolean(session),
      username: session?.user.username ?? null,
      csrfToken: session?.csrfToken ?? null,
      role,
      // Until an owner who must sets up two-factor sign-in, only their own account is open.
      permissions: !session || !isRole(role) ? [] : session.twoFactorSetupRequired ? ['self' as const] : [...ROLE_PERMISSIONS[role]],
      twoFactorSetupRequired: session?.twoFactorSetupRequired ?? false,
      trashRetentionDays: opts.trashRetentionDays,
    };
  });
}
