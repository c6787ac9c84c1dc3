import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { databaseFailure } from '../../db/database-failure';
import { AppError } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, version }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
        },
      },
    },
    async (req) => {
      const started = performance.now();
      try {
        await database.ping();
      } catch (err) {
        // A database that does not answer: the same 503 in words, with Retry-After, as every route (error-handler.ts).
        if (databaseFailure(err)) throw err;
        req.log.warn({ err }, 'readiness check failed');
        throw new AppError('UNAVAILABLE', { key: 'health.databaseUnreachable' });
      }
      return { status: 'ready' as const, database: database.kind, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
    },
  );
};
