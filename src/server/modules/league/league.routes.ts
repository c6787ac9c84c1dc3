import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { leagueSettingsResponseSchema, leagueSettingsSchema, passwordSignUpSchema } from '../../../shared/league/league.schemas';
import { requestAuditContext } from '../audit/audit.service';

export const leagueRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, { league }) => {
  app.get(
    '/api/league',
    {
      config: { access: 'public' },
      schema: { tags: ['league'], summary: 'League name, short name, time zone and contact', response: { 200: leagueSettingsResponseSchema } },
    },
    async () => league.get(),
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
    async (req) => league.update(await requestAuditContext(req), req.body),
  );

  app.put(
    '/api/league/password-sign-up',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['league'],
        summary: 'Let visitors create an account with a password, or not (admin); invitations and the identity provider always work',
        body: passwordSignUpSchema,
        response: { 200: passwordSignUpSchema, 400: apiErrorSchema },
      },
    },
    async (req) => ({ passwordSignUp: await league.setPasswordSignUp(await requestAuditContext(req), req.body.passwordSignUp) }),
  );
};
