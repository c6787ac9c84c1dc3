import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { seasonIdParamsSchema, seasonInputSchema, seasonSchema } from '../../../shared/seasons/seasons.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './seasons.service';

export const seasonsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/api/seasons',
    {
      config: { access: 'public' },
      schema: { tags: ['seasons'], summary: 'List seasons', response: { 200: z.object({ seasons: z.array(seasonSchema) }) } },
    },
    async () => ({ seasons: await service.listSeasons(db) }),
  );

  app.post(
    '/api/seasons',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['seasons'],
        summary: 'Create a season (admin)',
        body: seasonInputSchema,
        response: { 201: z.object({ season: seasonSchema }), 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const season = await service.createSeason(deps, await requestAuditContext(req), req.body);
      return reply.status(201).send({ season });
    },
  );

  app.put(
    '/api/seasons/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['seasons'],
        summary: 'Edit a season (admin)',
        params: seasonIdParamsSchema,
        body: seasonInputSchema,
        response: { 200: z.object({ season: seasonSchema }), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req) => ({ season: await service.editSeason(deps, await requestAuditContext(req), req.params.id, req.body) }),
  );

  app.post(
    '/api/seasons/:id/activate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['seasons'],
        summary: 'Make a season the active one (admin)',
        params: seasonIdParamsSchema,
        response: { 200: z.object({ season: seasonSchema }), 404: apiErrorSchema },
      },
    },
    async (req) => ({ season: await service.activateSeason(deps, await requestAuditContext(req), req.params.id) }),
  );
};
