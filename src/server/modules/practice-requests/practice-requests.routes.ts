import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import {
  approvePracticeRequestSchema,
  declinePracticeRequestSchema,
  practiceRequestInputSchema,
  practiceRequestSchema,
  practiceRequestStatusQuerySchema,
  queuedPracticeRequestSchema,
} from '../../../shared/practice-requests/practice-requests.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './practice-requests.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const one = z.object({ request: practiceRequestSchema });

export const practiceRequestsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;

  app.post(
    '/api/practice-requests',
    {
      config: { access: 'user' },
      schema: {
        tags: ['practice-requests'],
        summary: "Ask for a practice the slots do not offer (a team's coach; at most 3 pending)",
        body: practiceRequestInputSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply.status(201).send({ request: await service.file(deps, await requestAuditContext(req), actor, req.body) });
    },
  );

  app.get(
    '/api/practice-requests/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['practice-requests'],
        summary: "The team's practice requests, newest first",
        response: { 200: z.object({ requests: z.array(practiceRequestSchema) }), ...errors },
      },
    },
    async (req) => ({ requests: await service.listMine(db, await req.requireActor()) }),
  );

  app.post(
    '/api/practice-requests/:id/withdraw',
    {
      config: { access: 'user' },
      schema: { tags: ['practice-requests'], summary: 'Withdraw a pending request of your team', params: idParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => ({ request: await service.withdraw(db, await requestAuditContext(req), await req.requireActor(), req.params.id) }),
  );

  app.get(
    '/api/admin/practice-requests',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['practice-requests'],
        summary: 'Practice requests in one status (admin); pending ones oldest first with their collisions',
        querystring: practiceRequestStatusQuerySchema,
        response: { 200: z.object({ requests: z.array(queuedPracticeRequestSchema) }), ...errors },
      },
    },
    async (req) => ({ requests: await service.queue(deps, req.query.status) }),
  );

  app.post(
    '/api/admin/practice-requests/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['practice-requests'],
        summary: 'Approve with an open slot or a new one; books it for the team (admin)',
        params: idParamsSchema,
        body: approvePracticeRequestSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({ request: await service.approve(deps, await requestAuditContext(req), req.params.id, req.body) }),
  );

  app.post(
    '/api/admin/practice-requests/:id/decline',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['practice-requests'],
        summary: 'Decline with a reason (admin)',
        params: idParamsSchema,
        body: declinePracticeRequestSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({ request: await service.decline(db, await requestAuditContext(req), req.params.id, req.body.reason) }),
  );
};
