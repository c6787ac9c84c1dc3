import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { multipartRefusal } from '../../plugins/multipart-refusal';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { claimsResponseSchema, notificationPrefsSchema, profilePatchSchema, profileSchema } from '../../../shared/users/users.schemas';
import { findClaims, getNotificationPrefs, setNotificationPrefs, toProfile, updateOwnProfile } from './users.service';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../shared/users/profile-photo';
import { AppError } from '../../errors';
import { photoTooLarge, removeProfilePhoto, setProfilePhoto } from './profile-photo.service';

/** `adminClaim`: the league's admin-claim rule (OIDC_ADMIN_CLAIM), sent with the claims so the web app decides as the server does. */
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
    async (req) => ({
      claims: (await findClaims(db, (await req.requireActor()).userId)) ?? {},
      adminClaim: deps.adminClaim,
    }),
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

  // Multipart bodies for the photo routes only, with the photo's own limits (the storage routes register theirs).
  await app.register(async (photos) => {
    await photos.register(multipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 20 } });

    photos.post(
      '/api/me/photo',
      {
        // Each photo is decoded and re-encoded: 60 a minute per address is far past a person and short of a flood.
        config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['users'],
          summary: 'Set my profile photo (multipart/form-data, part "file": a JPEG, PNG or WebP of at most 8 MB), kept as a square WebP',
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({ profile: profileSchema }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            402: apiErrorSchema,
            403: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
          },
        },
      },
      async (req) => {
        const actor = await req.requireActor();
        return { profile: await setProfilePhoto(deps, actor, await readPhoto(req)) };
      },
    );

    photos.delete(
      '/api/me/photo',
      {
        config: { access: 'user' },
        schema: { tags: ['users'], summary: 'Remove my profile photo (the league logo shows again)', response: { 200: z.object({ profile: profileSchema }), 401: apiErrorSchema } },
      },
      async (req) => ({ profile: await removeProfilePhoto(deps, await req.requireActor()) }),
    );
  });
};

/** The bytes of the `file` part, read up to the size limit and no further: a larger photo is refused before any decoding. */
async function readPhoto(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { key: 'users.photoNotMultipart' });
  }
  try {
    const part: MultipartFile | undefined = await req.file({ throwFileSizeLimit: true });
    if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', { key: 'users.noPhoto' });
    return await part.toBuffer();
  } catch (err) {
    throw multipartRefusal(err, photoTooLarge);
  }
}
