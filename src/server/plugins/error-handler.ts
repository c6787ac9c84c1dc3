import { isAPIError } from 'better-auth/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/errors/api-error';
import { AppError } from '../errors';
import { translateAuthError } from '../modules/auth/auth-errors';

function body(code: string, message: string, details?: unknown): ApiErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

/** One place maps every error to `{ error: { code, message } }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(body(err.code, err.message, err.details));
    }
    if (isAPIError(err)) {
      // better-auth called from one of our routes (auth.api.*): its codes are not ours, so translate them.
      const authBody = err.body as { code?: unknown; message?: unknown } | undefined;
      const translated = translateAuthError({
        status: err.statusCode,
        authCode: typeof authBody?.code === 'string' ? authBody.code : undefined,
        authMessage: typeof authBody?.message === 'string' ? authBody.message : undefined,
        method: req.method,
        path: req.url.split('?')[0] ?? req.url,
      });
      if (translated.statusCode >= 500) req.log.error({ err }, 'better-auth failed');
      return reply.status(translated.statusCode).send(body(translated.code, translated.message, translated.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      const message = first
        ? `Please check ${first.path ? `"${first.path}"` : 'the request'}: ${first.message}`
        : 'The request is not valid.';
      return reply.status(400).send(body('VALIDATION_FAILED', message, details));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Try again in a moment.'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many attempts. Wait a minute and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large): safe to explain.
      return reply
        .status(status)
        .send(body(status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', `${err.message}. Check the request and try again.`));
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(body('INTERNAL', 'Something went wrong on our side. Try again in a moment; if it keeps happening, contact the league.'));
  });

}
