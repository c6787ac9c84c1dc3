import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import { AppError, keyedBody, type ErrorWords } from '../../errors';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import {
  acceptSignedInSchema,
  acceptWithSignUpSchema,
  importApplySchema,
  importPreviewSchema,
  importRequestSchema,
  invitationLookupRequestSchema,
  invitationLookupSchema,
  invitationSchema,
  inviteInputSchema,
  type ImportProgress,
} from '../../../shared/invitations/invitations.schemas';
import { profileSchema } from '../../../shared/users/users.schemas';
import { requestLocale } from '../../i18n/words';
import { auditContext } from '../audit/audit.service';
import type { Auth } from '../auth/auth';
import { applyImport, checkImport, previewImport } from './invitations-import.service';
import { acceptSignedIn, acceptWithSignUp, invite, listInvitations, lookup, resend, revoke } from './invitations.service';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const one = z.object({ invitation: invitationSchema });

/** Invitations (admin: invite, list, resend, revoke; anyone with a link: accept) and the CSV import. */
export const invitationsRoutes: FastifyPluginAsyncZod<ServerContext & { config: Config; auth: Auth }> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/admin/invitations',
    {
      config: { access: 'admin' },
      schema: { tags: ['invitations'], summary: 'Open invitations (pending and expired), newest first (admin)', response: { 200: z.object({ invitations: z.array(invitationSchema) }) } },
    },
    async () => ({ invitations: await listInvitations(db) }),
  );

  app.post(
    '/api/admin/invitations',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['invitations'],
        summary: 'Invite an address to a role and team; emails a one-time link that works for 7 days (admin)',
        body: inviteInputSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      return reply.status(201).send({ invitation: await invite(deps, auditContext(req, actor), actor, req.body, requestLocale(req.headers['accept-language'])) });
    },
  );

  app.post(
    '/api/admin/invitations/:id/resend',
    {
      config: { access: 'admin' },
      schema: { tags: ['invitations'], summary: 'Email a new link (the old one stops working) valid for 7 more days (admin)', params: idParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { invitation: await resend(deps, auditContext(req, actor), actor, req.params.id, requestLocale(req.headers['accept-language'])) };
    },
  );

  app.post(
    '/api/admin/invitations/:id/revoke',
    {
      config: { access: 'admin' },
      schema: { tags: ['invitations'], summary: 'Withdraw an invitation: its link stops working (admin)', params: idParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => ({ invitation: await revoke(db, auditContext(req, await req.requireActor()), req.params.id) }),
  );

  app.post(
    '/api/admin/invitations/import/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['invitations'],
        summary: 'What importing this CSV (team, division, coach name, coach email) would do, row by row (admin)',
        body: importRequestSchema,
        response: { 200: importPreviewSchema, 400: apiErrorSchema },
      },
    },
    async (req) => previewImport(db, req.body.csv),
  );

  app.post(
    '/api/admin/invitations/import/apply',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['invitations'],
        summary: 'Create the previewed teams and send the invitations in one transaction; answers with NDJSON progress lines (admin)',
        body: importApplySchema,
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      const ctx = auditContext(req, actor);
      await checkImport(db, req.body.csv, req.body.fingerprint);
      const stream = new PassThrough();
      const write = (line: ImportProgress) => stream.write(`${JSON.stringify(line)}\n`);
      void applyImport(deps, ctx, actor, req.body.csv, req.body.fingerprint, (done, total) => write({ type: 'progress', done, total }), requestLocale(req.headers['accept-language']))
        .then((summary) => {
          write({ type: 'done', ...summary });
        })
        .catch((err: unknown) => {
          if (!(err instanceof AppError)) req.log.error({ err }, 'CSV import failed');
          const words: ErrorWords =
            err instanceof AppError ? { key: 'invitations.importFailedReason', params: { reason: err.words ?? err.message } } : { key: 'invitations.importFailed' };
          write({ type: 'error', error: keyedBody(err instanceof AppError ? err.code : 'INTERNAL', words, requestLocale(req.headers['accept-language'])).error });
        })
        .finally(() => stream.end());
      return reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
    },
  );

  app.post(
    '/api/invitations/lookup',
    {
      // The token travels in the body, not the URL, so it stays out of access logs.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['invitations'],
        summary: 'The state of an invitation link, and who invited whom to what',
        body: invitationLookupRequestSchema,
        response: { 200: invitationLookupSchema, 400: apiErrorSchema },
      },
    },
    async (req) => lookup(deps, req.body.token),
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['invitations'],
        summary: 'Sign up with the invited address and accept; answers with the session cookie',
        body: acceptWithSignUpSchema,
        response: { 201: z.object({ profile: profileSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const { setCookie, profile } = await acceptWithSignUp(deps, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }, req.body);
      if (setCookie.length > 0) reply.header('set-cookie', setCookie);
      return reply.status(201).send({ profile });
    },
  );

  app.post(
    '/api/invitations/accept-signed-in',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation to the signed-in address with one click',
        body: acceptSignedInSchema,
        response: { 200: z.object({ profile: profileSchema }), 401: apiErrorSchema, ...errors },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { profile: await acceptSignedIn(deps, auditContext(req, actor), actor, req.body.token) };
    },
  );
};
