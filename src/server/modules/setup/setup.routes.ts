import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { setupAdminSchema, setupStatusSchema } from '../../../shared/users/users.schemas';
import type { Auth } from '../auth/auth';
import { createFirstAdmin, needsSetup } from './setup.service';

export const setupRoutes: FastifyPluginAsyncZod<ServerContext & { auth: Auth }> = async (app, { db, auth, adminClaim }) => {
  app.get(
    '/api/setup',
    {
      config: { access: 'public' },
      schema: { tags: ['setup'], summary: 'Does the league still need its first admin?', response: { 200: setupStatusSchema } },
    },
    async () => ({ needsSetup: await needsSetup(db, adminClaim) }),
  );

  app.post(
    '/api/setup',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['setup'],
        summary: 'Create the first admin with the one-time setup link',
        body: setupAdminSchema,
        response: { 201: z.object({ ok: z.literal(true) }), 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { setCookie } = await createFirstAdmin(
        db,
        auth,
        { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
        req.body,
        adminClaim,
      );
      if (setCookie.length > 0) reply.header('set-cookie', setCookie);
      return reply.status(201).send({ ok: true as const });
    },
  );
};
