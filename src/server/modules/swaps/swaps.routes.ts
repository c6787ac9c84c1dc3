import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { mySwapsSchema, swapChoicesQuerySchema, swapChoicesSchema, swapAcceptRequestSchema, swapAcceptResponseSchema, swapOfferRequestSchema, swapOfferResponseSchema } from '../../../shared/swaps/swaps.schemas';
import { auditContext } from '../audit/audit.service';
import * as service from './swaps.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Practice swaps between teams (issue 29, decision 036): a coach offers a practice, the other team's coach answers. */
export const swapsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.get(
    '/api/swaps/mine',
    {
      config: { access: 'user' },
      schema: { tags: ['swaps'], summary: "The caller's team's swap offers: open ones made and received, and the 20 decided last", response: { 200: mySwapsSchema } },
    },
    async (req) => service.mine(deps, await req.requireActor()),
  );

  app.get(
    '/api/swaps/practices',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swaps'],
        summary: "What a coach may offer to and ask for: the other active teams, and one team's practices still before their cancellation cutoff (teamId); coaches",
        querystring: swapChoicesQuerySchema,
        response: { 200: swapChoicesSchema, ...errors },
      },
    },
    async (req) => service.choices(deps, await req.requireActor(), req.query.teamId),
  );

  app.post(
    '/api/swaps',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swaps'],
        summary: "Offer one of the team's upcoming practices to another team: in trade for one of theirs (swap) or as a gift (give); coaches",
        body: swapOfferRequestSchema,
        response: { 201: swapOfferResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply.status(201).send({ offer: await service.offer(deps, auditContext(req, actor), actor, req.body) });
    },
  );

  app.post(
    '/api/swaps/:id/accept',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swaps'],
        summary: 'Accept a swap offer made to the caller\'s team: both practices move at once, under both teams\' rules (bookingId: which of the wanted practices; none for a gift)',
        params: idParamsSchema,
        body: swapAcceptRequestSchema,
        response: { 200: swapAcceptResponseSchema, ...errors },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      return service.accept(deps, auditContext(req, actor), actor, req.params.id, req.body);
    },
  );

  app.post(
    '/api/swaps/:id/decline',
    {
      config: { access: 'user' },
      schema: { tags: ['swaps'], summary: "Decline a swap offer made to the caller's team (the offering team is emailed)", params: idParamsSchema, response: { 200: swapOfferResponseSchema, ...errors } },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { offer: await service.decline(deps, auditContext(req, actor), actor, req.params.id) };
    },
  );

  app.post(
    '/api/swaps/:id/withdraw',
    {
      config: { access: 'user' },
      schema: { tags: ['swaps'], summary: "Withdraw a swap offer the caller's team made", params: idParamsSchema, response: { 200: swapOfferResponseSchema, ...errors } },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { offer: await service.withdraw(deps, auditContext(req, actor), actor, req.params.id) };
    },
  );
};
