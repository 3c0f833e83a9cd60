import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { channelExport, channelInfo, channelList, errorResponse, idParam, updateChannelBody, validateChannelsResponse } from '@chapar/shared/contracts';
import type { Services } from '../ingest/services.ts';
import { listChannels, updateChannel, validateChannels } from './service.ts';

export async function channelRoutes(app: FastifyInstance, { services: s }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };

  r.get('/api/admin/channels', { schema: { response: { 200: channelList, ...errors } } }, async () => ({ channels: await listChannels(s) }));

  // Which channels are read is TELEGRAM_CHANNELS's decision; an admin tunes a channel's title and cleaning rules.
  r.patch('/api/admin/channels/:id', { schema: { params: idParam, body: updateChannelBody, response: { 200: channelInfo, ...errors } } },
    async (request) => updateChannel(s, request.params.id, request.body));

  r.post('/api/admin/validate-channels', { schema: { response: { 200: validateChannelsResponse, ...errors } } }, async () => validateChannels(s));

  r.get('/api/admin/export-channels', { schema: { response: { 200: channelExport, ...errors } } }, async (_request, reply) => {
    const exportedAt = new Date().toISOString();
    reply.header('content-disposition', `attachment; filename="channels-${exportedAt.slice(0, 10)}.json"`);
    return { exportedAt, channels: await listChannels(s) };
  });
}
