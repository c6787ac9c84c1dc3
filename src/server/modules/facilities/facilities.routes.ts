import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { facilityInputSchema, facilitySchema, fieldInputSchema, fieldSchema, idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './facilities.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const facilitiesRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;
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
      return { facilities: await service.listFacilities(db, includeInactive) };
    },
  );

  app.post(
    '/api/facilities',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Create a facility (admin)', body: facilityInputSchema, response: { 201: z.object({ facility: facilitySchema }), ...errors } } },
    async (req, reply) => reply.status(201).send({ facility: await service.createFacility(db, await requestAuditContext(req), req.body) }),
  );

  app.put(
    '/api/facilities/:id',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Edit or (de)activate a facility (admin)', params: idParamsSchema, body: facilityInputSchema, response: { 200: z.object({ facility: facilitySchema }), ...errors } } },
    async (req) => {
      return { facility: await service.editFacility(deps, await requestAuditContext(req), req.params.id, req.body) };
    },
  );

  app.post(
    '/api/fields',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Create a field (admin)', body: fieldInputSchema, response: { 201: z.object({ field: fieldSchema }), ...errors } } },
    async (req, reply) => reply.status(201).send({ field: await service.createField(db, await requestAuditContext(req), req.body) }),
  );

  app.put(
    '/api/fields/:id',
    { config: { access: 'admin' }, schema: { tags: ['facilities'], summary: 'Edit or (de)activate a field (admin)', params: idParamsSchema, body: fieldInputSchema, response: { 200: z.object({ field: fieldSchema }), ...errors } } },
    async (req) => {
      return { field: await service.editField(deps, await requestAuditContext(req), req.params.id, req.body) };
    },
  );
};
