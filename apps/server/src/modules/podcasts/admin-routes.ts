// Podcasts from the admin area, as operations with progress (modules/operations/run-operation.ts):
// one article's podcast made again (article page tools, the articles table), and the podcasts
// of the most recent published articles (the articles tab's toolbar). The text a podcast reads
// is shown to the editor, who may correct it (speech-text.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { articles } from '@chapar/db';
import {
  errorResponse, idParam, makeRecentPodcastsBody, operationResponse, PODCAST_MESSAGES, SPEECH_TEXT_MESSAGES, speechTextBody, speechTextResponse,
} from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { AppError, notFound } from '../../errors.ts';
import { makePodcastsJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';
import { jobStarted } from '../audit/job-audit.ts';
import { operationAnswer, runOperation } from '../operations/run-operation.ts';
import { podcastUrlFor, queuePodcast } from './service.ts';
import { speechRepo } from './speech-repo.ts';
import { saveSpeechText, speechTextView } from './speech-text.ts';
import { signedInName } from '../../plugins/auth.ts';

type PodcastAdminRoutesDeps = Pick<Services, 'config' | 'db' | 'log' | 'storage' | 'speech' | 'jobs'>;

/** How long the bulk request waits for its run before answering 202. */
const BULK_WAIT_MS = 2_000;

export async function podcastAdminRoutes(app: FastifyInstance, { services: s }: { services: PodcastAdminRoutesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  r.post('/api/admin/articles/:id/podcast', {
    config: { permission: 'articles', audit: { action: 'podcast.make', details: (req) => ({ articleId: (req.params as { id: number }).id }) } },
    schema: { params: idParam, response: { 200: operationResponse, 202: operationResponse, ...errors } },
  }, async (request, reply) => {
    const { id } = request.params;
    const [article] = await s.db.select({ status: articles.status }).from(articles).where(eq(articles.id, id));
    if (!article) throw notFound(PODCAST_MESSAGES.notFound);
    if (article.status !== 'published') throw new AppError('conflict', PODCAST_MESSAGES.notPublished);
    const outcome = await runOperation(s, makePodcastsJob, { articleIds: [id], force: true }, { kind: 'make-podcast', requestedBy: signedInName(request) });
    return reply.code(outcome.finished ? 200 : 202).send(operationAnswer(outcome, outcome.failed ? 'پادکست ساخته نشد' : PODCAST_MESSAGES.made));
  });

  r.post('/api/admin/podcasts/recent', {
    config: jobStarted('make-podcasts', (b) => ({ latest: b.latest, force: b.force })),
    schema: { body: makeRecentPodcastsBody, response: { 200: operationResponse, 202: operationResponse, ...errors } },
  }, async (request, reply) => {
    const { latest, force } = request.body ?? makeRecentPodcastsBody.parse({});
    // A bulk run takes a while: the answer comes at once (202 with the operation id, followed
    // for its progress) unless the run is over within a moment.
    const quick = { ...s, config: { ...s.config, adminJobWaitMs: Math.min(s.config.adminJobWaitMs, BULK_WAIT_MS) } };
    const outcome = await runOperation(quick, makePodcastsJob, { latest, force }, { kind: 'make-podcasts', requestedBy: signedInName(request) });
    const failed = outcome.failed ? `؛ ${formatNumberFa(outcome.failed)} مورد ناموفق` : '';
    return reply.code(outcome.finished ? 200 : 202).send(operationAnswer(outcome, `${PODCAST_MESSAGES.recentMade}${failed}`));
  });

  const speechArticle = async (id: number) => {
    const article = await speechRepo.article(s.db, id);
    if (!article) throw notFound(SPEECH_TEXT_MESSAGES.notFound);
    return article;
  };
  const view = async (id: number) => speechTextView(s.db, await speechArticle(id), podcastUrlFor(s, id));

  r.get('/api/admin/articles/:id/speech-text', {
    config: { permission: 'articles' },
    schema: { params: idParam, response: { 200: speechTextResponse, ...errors } },
  }, async (request) => view(request.params.id));

  // A correction is used by every later podcast of the article until it is removed; with
  // PODCAST_AUTO the podcast is made again at once, as after an edit of the article.
  r.put('/api/admin/articles/:id/speech-text', {
    config: { permission: 'articles', audit: { action: 'podcast.speech-text.save', details: (req) => ({ articleId: (req.params as { id: number }).id }) } },
    schema: { params: idParam, body: speechTextBody, response: { 200: speechTextResponse, ...errors } },
  }, async (request) => {
    const article = await speechArticle(request.params.id);
    await saveSpeechText(s.db, article, request.body.text, signedInName(request));
    if (article.status === 'published') queuePodcast(s, article.id);
    return view(article.id);
  });

  r.delete('/api/admin/articles/:id/speech-text', {
    config: { permission: 'articles', audit: { action: 'podcast.speech-text.reset', details: (req) => ({ articleId: (req.params as { id: number }).id }) } },
    schema: { params: idParam, response: { 200: speechTextResponse, ...errors } },
  }, async (request) => {
    const article = await speechArticle(request.params.id);
    await speechRepo.remove(s.db, article.id);
    if (article.status === 'published') queuePodcast(s, article.id);
    return view(article.id);
  });
}
