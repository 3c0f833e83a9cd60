// Processing from Telegram (spec 03 §7): a post by link, id or range, and the body-less
// jobs of the generate, watermark and sync screens. Every call is an operation record.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse, idParam, postOperationResponse, processFromLinkBody, processPostBody, processRangeBody, syncTelegramPostBody,
} from '@chapar/shared/contracts';
import { formatNumberFa, handle } from '@chapar/shared/text';
import { AppError } from '../../errors.ts';
import { jobStarted } from '../audit/job-audit.ts';
import { fetchPostsJob } from '../../jobs/specs.ts';
import { requireArticle } from '../articles/admin-service.ts';
import { channelRepo } from '../channels/repo.ts';
import { adminActions } from './admin-actions.ts';
import { deletionWords } from './source-deletions.ts';
import { editWords } from './source-edits.ts';
import { withoutMediaWords } from '../posts/wait-posts.ts';
import { num, operationAnswer, runOperation, type OperationOutcome } from '../operations/run-operation.ts';
import type { Services } from '../../services.ts';
import { requireTelegramLink } from './telegram-link.ts';
import { signedInName } from '../../plugins/auth.ts';

/** What became of the named posts: the counts, the failures, and who wrote the articles when the AI could not. */
function processedMessage(r: Record<string, unknown>): string {
  const fa = (value: unknown) => formatNumberFa(num(value));
  const parts = [`${fa(r.created)} مقاله ساخته شد، ${fa(r.updated)} به‌روز شد، ${fa(r.ignored)} نادیده گرفته شد`];
  if (num(r.failed)) parts.push(`${fa(r.failed)} پست ناموفق بود`);
  // Posts deleted at the source: one taken down at once, more left for an editor (source-deletions.ts).
  parts.push(...deletionWords(num(r.unpublishedArticles), num(r.deletionsAwaiting)), ...editWords(num(r.editsAwaiting)));
  if (num(r.aiFallbacks)) parts.push(`${fa(r.aiFallbacks)} مقاله با بازنویس آفلاین نوشته شد، چون سرویس هوش مصنوعی پاسخ درستی نداد`);
  if (num(r.withoutMedia)) parts.push(withoutMediaWords(num(r.withoutMedia)));
  return parts.join('؛ ');
}

const answer = (reply: FastifyReply, outcome: OperationOutcome, body: object) => reply.code(outcome.finished ? 200 : 202).send(body);

export async function ingestAdminRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'config' | 'db' | 'jobs'> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // The channels table is the truth (admins add and switch channels on the channels tab), read per request.
  const activeChannels = () => channelRepo.active(s.db);
  const linkOptions = async () => ({ channels: (await activeChannels()).map((c) => c.username), webBaseUrl: s.config.telegramWebBaseUrl });

  const channelFor = async (name: string | undefined) => {
    const active = await activeChannels();
    const wanted = name?.replace(/^@/, '').trim() || active.find((c) => c.role === 'primary')?.username;
    const channel = active.find((c) => c.username.toLowerCase() === wanted?.toLowerCase())?.username;
    if (!channel) throw new AppError('bad_request', wanted ? `کانال ${handle(wanted)} در فهرست کانال‌های فعال نیست` : 'هیچ کانال فعالی پیکربندی نشده است');
    return channel;
  };

  const processPosts = async (request: FastifyRequest, reply: FastifyReply, kind: string, payload: Record<string, unknown>) => {
    const outcome = await runOperation(s, fetchPostsJob, payload, { kind, requestedBy: signedInName(request) });
    const result = outcome.result;
    const message = processedMessage(result);
    return answer(reply, outcome, { ...operationAnswer(outcome, message), articleId: (result.articleId as number | null) ?? null });
  };

  const postSchema = { response: { 200: postOperationResponse, 202: postOperationResponse, ...errors } };

  // An admin chose this very post, so the ignore filters do not stand in the way.
  r.post('/api/admin/process-from-link', { config: jobStarted('process-from-link', (b) => ({ link: b.link })), schema: { body: processFromLinkBody, ...postSchema } }, async (request, reply) => {
    const link = requireTelegramLink(request.body.link, await linkOptions());
    return processPosts(request, reply, 'process-from-link', {
      source: link.channel, ids: [link.messageId], force: true, contentVerification: request.body.contentVerification || undefined,
    });
  });

  r.post('/api/admin/sync-telegram-post', { config: jobStarted('sync-telegram-post', (b) => ({ link: b.url ?? b.link ?? b.postUrl })), schema: { body: syncTelegramPostBody, ...postSchema } }, async (request, reply) => {
    const link = requireTelegramLink(request.body.url ?? request.body.link ?? request.body.postUrl ?? '', await linkOptions());
    return processPosts(request, reply, 'sync-telegram-post', { source: link.channel, ids: [link.messageId], force: true });
  });

  r.post('/api/admin/process-post', { config: jobStarted('process-post', (b) => ({ postId: b.postId, channelName: b.channelName })), schema: { body: processPostBody, ...postSchema } }, async (request, reply) => {
    const b = request.body;
    return processPosts(request, reply, 'process-post', {
      source: await channelFor(b.channelName), ids: [b.postId], force: true, skipExisting: b.skipExisting, skipMedia: !b.extractImages, useAI: b.useAI,
    });
  });

  // A range is bulk work: the filters apply as they do to the channel's own posts.
  r.post('/api/admin/process-posts-range', { config: jobStarted('process-posts-range', (b) => ({ startId: b.startId, endId: b.endId })), schema: { body: processRangeBody, ...postSchema } }, async (request, reply) => {
    const { startId, endId, options = {} } = request.body;
    const ids = Array.from({ length: endId - startId + 1 }, (_, i) => startId + i);
    return processPosts(request, reply, 'process-posts-range', {
      source: await channelFor(options.channelName), ids, skipExisting: options.skipExisting, skipMedia: options.extractImages === false, useAI: options.useAI,
    });
  });

  for (const action of adminActions(s.config.channels)) {
    const url = `/api/admin/${action.path}`;
    const withId = action.path.endsWith('/:id');
    r.post(url, {
      config: jobStarted(action.path.replace('/:id', '')),
      // An ':id' path names one article: a missing one is answered (404) before any job is queued.
      ...(withId ? { preHandler: async (request: FastifyRequest) => requireArticle(s, (request.params as { id: number }).id) } : {}),
      schema: { ...(withId ? { params: idParam } : {}), response: { 200: action.response, 202: action.response, ...errors } },
    }, async (request, reply) => {
      const id = withId ? (request.params as { id: number }).id : undefined;
      const kind = action.path.replace('/:id', '');
      const outcome = await runOperation(s, action.job, action.payload({ id }), { kind, requestedBy: signedInName(request), plan: action.confirm });
      // A plan has no result yet: the spec's own fields are there, empty, until the confirmed run fills them.
      const ran = outcome.finished && outcome.operation.status !== 'awaiting';
      const body = { ...operationAnswer(outcome, ran ? action.message(outcome.result) : ''), ...(ran ? action.extra?.(outcome.result) : undefined) };
      return answer(reply, outcome, ran || !action.extra ? body : { ...body, ...action.extra({}) });
    });
  }

}
