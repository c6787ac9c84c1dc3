import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import {
  clinicCancelResultSchema,
  clinicCancelSchema,
  clinicEditResultSchema,
  clinicInputSchema,
  clinicListSchema,
  clinicSchema,
  registrationCancelResultSchema,
  registrationInputSchema,
  registrationSchema,
  rosterSchema,
} from '../../../shared/clinics/clinics.schemas';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './clinics.service';

const rosterRegistrationParamsSchema = idParamsSchema.extend({ registrationId: z.string().uuid('That is not a valid id') });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['clinics'];

/** Clinics (everyone reads; admins create, edit, cancel and read rosters) and registrations (signed-in people). */
export const clinicsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/clinics',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Clinics that have not ended, soonest first (admins also see unpublished ones)', response: { 200: clinicListSchema } },
    },
    async (req) => ({ clinics: await service.listClinics(db, await req.actor()) }),
  );

  app.get(
    '/api/clinics/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's registrations with status and waitlist position",
        response: { 200: z.object({ registrations: z.array(registrationSchema) }) },
      },
    },
    async (req) => ({ registrations: await service.myRegistrations(db, await req.requireActor()) }),
  );

  app.post(
    '/api/clinics',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Create a clinic (admin)', body: clinicInputSchema, response: { 201: z.object({ clinic: clinicSchema }), ...errors } },
    },
    async (req, reply) => reply.status(201).send({ clinic: await service.createClinic(deps, await requestAuditContext(req), req.body) }),
  );

  app.put(
    '/api/clinics/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Edit a clinic (admin): more places promote from the waitlist; fewer than the registered count is refused',
        params: idParamsSchema,
        body: clinicInputSchema,
        response: { 200: clinicEditResultSchema, ...errors },
      },
    },
    async (req) => service.editClinic(deps, await requestAuditContext(req), req.params.id, req.body),
  );

  app.post(
    '/api/clinics/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cancel a clinic with a reason (admin): every registration is cancelled and each registrant told',
        params: idParamsSchema,
        body: clinicCancelSchema,
        response: { 200: clinicCancelResultSchema, ...errors },
      },
    },
    async (req) => service.cancelClinic(deps, await requestAuditContext(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/clinics/:id/registrations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Register a participant: a place while one is left, else the waitlist',
        params: idParamsSchema,
        body: registrationInputSchema,
        response: { 201: z.object({ registration: registrationSchema }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ registration: await service.register(deps, await req.requireActor(), req.params.id, req.body) }),
  );

  app.post(
    '/api/clinics/registrations/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancel a registration (its owner or an admin): a freed place goes to the first on the waitlist',
        params: idParamsSchema,
        response: { 200: registrationCancelResultSchema, ...errors },
      },
    },
    async (req) => service.cancelRegistration(deps, await requestAuditContext(req), await req.requireActor(), req.params.id),
  );

  app.post(
    '/api/clinics/:id/registrations/:registrationId/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Cancel one registration from a clinic's roster (admin): the registrant is emailed, a freed place goes to the first on the waitlist",
        params: rosterRegistrationParamsSchema,
        response: { 200: registrationCancelResultSchema, ...errors },
      },
    },
    async (req) => service.cancelRegistrationByAdmin(deps, await requestAuditContext(req), await req.requireActor(), req.params.id, req.params.registrationId),
  );

  app.get(
    '/api/clinics/:id/roster',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A clinic's roster: places, then the waitlist in order (admin)",
        params: idParamsSchema,
        response: { 200: rosterSchema, ...errors },
      },
    },
    async (req) => service.clinicRoster(db, req.params.id),
  );

  app.get(
    '/api/clinics/:id/roster.csv',
    { config: { access: 'admin' }, schema: { tags, summary: "A clinic's roster as CSV (admin)", params: idParamsSchema } },
    async (req, reply) => {
      const { csv, fileName } = await service.clinicRosterExport(deps, req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  );
};
