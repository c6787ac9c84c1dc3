import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { overview } from './admin.service';

export const adminOverviewSchema = z.object({
  users: z.number(),
  teams: z.number(),
  seasons: z.number(),
  activeSeason: z.string().nullable(),
  /** Confirmed practices on today's date in the league time zone. */
  bookingsToday: z.number(),
  /** Slots still bookable from now to the end of Sunday, league time. */
  openSlotsThisWeek: z.number(),
  /** Practice requests waiting for an admin's answer. */
  pendingRequests: z.number(),
  /** Contact messages nobody has marked read. */
  newContactMessages: z.number(),
  /** Active fields closed by a field or facility block for some part of today, league time. */
  fieldsBlockedToday: z.number(),
});

export const adminRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
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
    async () => overview(deps),
  );
};
