import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatusResponse, errorResponse, loginBody, loginResponse, okResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { SESSION_COOKIE, requireAdmin } from '../../plugins/auth.ts';
import { login, logout, type SessionPolicy } from './service.ts';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; policy: SessionPolicy; secureCookies: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies ? true : 'auto' as const,
  };

  r.post('/api/admin/login', {
    config: { public: true },
    schema: { body: loginBody, response: { 200: loginResponse, '4xx': errorResponse } },
  }, async (request, reply) => {
    const result = await login(opts.db, {
      username: request.body.username,
      password: request.body.password,
      ip: request.ip,
      clientKey: request.clientKey,
      userAgent: request.headers['user-agent'],
      policy: opts.policy,
      sessionUsername: request.adminSession?.user.username,
    });
    // A previous session in this browser is ended, so an old id cannot be fixed on the user.
    if (request.adminSession) await logout(opts.db, request.adminSession.idHash);
    reply.setCookie(SESSION_COOKIE, result.sessionId, { ...cookieOptions, maxAge: Math.floor(opts.policy.maxMs / 1000) });
    return {
      success: true as const,
      message: 'ورود موفقیت‌آمیز بود',
      user: { id: result.user.id, username: result.user.username, role: result.user.role },
      csrfToken: result.csrfToken,
    };
  });

  r.post('/api/admin/logout', { schema: { response: { 200: okResponse } } }, async (request, reply) => {
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
    return {
      isAuthenticated: Boolean(session),
      username: session?.user.username ?? null,
      csrfToken: session?.csrfToken ?? null,
    };
  });
}
