import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/**
 * Errors the router raises before any route or hook runs (a malformed percent-escape in the
 * path, an over-long parameter): the same {error, message} shape, without echoing the path.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ error: 'bad_request', message: 'نشانی درخواست نامعتبر است (کد درصدی نادرست)' });
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ error: 'bad_request', message: 'نشانی درخواست بیش از حد طولانی است' });
  } else {
    request.log.error({ err }, 'router error');
    reply.status(500).send({ error: 'internal', message: 'خطای داخلی سرور. لطفاً دوباره تلاش کنید.' });
  }
}

/** One place that turns every failure into {error, message}; 5xx never leaks details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const message = `${err.validationContext ?? 'request'}${where ? `.${where}` : ''}: ${first?.message ?? 'ورودی نامعتبر است'}`;
      return reply.status(400).send({ error: 'validation_error', message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'invalid_json'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : 'bad_request';
      const message = code === 'invalid_json' ? 'بدنه درخواست JSON معتبر نیست' : err.message;
      return reply.status(status).send({ error: code, message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'خطای داخلی سرور. لطفاً دوباره تلاش کنید.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'not_found', message: `مسیر ${request.method} ${request.url.split('?')[0]} یافت نشد` });
  });
}
