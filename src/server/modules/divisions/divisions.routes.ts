import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import {
  adminDivisionsResponseSchema,
  divisionInputSchema,
  divisionOrderSchema,
  divisionRulesInputSchema,
  divisionRulesResponseSchema,
  divisionRulesSchema,
  divisionSchema,
  divisionsResponseSchema,
} from '../../../shared/divisions/divisions.schemas';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './divisions.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const seasonDivisionParams = z.object({
  seasonId: z.string().uuid('That is not a valid season id'),
  divisionId: z.string().uuid('That is not a valid division id'),
});

/** The league's divisions (issue 29, docs/decisions/035): the list for everyone; changes and per-division rules for admins. */
export const divisionsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/api/divisions',
    { config: { access: 'public' }, schema: { tags: ['divisions'], summary: "The league's divisions in its order", response: { 200: divisionsResponseSchema } } },
    async () => ({ divisions: await service.listDivisions(db) }),
  );

  app.get(
    '/api/admin/divisions',
    {
      config: { access: 'admin' },
      schema: { tags: ['divisions'], summary: 'The divisions with how many teams are in each and the fields limited to each (admin)', response: { 200: adminDivisionsResponseSchema } },
    },
    async () => ({ divisions: await service.listAdminDivisions(db) }),
  );

  app.post(
    '/api/admin/divisions',
    {
      config: { access: 'admin' },
      schema: { tags: ['divisions'], summary: 'Add a division, last in order (admin)', body: divisionInputSchema, response: { 201: z.object({ division: divisionSchema }), ...errors } },
    },
    async (req, reply) => reply.status(201).send({ division: await service.createDivision(deps, await requestAuditContext(req), req.body.name) }),
  );

  app.put(
    '/api/admin/divisions/order',
    {
      config: { access: 'admin' },
      schema: { tags: ['divisions'], summary: 'Put the divisions in this order (admin)', body: divisionOrderSchema, response: { 200: divisionsResponseSchema, ...errors } },
    },
    async (req) => ({ divisions: await service.reorderDivisions(deps, await requestAuditContext(req), req.body.ids) }),
  );

  app.patch(
    '/api/admin/divisions/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['divisions'], summary: 'Rename a division (admin)', params: idParamsSchema, body: divisionInputSchema, response: { 200: z.object({ division: divisionSchema }), ...errors } },
    },
    async (req) => ({ division: await service.renameDivision(deps, await requestAuditContext(req), req.params.id, req.body.name) }),
  );

  app.delete(
    '/api/admin/divisions/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['divisions'], summary: 'Delete a division no team is in and no field is limited to (admin)', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await service.deleteDivision(deps, await requestAuditContext(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/seasons/:id/division-rules',
    {
      config: { access: 'admin' },
      schema: { tags: ['divisions'], summary: "Each division's own booking rules in a season (null: the season's) (admin)", params: idParamsSchema, response: { 200: divisionRulesResponseSchema, 404: apiErrorSchema } },
    },
    async (req) => ({ rules: await service.rulesOfSeason(db, req.params.id) }),
  );

  app.put(
    '/api/admin/seasons/:seasonId/division-rules/:divisionId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['divisions'],
        summary: "Set a division's own booking rules in a season, its booking window's opening among them (null: the season's) (admin)",
        params: seasonDivisionParams,
        body: divisionRulesInputSchema,
        response: { 200: z.object({ rules: divisionRulesSchema }), ...errors },
      },
    },
    async (req) => ({ rules: await service.saveDivisionRules(deps, await requestAuditContext(req), req.params.seasonId, req.params.divisionId, req.body) }),
  );
};
