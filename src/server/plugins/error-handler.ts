import { isAPIError } from 'better-auth/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/errors/api-error';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';
import { sqlState } from '../db/client';
import { DATABASE_DOWN_WORDS, DATABASE_RETRY_AFTER_SECONDS, databaseFailure, OUTCOME_UNKNOWN_WORDS } from '../db/database-failure';
import { AppError, keyedBody, type ErrorWords } from '../errors';
import { validationDetail } from '../i18n/validation';
import { requestLocale } from '../i18n/words';
import { translateAuthError } from '../modules/auth/auth-errors';

function body(code: string, message: string, details?: unknown): ApiErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}


const localeOf = (req: FastifyRequest) => requestLocale(req.headers['accept-language']);

/** An AppError's answer: its message in the request's language, and its key and values when it has them. */
function appErrorBody(err: AppError, req: FastifyRequest): ApiErrorBody {
  return err.words ? keyedBody(err.code, err.words, localeOf(req), err.details) : body(err.code, err.message, err.details);
}

const INTERNAL: ErrorWords = { key: 'server.internal' };

/** The first problem of a request that failed its schema, where it is ("Please check "email": Enter your email address"). */
function validationWords(details: ReadonlyArray<{ path: string; message: string }>): ErrorWords {
  const first = details[0];
  if (!first) return { key: 'server.validationInvalid' };
  return first.path ? { key: 'server.validationField', params: { field: first.path, message: first.message } } : { key: 'server.validationRequest', params: { message: first.message } };
}

/** One place maps every error to `{ error: { code, message } }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(appErrorBody(err, req));
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
        .send(keyedBody('UNAVAILABLE', outcome === 'none' ? DATABASE_DOWN_WORDS : OUTCOME_UNKNOWN_WORDS, localeOf(req), { reason: 'database', outcome }));
    }
    // A text value PostgreSQL cannot hold (a NUL character: SQLSTATE 22021 in text, 22P05 in JSON) is the caller's
    // input, wherever it reached the database: a search box, a filter, a field.
    const state = sqlState(err);
    if (state === '22021' || state === '22P05') {
      return reply.status(400).send(keyedBody('VALIDATION_FAILED', { key: 'server.nullCharacter' }, localeOf(req)));
    }
    if (isAPIError(err)) {
      // better-auth called from one of our routes (auth.api.*): its codes are not ours, so translate them.
      const authBody = err.body as { code?: unknown; message?: unknown } | undefined;
      const locale = localeOf(req);
      const translated = translateAuthError({
        status: err.statusCode,
        authCode: typeof authBody?.code === 'string' ? authBody.code : undefined,
        authMessage: typeof authBody?.message === 'string' ? authBody.message : undefined,
        method: req.method,
        path: req.url.split('?')[0] ?? req.url,
        locale,
      });
      if (translated.statusCode >= 500) req.log.error({ err }, 'better-auth failed');
      return reply.status(translated.statusCode).send(appErrorBody(translated, req));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Each problem in the request's language, with its key in the validation catalogue (decision 038); the summary
      // by key in the errors catalogue, its values (the problem's words) in that language.
      const locale = localeOf(req);
      const details = err.validation.map((v) => validationDetail(v, locale));
      return reply.status(400).send(keyedBody('VALIDATION_FAILED', validationWords(details), locale, details));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(keyedBody('INTERNAL', { key: 'server.internalRetry' }, localeOf(req)));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(keyedBody('RATE_LIMITED', { key: 'server.rateLimited' }, localeOf(req)));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large): safe to explain, in
      // Fastify's own (English) words inside ours.
      const words: ErrorWords = { key: 'server.requestInvalid', params: { detail: err.message } };
      return reply.status(status).send(keyedBody(status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', words, localeOf(req)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(keyedBody('INTERNAL', INTERNAL, localeOf(req)));
  });

}

/**
 * Fastify's router answers some requests before any hook or the error handler runs: a path parameter longer
 * than `maxParamLength` (414) and a broken %-encoding in the path (400). This is its `frameworkErrors` option,
 * so those answers have the one error shape too. Nothing of the request is repeated back.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(keyedBody('VALIDATION_FAILED', { key: 'server.addressPartTooLong' }, localeOf(req)));
    return;
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(keyedBody('VALIDATION_FAILED', { key: 'server.addressBadEncoding' }, localeOf(req)));
    return;
  }
  // Anything else the router may raise (an async route constraint, which this app does not use): not the
  // caller's fault as far as we know, so opaque.
  req.log.error({ err }, 'router failed');
  void reply.status(500).send(keyedBody('INTERNAL', INTERNAL, localeOf(req)));
}

/** What a request that is not valid HTTP gets, by Node's parser error code. */
function clientErrorAnswer(code: string | undefined): { status: number; words: ErrorWords } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, words: { key: 'server.requestTimeout' } };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, words: { key: 'server.requestTooLarge' } };
  if (code === 'HPE_URI_TOO_LONG' || code === 'HPE_HEADER_TOO_LONG') return { status: 414, words: { key: 'server.addressTooLong' } };
  return { status: 400, words: { key: 'server.notHttp' } };
}

/**
 * Requests that Node's HTTP parser rejects (malformed request line or header, headers too large, a slow
 * request) never reach Fastify: this is the server's `clientError` handler (Fastify's `clientErrorHandler`
 * option), which answers in the one error shape and closes the connection.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, words } = clientErrorAnswer(err.code);
  // The request was never read, so neither was the language it asks for: English, with the key.
  const json = JSON.stringify(keyedBody('VALIDATION_FAILED', words, DEFAULT_LOCALE));
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

