import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { blockInputSchema, blockResultSchema, blockSchema } from '../../../shared/blocks/blocks.schemas';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './blocks.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const blocksRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.get(
    '/api/blocks',
    { config: { access: 'admin' }, schema: { tags: ['blocks'], summary: 'Active blocks (admin)', response: { 200: z.object({ blocks: z.array(blockSchema) }) } } },
    async () => ({ blocks: await service.listActiveBlocks(deps.db) }),
  );

  app.post(
    '/api/blocks',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blocks'],
        summary: 'Block a slot, a field or a facility over a range (admin); 409 lists bookings unless onBookings=cancel',
        body: blockInputSchema,
        response: { 201: blockResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      return reply.status(201).send(await service.createBlock(deps, await requestAuditContext(req), req.body));
    },
  );

  app.delete(
    '/api/blocks/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['blocks'], summary: 'Lift a block: its slots reopen (admin)', params: idParamsSchema, response: { 200: z.object({ slotsReopened: z.number() }), ...errors } },
    },
    async (req) => service.liftBlock(deps, await requestAuditContext(req), req.params.id),
  );
};
