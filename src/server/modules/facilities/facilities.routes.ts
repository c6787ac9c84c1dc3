import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { facilityInputSchema, facilitySchema, fieldInputSchema, fieldSchema, idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { auditContext } from '../audit/audit.repository';
import { listFacilities } from './facilities.repository';
import * as service from './facilities.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const facilitiesRoutes: FastifyPluginAsyncZod<{ db: Database; events: EventBus }> = async (app, { db, events }) => {
  // A rename, a colour or a (de)activation changes how every slot of the field looks: open pages reload their weeks.
  const everySlotChanged = () => events.publish({ type: 'slots', slotIds: [] });
  app.get(
    '/api/facilities',
    {
      config: { access: 'public' },
      schema: {
        tags: ['facilities'],
        summary: 'Facilities and their fields (inactive ones for admins with includeInactive=true)',
        querystring: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ facilities: z.array(facilitySchema) }) },
      },
    },
    async (req) => {
      const includeInactive = req.query.includeInactive === 'true' && Boolean((await req.actor())?.admin.isAdmin);
      return { facilities: await listFacilities(db, includeInactive) };
    },
  );

  app.post(
    '/api/facilities',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Create a facility (admin)', body: facilityInputSchema, response: { 201: z.object({ facility: facilitySchema }), ...errors } } },
    async (req, reply) => reply.status(201).send({ facility: await service.createFacility(db, auditContext(req, await req.actor()), req.body) }),
  );

  app.put(
    '/api/facilities/:id',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Edit or (de)activate a facility (admin)', params: idParamsSchema, body: facilityInputSchema, response: { 200: z.object({ facility: facilitySchema }), ...errors } } },
    async (req) => {
      const facility = await service.editFacility(db, auditContext(req, await req.actor()), req.params.id, req.body);
      await everySlotChanged();
      return { facility };
    },
  );

  app.post(
    '/api/fields',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Create a field (admin)', body: fieldInputSchema, response: { 201: z.object({ field: fieldSchema }), ...errors } } },
    async (req, reply) => reply.status(201).send({ field: await service.createField(db, auditContext(req, await req.actor()), req.body) }),
  );

  app.put(
    '/api/fields/:id',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Edit or (de)activate a field (admin)', params: idParamsSchema, body: fieldInputSchema, response: { 200: z.object({ field: fieldSchema }), ...errors } } },
    async (req) => {
      const field = await service.editField(db, auditContext(req, await req.actor()), req.params.id, req.body);
      await everySlotChanged();
      return { field };
    },
  );
};
