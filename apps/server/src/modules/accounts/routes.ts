// The owner's account screens: staff accounts, everyone's sessions, site-wide sign-in rules
// (all under the 'accounts' permission), and the public steps of an invitation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody, createUserBody, createUserResponse, endSessionsResponse, errorResponse, idParam, invitationLookup,
  invitationResponse, invitationTokenBody, okResponse, securitySettingsBody, securitySettingsResponse, sessionList, sessionParam,
  sessionsQuery, staffUserList, updateUserBody, userResponse,
} from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/record.ts';
import { authRepo } from '../auth/repo.ts';
import { securitySettings } from '../auth/security-settings.ts';
import { acceptInvitation, findInvitation } from './invitations.ts';
import { endSession, listSessions } from './sessions.ts';
import { createStaff, deleteStaff, listStaff, reissueInvitation, updateStaff, type AccountsContext } from './users-service.ts';

export async function accountsRoutes(app: FastifyInstance, opts: AccountsContext & { auditRetentionDays: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const errors = { '4xx': errorResponse };
  const accounts = 'accounts' as const;

  r.get('/api/admin/users', { config: { permission: accounts }, schema: { response: { 200: staffUserList, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { users: await listStaff(db) };
  });

  r.post('/api/admin/users', {
    config: { permission: accounts, audit: { action: 'user.create', target: 'user', createdId: (a) => (a.user as { id?: number } | undefined)?.id, details: (req) => ({ invited: Boolean((req.body as { invite?: boolean }).invite) }) } },
    schema: { body: createUserBody, response: { 201: createUserResponse, ...errors } },
  }, async (request, reply) => reply.code(201).send(await createStaff(opts, request.body, requireAdmin(request).user.username)));

  r.patch('/api/admin/users/:id', {
    config: { permission: accounts, audit: { action: 'user.update', target: 'user' } },
    schema: { params: idParam, body: updateUserBody, response: { 200: userResponse, ...errors } },
  }, async (request) => ({ user: await updateStaff(opts, request.params.id, request.body, requireAdmin(request).user.id) }));

  r.delete('/api/admin/users/:id', {
    config: { permission: accounts, audit: { action: 'user.delete', target: 'user' } },
    schema: { params: idParam, response: { 200: okResponse, ...errors } },
  }, async (request) => {
    await deleteStaff(opts, request.params.id, requireAdmin(request).user.id);
    return { success: true, message: 'حساب حذف شد' };
  });

  r.post('/api/admin/users/:id/invitation', {
    config: { permission: accounts, audit: { action: 'user.invite', target: 'user' } },
    schema: { params: idParam, response: { 200: invitationResponse, ...errors } },
  }, async (request) => reissueInvitation(opts, request.params.id, requireAdmin(request).user.username));

  r.get('/api/admin/sessions', { config: { permission: accounts }, schema: { querystring: sessionsQuery, response: { 200: sessionList, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { sessions: await listSessions(db, { userId: request.query.userId, currentIdHash: requireAdmin(request).idHash }) };
  });

  r.delete('/api/admin/sessions/:id', {
    config: { permission: accounts, audit: { action: 'session.end', target: 'session' } },
    schema: { params: sessionParam, response: { 200: endSessionsResponse, ...errors } },
  }, async (request) => {
    await endSession(db, request.params.id);
    return { success: true as const, message: 'نشست پایان یافت', ended: 1 };
  });

  r.get('/api/admin/security', { config: { permission: accounts }, schema: { response: { 200: securitySettingsResponse, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ...(await securitySettings.read(db)), mailConfigured: opts.mailer !== null, auditRetentionDays: opts.auditRetentionDays };
  });

  r.patch('/api/admin/security', {
    config: { permission: accounts, audit: { action: 'security.update', target: 'settings', ids: () => ['security'] } },
    schema: { body: securitySettingsBody, response: { 200: securitySettingsResponse, ...errors } },
  }, async (request) => {
    const me = await authRepo.findUserById(db, requireAdmin(request).user.id);
    // The owner who turns the rule on has a second factor already, so the rule never starts by locking them into setup.
    if (request.body.requireOwnerTwoFactor && !me?.totpEnabledAt) throw new AppError('conflict', 'نخست ورود دومرحله‌ای حساب خودتان را فعال کنید، سپس آن را برای همهٔ مالکان الزامی کنید');
    await securitySettings.write(db, request.body);
    return { ...request.body, mailConfigured: opts.mailer !== null, auditRetentionDays: opts.auditRetentionDays };
  });

  // The invitation link's page reads who it is for, then sets the password. Public: the
  // person has no account to sign in with yet; the token (256 random bits) is the credential.
  r.post('/api/admin/invitation', {
    config: { public: true },
    schema: { body: invitationTokenBody, response: { 200: invitationLookup, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await findInvitation(db, request.body.token);
    return { username: user.username, name: user.name, role: user.role as 'viewer', expiresAt: user.inviteExpiresAt!.toISOString() };
  });

  r.post('/api/admin/invitation/accept', {
    config: { public: true },
    schema: { body: acceptInvitationBody, response: { 200: okResponse, ...errors } },
  }, async (request) => {
    const user = await acceptInvitation(db, request.body.token, request.body.password);
    await recordAudit(db, request, {
      actor: { id: user.id, username: user.username, role: user.role }, action: 'invitation.accept', targetType: 'user', targetId: user.id,
    });
    return { success: true, message: 'رمز عبور شما ثبت شد؛ اکنون وارد شوید' };
  });
}
