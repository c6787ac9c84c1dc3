import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { blockInputSchema, blockResultSchema, blockSchema } from '../../../shared/blocks/blocks.schemas';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { auditContext } from '../audit/audit.repository';
import * as service from './blocks.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const blocksRoutes: FastifyPluginAsyncZod<{ db: Database; events: EventBus }> = async (app, { db, events }) => {
  app.get(
    '/api/blocks',
    { config: { access: 'admin' }, schema: { tags: ['blocks'], summary: 'Active blocks (admin)', response: { 200: z.object({ blocks: z.array(blockSchema) }) } } },
    async () => ({ blocks: await service.listActiveBlocks(db) }),
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
      const result = await service.createBlock(db, auditContext(req, await req.actor()), req.body);
      await events.publish({ type: 'slots', slotIds: [] });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/blocks/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['blocks'], summary: 'Lift a block: its slots reopen (admin)', params: idParamsSchema, response: { 200: z.object({ slotsReopened: z.number() }), ...errors } },
    },
    async (req) => {
      const result = await service.liftBlock(db, auditContext(req, await req.actor()), req.params.id);
      await events.publish({ type: 'slots', slotIds: [] });
      return result;
    },
  );
};
