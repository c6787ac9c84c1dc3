import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import type { DatabaseHandle } from '../../db/client';
import { diagResponseSchema } from '../../../shared/diag/diag.schemas';
import { createDiagnostics, type Caller, type DiagDeps } from './diag.service';

export interface DiagRouteDeps extends ServerContext {
  database: DatabaseHandle;
  config: Config;
  version: string;
  storageSweep?: DiagDeps['storageSweep'];
}

export const diagRoutes: FastifyPluginAsyncZod<DiagRouteDeps> = async (app, deps) => {
  const diagnostics = createDiagnostics(deps);
  // When each request reached this route's first hook (reply.elapsedTime is 0 when the server does not log).
  const arrived = new WeakMap<object, number>();

  app.get(
    '/api/diag',
    {
      // Everyone may open /diag; what the answer holds depends on who asks (the admin part only for admins).
      config: { access: 'public' },
      onRequest: async (req) => {
        arrived.set(req, performance.now());
      },
      schema: {
        tags: ['health'],
        summary: 'Diagnostics: version, database, storage, mail, your session; details for admins',
        response: { 200: diagResponseSchema },
      },
    },
    async (req, reply) => {
      let caller: Caller;
      try {
        caller = { actor: await req.actor() };
      } catch (err) {
        req.log.warn({ err }, 'diagnostics: the session could not be checked');
        caller = { failed: true };
      }
      const report = await diagnostics.report(caller);
      // Per person and of the moment: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      const answeredInMs = Math.round((performance.now() - (arrived.get(req) ?? performance.now())) * 100) / 100;
      return { ...report, app: { ...report.app, answeredInMs } };
    },
  );
};
