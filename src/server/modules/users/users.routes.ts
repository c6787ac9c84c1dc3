import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { claimsResponseSchema, notificationPrefsSchema, profilePatchSchema, profileSchema } from '../../../shared/users/users.schemas';
import { findClaims, getNotificationPrefs, setNotificationPrefs, toProfile, updateOwnProfile } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/api/me',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'My profile', response: { 200: z.object({ profile: profileSchema }), 401: apiErrorSchema } },
    },
    async (req) => ({ profile: toProfile((await req.requireActor()).profile) }),
  );

  app.get(
    '/api/me/claims',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "My identity token's claims (the admin claim of spec §6)",
        response: { 200: claimsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (req) => ({ claims: (await findClaims(db, (await req.requireActor()).userId)) ?? {} }),
  );

  app.patch(
    '/api/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Edit my profile',
        body: profilePatchSchema,
        response: { 200: z.object({ profile: profileSchema }), 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { profile: await updateOwnProfile(deps, actor, req.body) };
    },
  );

  app.get(
    '/api/me/notifications',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'Which emails I get (booking changes, practice reminders)', response: { 200: notificationPrefsSchema, 401: apiErrorSchema } },
    },
    async (req) => getNotificationPrefs(db, (await req.requireActor()).userId),
  );

  app.put(
    '/api/me/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Choose which emails I get; security mail (password reset, verification) always goes out',
        body: notificationPrefsSchema,
        response: { 200: notificationPrefsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req) => {
      const { userId } = await req.requireActor();
      await setNotificationPrefs(db, userId, req.body);
      return getNotificationPrefs(db, userId);
    },
  );
};
