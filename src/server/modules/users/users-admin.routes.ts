import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { adminUserSchema, userPageSchema, userPatchSchema, userSearchQuerySchema } from '../../../shared/users/user-manager.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { changeUser, searchPeople } from './users-admin.service';

/** The user manager's API (admin): search and page people, change role, team and disabled. */
export const usersAdminRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Search people by name or email, filter by role, team and status; keyset-paged in name order (admin)',
        querystring: userSearchQuerySchema,
        response: { 200: userPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => searchPeople(db, req.query),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: "Change a person's role, team or disabled flag; acts on their next request (admin)",
        // Person ids are better-auth's (not UUIDs).
        params: z.object({ id: z.string().min(1).max(100) }),
        body: userPatchSchema,
        response: { 200: z.object({ user: adminUserSchema }), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req) => ({ user: await changeUser(deps, await requestAuditContext(req), req.params.id, req.body) }),
  );
};
