import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { seasons, users } from '../../db/schema';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { countTeams } from '../teams/teams.repository';

export const adminOverviewSchema = z.object({
  users: z.number(),
  teams: z.number(),
  seasons: z.number(),
  activeSeason: z.string().nullable(),
});

export const adminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Counts for the admin landing tiles (admin)',
        response: { 200: adminOverviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => {
      const [[u], [s], activeRows, teamCount] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(seasons),
        db.select({ name: seasons.name, active: seasons.active }).from(seasons),
        countTeams(db),
      ]);
      return {
        users: u?.n ?? 0,
        teams: teamCount,
        seasons: s?.n ?? 0,
        activeSeason: activeRows.find((r) => r.active)?.name ?? null,
      };
    },
  );
};
