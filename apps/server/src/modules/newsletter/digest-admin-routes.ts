// /api/admin/newsletter/* for the mail (issue 34), under the admin guard: the overview (mail
// service, schedule, latest digests), one digest's sends, the schedule, the preview, 'send now',
// and the addresses waiting for confirmation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  digestPreviewResponse, digestSchedule, digestSendsQuery, digestSendsResponse, errorResponse, idParam, newsletterDigestsResponse, operationResponse,
  scheduleResponse, waitingSignupsResponse,
} from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import type { Services } from '../../services.ts';
import { operationAnswer } from '../operations/run-operation.ts';
import { listWaitingSignups } from './admin-service.ts';
import { digestSends, newsletterOverview, previewDigest, saveSchedule, sendNow } from './digest-admin-service.ts';
import { signedInName } from '../../plugins/auth.ts';

const waitingQuery = z.object({
  limit: z.coerce.number({ error: 'تعداد باید عدد باشد' }).int('تعداد باید عدد صحیح باشد').min(1, 'تعداد باید دست‌کم ۱ باشد').max(500, 'تعداد حداکثر ۵۰۰ است').default(100),
  offset: z.coerce.number({ error: 'جابه‌جایی باید عدد باشد' }).int('جابه‌جایی باید عدد صحیح باشد').min(0, 'جابه‌جایی نمی‌تواند منفی باشد').max(10_000_000, 'جابه‌جایی بیش از حد بزرگ است').default(0),
});

export function newsletterDigestRoutes(app: FastifyInstance, s: Pick<Services, 'config' | 'db' | 'mailer' | 'jobs'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  r.get('/api/admin/newsletter/digests', { config: { permission: 'newsletter' }, schema: { response: { 200: newsletterDigestsResponse, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return newsletterOverview(s);
  });

  r.get('/api/admin/newsletter/digests/:id/sends', { config: { permission: 'newsletter' }, schema: { params: idParam, querystring: digestSendsQuery, response: { 200: digestSendsResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return digestSends(s, request.params.id, request.query);
    });

  r.put('/api/admin/newsletter/schedule', { config: { permission: 'newsletter', audit: { action: 'newsletter.schedule', details: (req) => ({ ...(req.body as object) }) } }, schema: { body: digestSchedule, response: { 200: scheduleResponse, ...errors } } },
    async (request) => saveSchedule(s, request.body));

  r.get('/api/admin/newsletter/preview', { config: { permission: 'newsletter' }, schema: { response: { 200: digestPreviewResponse, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return previewDigest(s);
  });

  r.post('/api/admin/newsletter/send-now', { config: { permission: 'newsletter', audit: { action: 'newsletter.send' } }, schema: { response: { 200: operationResponse, 202: operationResponse, ...errors } } }, async (request, reply) => {
    const outcome = await sendNow(s, signedInName(request));
    const result = outcome.result as { recipients?: number; status?: string; message?: string; awaitingRetry?: number };
    // The mail service already refused its first message: the queue tries again, and nothing went yet.
    const retrying = result.status === 'sending' && (result.awaitingRetry ?? 0) > 0 && Boolean(result.message);
    const message = result.status === 'empty' ? 'مقاله تازه‌ای برای خبرنامه نبود؛ چیزی فرستاده نشد'
      // A digest whose mail has already ended (the job was retried after it went out): how it ended.
      : (result.status === 'done' || result.status === 'failed' || retrying) && result.message ? result.message
        : `خبرنامه برای ${toPersianDigits(result.recipients ?? 0)} نشانی در صف ارسال قرار گرفت`;
    const answer = operationAnswer(outcome, message);
    return reply.code(outcome.finished ? 200 : 202).send(retrying ? { ...answer, success: false, status: 'error' } : answer);
  });

  r.get('/api/admin/newsletter/signups', { config: { permission: 'newsletter' }, schema: { querystring: waitingQuery, response: { 200: waitingSignupsResponse, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listWaitingSignups(s.db, request.query);
  });
}
