import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { reportCsvQuerySchema, reportQuerySchema, reportSchema } from '../../../shared/reports/reports.schemas';
import { buildReport, reportCsv, reportCsvFileName } from './reports.service';

/** /admin-reports' API (admin): the whole report as JSON, and each of its tables as CSV. */
export const reportsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary: 'Per team, per field and facility, per week, fairness, rain-outs with their make-up credits, and waitlist outcomes, for a season or league days, optionally one facility (admin)',
        querystring: reportQuerySchema,
        response: { 200: reportSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => buildReport(deps, req.query),
  );

  app.get(
    '/api/admin/reports/csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        summary: 'One table of the report (teams, fields, facilities, weeks, fairness, rain-outs or waitlist) as CSV (admin)',
        querystring: reportCsvQuerySchema,
      },
    },
    async (req, reply) => {
      const { table, ...query } = req.query;
      const report = await buildReport(deps, query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportCsvFileName(report, table)}"`)
        .send(reportCsv(report, table));
    },
  );
};
