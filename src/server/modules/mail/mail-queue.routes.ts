import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { mailQueuePageSchema, mailQueueQuerySchema, queuedMailSchema } from '../../../shared/mail/mail-queue.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { listMailQueue, resendMail } from './mail-queue.service';

/** The admins' mail page: failed and waiting messages, and "send again" (decision 007). */
export const mailQueueRoutes: FastifyPluginAsyncZod<ServerContext & { mailRetentionDays: number }> = async (app, deps) => {
  app.get(
    '/api/admin/mail-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary: 'Messages that failed for good, or that still wait to go out, newest first; keyset-paged (admin)',
        querystring: mailQueueQuerySchema,
        response: { 200: mailQueuePageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => listMailQueue(deps.db, req.query, deps.mailRetentionDays),
  );

  app.post(
    '/api/admin/mail-messages/:id/resend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary: 'Send a failed or waiting message again now, with the same Message-ID (admin; audit-logged)',
        params: idParamsSchema,
        response: { 200: queuedMailSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req) => resendMail(deps.db, await requestAuditContext(req), req.params.id),
  );
};
