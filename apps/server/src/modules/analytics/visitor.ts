import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SESSION_ID_HEADER, SESSION_ID_INVALID, SESSION_ID_PATTERN, SESSION_ID_REQUIRED } from '@chapar/shared/contracts';
import { badRequest } from '../../errors.ts';

/**
 * The visitor's session id: the X-Session-Id header, else the one in the body or query.
 * Anonymous readers have nothing else; a malformed id is refused rather than ignored, so a
 * client bug never silently splits one reader into two.
 */
export function sessionIdOf(request: FastifyRequest, explicit?: string | null): string | undefined {
  const header = request.headers[SESSION_ID_HEADER];
  const value = (Array.isArray(header) ? header[0] : header) || explicit || undefined;
  if (value !== undefined && !SESSION_ID_PATTERN.test(value)) throw badRequest(SESSION_ID_INVALID);
  return value;
}

export function requireSessionId(request: FastifyRequest, explicit?: string | null): string {
  const id = sessionIdOf(request, explicit);
  if (!id) throw badRequest(SESSION_ID_REQUIRED);
  return id;
}

/** Keyed hash of the client's address key (request.clientKey): comparable between requests, not reversible to the address. */
export function hashIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(`ip:${ip}`).digest('hex');
}

/**
 * Who is acting, for limits and view counting: the session id when sent, else a key derived
 * from the client's address ('ip-' + 32 hex digits), which fits the session_id columns. The
 * address is the one through the trusted proxies, an IPv6 one cut to its network.
 */
export function visitorOf(request: FastifyRequest, secret: string, explicit?: string | null): { key: string; sessionId?: string; ipHash: string } {
  const sessionId = sessionIdOf(request, explicit);
  const ipHash = hashIp(request.clientKey, secret);
  return { key: sessionId ?? `ip-${ipHash.slice(0, 32)}`, sessionId, ipHash };
}
