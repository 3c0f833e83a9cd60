import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, forbiddenMessage, roleCan, type Permission } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError } from '../errors.ts';
import { resolveSession, type AuthenticatedSession, type SessionPolicy } from '../modules/auth/service.ts';

export const SESSION_COOKIE = 'chapar_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session, resolved lazily on /api/admin requests and SSR of admin-aware pages. */
    adminSession: AuthenticatedSession | null;
  }
  interface FastifyContextConfig {
    /** Routes under /api/admin that answer without a session (login, status). */
    public?: boolean;
    /** An admin-only route outside the /api/admin prefix (its path is the spec's). */
    admin?: boolean;
    /**
     * What the route needs (the permission table in @chapar/shared/contracts). Every guarded
     * route declares one; a route that does not is refused to everyone but the owner.
     */
    permission?: Permission;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SIGN_IN_MESSAGE = 'برای این کار باید وارد پنل مدیریت شوید';

/** Who is signed in, for "by" columns and audit trails: every guarded route has a session, so a name. */
export function signedInName(request: FastifyRequest): string {
  if (!request.adminSession) throw new AppError('unauthorized', SIGN_IN_MESSAGE);
  return request.adminSession.user.username;
}

export async function loadAdminSession(db: Db, request: FastifyRequest, policy: SessionPolicy): Promise<AuthenticatedSession | null> {
  const sid = request.cookies[SESSION_COOKIE];
  if (!sid || sid.length > 100) return null;
  return resolveSession(db, sid, policy);
}

const ADMIN_PREFIX = '/api/admin';

/**
 * Whether the route that matched is guarded. Decided by the route's registered pattern, never by
 * the text of the URL: the router decodes and matches `/api/%61dmin/x` as `/api/admin/x`, so a
 * comparison with the raw URL could be walked around by any other spelling of the same path.
 * A request that matched no route (404) reaches no handler and needs no guard.
 */
export function isGuardedRoute(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return false;
  return pattern === ADMIN_PREFIX || pattern.startsWith(`${ADMIN_PREFIX}/`) || request.routeOptions.config?.admin === true;
}

/** What a guarded route needs: its declared permission, or the owner's alone when it declares none. */
export const routePermission = (request: FastifyRequest): Permission => request.routeOptions.config?.permission ?? 'accounts';

export const TWO_FACTOR_SETUP_MESSAGE = 'پیش از هر کاری، ورود دومرحله‌ای را برای حساب خود فعال کنید';

/**
 * One guard on every admin route (the whole /api/admin prefix and routes marked `admin`): each,
 * including ones added later, needs a session, every state-changing request needs the
 * session's CSRF token, and the session's role must hold the route's permission (403 if not).
 * An owner who must set up two-factor sign-in first reaches only their own account.
 */
export async function registerAuth(app: FastifyInstance, opts: { db: Db; policy: SessionPolicy }): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('adminSession', null);

  app.addHook('onRequest', async (request) => {
    if (!isGuardedRoute(request)) return;
    request.adminSession = await loadAdminSession(opts.db, request, opts.policy);
    if (request.routeOptions.config?.public) return;
    if (!request.adminSession) throw new AppError('unauthorized', SIGN_IN_MESSAGE);
    if (!SAFE_METHODS.has(request.method)) {
      const token = request.headers[CSRF_HEADER];
      if (typeof token !== 'string' || token !== request.adminSession.csrfToken) {
        throw new AppError('csrf_invalid', 'توکن امنیتی درخواست نامعتبر است. صفحه را دوباره بارگذاری کنید.');
      }
    }
    const permission = routePermission(request);
    const { user } = request.adminSession;
    if (!roleCan(user.role, permission)) throw new AppError('forbidden', forbiddenMessage(user.role));
    if (request.adminSession.twoFactorSetupRequired && permission !== 'self') throw new AppError('forbidden', TWO_FACTOR_SETUP_MESSAGE);
  });
}

export function requireAdmin(request: FastifyRequest): AuthenticatedSession {
  if (!request.adminSession) throw new AppError('unauthorized', 'برای این کار باید وارد پنل مدیریت شوید');
  return request.adminSession;
}
