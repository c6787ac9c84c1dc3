import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { teamSchema } from '../../../shared/users/users.schemas';
import { listActiveTeams } from './teams.repository';

export const teamsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/teams',
    {
      config: { access: 'public' },
      schema: { tags: ['teams'], summary: 'List active teams', response: { 200: z.object({ teams: z.array(teamSchema) }) } },
    },
    async () => ({ teams: await listActiveTeams(db) }),
  );
};
