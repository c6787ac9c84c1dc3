import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import type { ServerContext } from '../../context';
import { AppError, keyedBody } from '../../errors';
import { requestLocale } from '../../i18n/words';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { gameImportPreviewSchema, gameImportRequestSchema, type GameImportProgress } from '../../../shared/schedule-import/schedule-import.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { applyGameImport, checkGameImport, previewGameImport } from './schedule-import.service';

/** Room for a 1 MB file's text in JSON (escaped quotes and line breaks), so the schema's words answer, not Fastify's. */
const BODY_LIMIT = 3 * 1024 * 1024;

/** The game-schedule import (admin): preview a file of games, then block their fields (decision 016). */
export const scheduleImportRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.post(
    '/api/admin/schedule-import/preview',
    {
      config: { access: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['blocks'],
        summary: 'What importing this game schedule (.ics, or .csv with date, start, end, field) would block and cancel, game by game (admin)',
        body: gameImportRequestSchema,
        response: { 200: gameImportPreviewSchema, 400: apiErrorSchema },
      },
    },
    async (req) => previewGameImport(deps, req.body),
  );

  app.post(
    '/api/admin/schedule-import/apply',
    {
      config: { access: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['blocks'],
        summary: 'Block the fields of the previewed games, one transaction per game; answers with NDJSON progress lines and a summary (admin)',
        body: gameImportRequestSchema,
      },
    },
    async (req, reply) => {
      const ctx = await requestAuditContext(req);
      await checkGameImport(deps, req.body);
      const stream = new PassThrough();
      const write = (line: GameImportProgress) => stream.write(`${JSON.stringify(line)}\n`);
      void applyGameImport(deps, ctx, req.body, (done, total) => write({ type: 'progress', done, total }))
        .then((totals) => {
          write({ type: 'done', totals });
        })
        .catch((err: unknown) => {
          if (!(err instanceof AppError)) req.log.error({ err }, 'game schedule import failed');
          const words = err instanceof AppError ? ({ key: 'scheduleImport.stoppedWithReason', params: { reason: err.words ?? err.message } } as const) : ({ key: 'scheduleImport.stopped' } as const);
          write({ type: 'error', error: keyedBody(err instanceof AppError ? err.code : 'INTERNAL', words, requestLocale(req.headers['accept-language'])).error });
        })
        .finally(() => stream.end());
      return reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
    },
  );
};
