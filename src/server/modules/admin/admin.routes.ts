import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { seasons, users } from '../../db/schema';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import { todayAndRestOfWeek } from '../../../shared/time/zoned';
import { getLeagueSettings } from '../league/league.repository';
import { countTeams } from '../teams/teams.repository';
import { countConfirmedBookings, countOpenSlots } from './admin.repository';

export const adminOverviewSchema = z.object({
  users: z.number(),
  teams: z.number(),
  seasons: z.number(),
  activeSeason: z.string().nullable(),
  /** Confirmed practices on today's date in the league time zone. */
  bookingsToday: z.number(),
  /** Slots still bookable from now to the end of Sunday, league time. */
  openSlotsThisWeek: z.number(),
});

export const adminRoutes: FastifyPluginAsyncZod<{ db: Database; defaults: LeagueSettings }> = async (app, { db, defaults }) => {
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
      const { timeZone } = await getLeagueSettings(db, defaults);
      const { today, restOfWeek } = todayAndRestOfWeek(new Date(), timeZone);
      const [[u], [s], activeRows, teamCount, bookingsToday, openSlotsThisWeek] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(seasons),
        db.select({ name: seasons.name, active: seasons.active }).from(seasons),
        countTeams(db),
        countConfirmedBookings(db, today),
        countOpenSlots(db, restOfWeek),
      ]);
      return {
        users: u?.n ?? 0,
        teams: teamCount,
        seasons: s?.n ?? 0,
        activeSeason: activeRows.find((r) => r.active)?.name ?? null,
        bookingsToday,
        openSlotsThisWeek,
      };
    },
  );
};
