import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { adminTeamsResponseSchema, teamInputSchema, teamPatchSchema } from '../../../shared/teams/teams.schemas';
import { teamSchema } from '../../../shared/users/users.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { createTeam, editTeam, listTeamsForAdmin } from './teams-admin.service';
import { listActiveTeams } from './teams.service';

const adminTeamRowSchema = teamSchema.extend({ active: z.boolean() });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const teamsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/api/teams',
    {
      config: { access: 'public' },
      schema: { tags: ['teams'], summary: 'List active teams', response: { 200: z.object({ teams: z.array(teamSchema) }) } },
    },
    async () => ({ teams: await listActiveTeams(db) }),
  );

  app.get(
    '/api/admin/teams',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['teams'],
        summary: 'Every team (inactive ones too) with its coaches and its bookings this season (admin)',
        response: { 200: adminTeamsResponseSchema },
      },
    },
    async () => listTeamsForAdmin(db),
  );

  app.post(
    '/api/teams',
    {
      config: { access: 'admin' },
      schema: { tags: ['teams'], summary: 'Create a team (admin)', body: teamInputSchema, response: { 201: z.object({ team: adminTeamRowSchema }), ...errors } },
    },
    async (req, reply) => reply.status(201).send({ team: await createTeam(db, await requestAuditContext(req), req.body) }),
  );

  app.patch(
    '/api/teams/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['teams'],
        summary: 'Rename a team, change its division, deactivate it (refused while it holds upcoming bookings) or reactivate it (admin)',
        params: idParamsSchema,
        body: teamPatchSchema,
        response: { 200: z.object({ team: adminTeamRowSchema }), ...errors },
      },
    },
    async (req) => ({ team: await editTeam(deps, await requestAuditContext(req), req.params.id, req.body) }),
  );
};
