import { isAPIError } from 'better-auth/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/errors/api-error';
import { sqlState } from '../db/client';
import { DATABASE_DOWN_MESSAGE, DATABASE_RETRY_AFTER_SECONDS, databaseFailure, OUTCOME_UNKNOWN_MESSAGE } from '../db/database-failure';
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
    // The database does not answer (stopped, restarting, a connection cut, no answer in time): a 503 in words,
    // on every route, saying whether anything may have been saved (decision 029). A read wrote nothing.
    const down = databaseFailure(err);
    if (down) {
      const outcome = req.method === 'GET' || req.method === 'HEAD' ? 'none' : down.outcome;
      req.log.warn({ err, outcome }, 'the database did not answer');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body('UNAVAILABLE', outcome === 'none' ? DATABASE_DOWN_MESSAGE : OUTCOME_UNKNOWN_MESSAGE, { reason: 'database', outcome }));
    }
    // A text value PostgreSQL cannot hold (a NUL character: SQLSTATE 22021 in text, 22P05 in JSON) is the caller's
    // input, wherever it reached the database: a search box, a filter, a field.
    const state = sqlState(err);
    if (state === '22021' || state === '22P05') {
      return reply
        .status(400)
        .send(body('VALIDATION_FAILED', 'A value contains a character that cannot be stored (a null character). Remove it and try again.'));
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

/**
 * Fastify's router answers some requests before any hook or the error handler runs: a path parameter longer
 * than `maxParamLength` (414) and a broken %-encoding in the path (400). This is its `frameworkErrors` option,
 * so those answers have the one error shape too. Nothing of the request is repeated back.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .status(414)
      .send(body('VALIDATION_FAILED', 'A part of this address is too long to be an id or a name. Check the link and try again.'));
    return;
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send(body('VALIDATION_FAILED', 'This address is not valid: it has a broken %-encoding. Check the link and try again.'));
    return;
  }
  // Anything else the router may raise (an async route constraint, which this app does not use): not the
  // caller's fault as far as we know, so opaque.
  req.log.error({ err }, 'router failed');
  void reply
    .status(500)
    .send(body('INTERNAL', 'Something went wrong on our side. Try again in a moment; if it keeps happening, contact the league.'));
}

/** What a request that is not valid HTTP gets, by Node's parser error code. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive. Try again.' };
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, message: 'The request is too large: its address or headers are too long. Shorten the link, or clear this site\'s cookies, and try again.' };
  }
  if (code === 'HPE_URI_TOO_LONG' || code === 'HPE_HEADER_TOO_LONG') return { status: 414, message: 'The address of this request is too long. Shorten the link and try again.' };
  return { status: 400, message: 'The request could not be read: it is not valid HTTP. Check the client and try again.' };
}

/**
 * Requests that Node's HTTP parser rejects (malformed request line or header, headers too large, a slow
 * request) never reach Fastify: this is the server's `clientError` handler (Fastify's `clientErrorHandler`
 * option), which answers in the one error shape and closes the connection.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(err.code);
  const json = JSON.stringify(body('VALIDATION_FAILED', message));
  // A response already under way on this connection (a later pipelined request failed): no second answer.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    () => socket.destroy(),
  );
}

