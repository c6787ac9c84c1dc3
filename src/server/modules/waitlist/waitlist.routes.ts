import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { bookingSchema } from '../../../shared/bookings/bookings.schemas';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { myWaitsSchema, waitSchema } from '../../../shared/waitlist/waitlist.schemas';
import { auditContext } from '../audit/audit.service';
import * as service from './waitlist.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** The waitlist with a hold (issue 28, docs/decisions/034): a coach's team waits on booked slots, takes or passes a hold. */
export const waitlistRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.get(
    '/api/waits/mine',
    { config: { access: 'user' }, schema: { tags: ['waitlist'], summary: "The caller's team's waits: live ones (with place in line or the hold's end) and those decided this week", response: { 200: myWaitsSchema } } },
    async (req) => service.mine(deps, await req.requireActor()),
  );

  app.post(
    '/api/slots/:id/waits',
    {
      config: { access: 'user' },
      schema: { tags: ['waitlist'], summary: '"Tell me if it frees up": the caller\'s team waits on a booked slot (coaches; at most the league\'s number of slots at once)', params: idParamsSchema, response: { 201: z.object({ wait: waitSchema }), ...errors } },
    },
    async (req, reply) => reply.status(201).send({ wait: await service.join(deps, await req.requireActor(), req.params.id) }),
  );

  app.post(
    '/api/waits/:id/take',
    {
      config: { access: 'user' },
      schema: { tags: ['waitlist'], summary: "Book the slot held for the caller's team, under its rules (a refusal moves the hold on)", params: idParamsSchema, response: { 201: z.object({ booking: bookingSchema }), ...errors } },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply.status(201).send({ booking: await service.take(deps, auditContext(req, actor), actor, req.params.id) });
    },
  );

  app.post(
    '/api/waits/:id/pass',
    {
      config: { access: 'user' },
      schema: { tags: ['waitlist'], summary: 'Pass on the slot held for the caller\'s team: the next team waiting gets it', params: idParamsSchema, response: { 200: z.object({ passed: z.literal(true) }), ...errors } },
    },
    async (req) => {
      await service.pass(deps, await req.requireActor(), req.params.id);
      return { passed: true as const };
    },
  );

  app.delete(
    '/api/waits/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['waitlist'], summary: 'Stop waiting for a slot (a hold for the team moves on)', params: idParamsSchema, response: { 200: z.object({ left: z.literal(true) }), ...errors } },
    },
    async (req) => {
      await service.leave(deps, await req.requireActor(), req.params.id);
      return { left: true as const };
    },
  );
};
