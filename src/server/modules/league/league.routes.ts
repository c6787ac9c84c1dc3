import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { leagueSettingsResponseSchema, leagueSettingsSchema, type LeagueSettings } from '../../../shared/league/league.schemas';
import { auditContext, insertAudit } from '../audit/audit.repository';
import { getLeagueSettings, updateLeagueSettings } from './league.repository';

export const leagueRoutes: FastifyPluginAsyncZod<{ db: Database; defaults: LeagueSettings }> = async (app, { db, defaults }) => {
  app.get(
    '/api/league',
    {
      config: { access: 'public' },
      schema: { tags: ['league'], summary: 'League name, short name, time zone and contact', response: { 200: leagueSettingsResponseSchema } },
    },
    async () => getLeagueSettings(db, defaults),
  );

  app.put(
    '/api/league',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['league'],
        summary: 'Edit the league settings (admin)',
        body: leagueSettingsSchema,
        response: { 200: leagueSettingsResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const ctx = auditContext(req, await req.actor());
      return db.transaction(async (tx) => {
        const before = await getLeagueSettings(tx, defaults);
        const after = await updateLeagueSettings(tx, req.body);
        await insertAudit(tx, ctx, {
          action: 'league.update',
          entityType: 'league',
          entityId: '1',
          summary: before.timeZone !== after.timeZone ? `Edited league settings (time zone ${before.timeZone} → ${after.timeZone})` : 'Edited league settings',
          before,
          after,
        });
        return after;
      });
    },
  );
};
