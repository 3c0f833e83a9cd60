import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  channelExport, channelInfo, channelList, createChannelBody, errorResponse, idParam, updateChannelBody, validateChannelsResponse,
} from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import { persianOr } from '../../plugins/error-handler.ts';
import type { Services } from '../../services.ts';
import { createChannel, listChannels, updateChannel, validateChannels } from './service.ts';

// The form shows the message as it is, so a body that fails validation answers its Persian sentence.
function rejectInvalid(request: FastifyRequest): void {
  if (request.validationError) throw new AppError('validation_error', persianOr(request.validationError.validation[0]?.message, 'ورودی نامعتبر است'));
}

export async function channelRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'db' | 'sources'> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };

  r.get('/api/admin/channels', { config: { permission: 'view' }, schema: { response: { 200: channelList, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { channels: await listChannels(s) };
  });

  // TELEGRAM_CHANNELS only seeds the table; admins add channels here and switch them on and off.
  r.post('/api/admin/channels', { config: { permission: 'settings', audit: { action: 'channel.create', target: 'channel', createdId: (a) => a.id as number } }, attachValidation: true, schema: { body: createChannelBody, response: { 201: channelInfo, ...errors } } },
    async (request, reply) => {
      rejectInvalid(request);
      return reply.code(201).send(await createChannel(s, request.body));
    });

  r.patch('/api/admin/channels/:id', { config: { permission: 'settings', audit: { action: 'channel.update', target: 'channel' } }, attachValidation: true, schema: { params: idParam, body: updateChannelBody, response: { 200: channelInfo, ...errors } } },
    async (request) => {
      rejectInvalid(request);
      return updateChannel(s, request.params.id, request.body);
    });

  r.post('/api/admin/validate-channels', { config: { permission: 'settings', audit: { action: 'channel.validate' } }, schema: { response: { 200: validateChannelsResponse, ...errors } } }, async () => validateChannels(s));

  r.get('/api/admin/export-channels', { config: { permission: 'settings' }, schema: { response: { 200: channelExport, ...errors } } }, async (_request, reply) => {
    const exportedAt = new Date().toISOString();
    reply.header('content-disposition', `attachment; filename="channels-${exportedAt.slice(0, 10)}.json"`);
    return { exportedAt, channels: await listChannels(s) };
  });
}
