import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import {
  contactInboxQuerySchema,
  contactInboxSchema,
  contactInputSchema,
  contactMessageSchema,
  contactSentSchema,
  contactStatusInputSchema,
} from '../../../shared/contact/contact.schemas';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { inbox, sendMessage, setMessageStatus } from './contact.service';

/** /contact's form (anyone) and the admins' inbox on /admin. */
export const contactRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the league (anyone; limited per network address and per email each hour)',
        body: contactInputSchema,
        response: { 201: contactSentSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req, reply) => {
      try {
        await sendMessage(deps, { ip: req.ip, actor: await req.actor() }, req.body);
      } catch (err) {
        const seconds =
          err instanceof AppError && err.code === 'RATE_LIMITED' ? (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds : undefined;
        if (seconds) reply.header('retry-after', String(seconds));
        throw err;
      }
      return reply.status(201).send({ received: true as const });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['contact'],
        summary: 'The contact inbox: the newest 100 messages of one status, and how many each status holds (admin)',
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxSchema },
      },
    },
    async (req) => inbox(deps.db, req.query.status),
  );

  app.patch(
    '/api/admin/contact-messages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['contact'],
        summary: 'Mark a message new, read or archived (admin; audit-logged)',
        params: idParamsSchema,
        body: contactStatusInputSchema,
        response: { 200: contactMessageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => setMessageStatus(deps.db, await requestAuditContext(req), req.params.id, req.body.status),
  );
};
