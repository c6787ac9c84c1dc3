import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { auditLogQuerySchema, auditPageSchema } from '../../../shared/audit/audit-log.schemas';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { auditLogCsv, listAuditLog } from './audit-log.service';

/** The audit-log screen's API (admin): read the append-only log, filtered and keyset-paged, or as CSV. */
export const auditLogRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries newest first, by actor, action, entity, league days and a search of the summary; keyset-paged (admin)',
        querystring: auditLogQuerySchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => listAuditLog(deps, req.query),
  );

  app.get(
    '/api/admin/audit-log.csv',
    {
      config: { access: 'admin' },
      schema: { tags: ['audit'], summary: 'The filtered audit entries as CSV, newest first, up to 50,000 (admin)', querystring: auditLogQuerySchema },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(Readable.from(auditLogCsv(deps, req.query))),
  );
};
