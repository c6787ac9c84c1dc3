import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { teamSchema } from '../../../shared/users/users.schemas';
import { listActiveTeams } from './teams.service';

export const teamsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, { db }) => {
  app.get(
    '/api/teams',
    {
      config: { access: 'public' },
      schema: { tags: ['teams'], summary: 'List active teams', response: { 200: z.object({ teams: z.array(teamSchema) }) } },
    },
    async () => ({ teams: await listActiveTeams(db) }),
  );
};
