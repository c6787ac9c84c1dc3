import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../i18n/words';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import {
  adminBookingQuerySchema,
  adminCancelSchema,
  bookingContextSchema,
  bookingRulesSchema,
  bookingSchema,
  bookRequestSchema,
  cancelRequestSchema,
  moveRequestSchema,
  overrideRequestSchema,
} from '../../../shared/bookings/bookings.schemas';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { auditContext, requestAuditContext } from '../audit/audit.service';
import * as admin from './bookings-admin.service';
import * as service from './bookings.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const one = z.object({ booking: bookingSchema });

export const bookingsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/bookings/context',
    {
      config: { access: 'public' },
      schema: {
        tags: ['bookings'],
        summary: "Rules, the caller's team and its bookings: what Book a Field needs to explain a rule before the click",
        querystring: z.object({ seasonId: z.string().uuid().optional() }),
        response: { 200: bookingContextSchema },
      },
    },
    async (req) => service.bookingContext(deps, await req.actor(), req.query.seasonId, requestLocale(req.headers['accept-language'])),
  );

  app.post(
    '/api/bookings',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: "Book an open slot for the caller's team", body: bookRequestSchema, response: { 201: one, ...errors } } },
    async (req, reply) => {
      const actor = await req.actor();
      return reply.status(201).send({ booking: await service.book(deps, auditContext(req, actor), actor, req.body.slotId) });
    },
  );

  app.get(
    '/api/bookings/mine',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: "The caller's team's bookings, upcoming and past", response: { 200: z.object({ bookings: z.array(bookingSchema) }) } } },
    async (req) => ({ bookings: await service.listMine(db, await req.requireActor()) }),
  );

  app.post(
    '/api/bookings/:id/cancel',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: "Cancel one of the team's bookings (before the cutoff)", params: idParamsSchema, body: cancelRequestSchema, response: { 200: one, ...errors } } },
    async (req) => {
      const actor = await req.requireActor();
      return { booking: await service.cancel(deps, auditContext(req, actor), actor, req.params.id, { asAdmin: false, reason: req.body.reason }) };
    },
  );

  app.get(
    '/api/bookings/:id/ics',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: 'The booking as a calendar file (.ics)', params: idParamsSchema } },
    async (req, reply) => {
      const actor = await req.requireActor();
      // In the person's language: their profile's choice, else their browser's.
      const { ics, filename } = await service.calendarFile(db, actor, req.params.id, actor.profile.locale ?? requestLocale(req.headers['accept-language']));
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(ics);
    },
  );

  app.get(
    '/api/seasons/:id/booking-rules',
    { config: { access: 'public' }, schema: { tags: ['bookings'], summary: "A season's booking rules", params: idParamsSchema, response: { 200: z.object({ rules: bookingRulesSchema }), 404: apiErrorSchema } } },
    async (req) => ({ rules: await service.rulesOfSeason(db, req.params.id) }),
  );

  app.put(
    '/api/seasons/:id/booking-rules',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: "Edit a season's booking rules (admin)", params: idParamsSchema, body: bookingRulesSchema, response: { 200: z.object({ rules: bookingRulesSchema }), ...errors } } },
    async (req) => ({ rules: await admin.saveRules(deps, await requestAuditContext(req), req.params.id, req.body) }),
  );

  app.get(
    '/api/admin/bookings',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Search bookings (admin)', querystring: adminBookingQuerySchema, response: { 200: z.object({ bookings: z.array(bookingSchema) }) } } },
    async (req) => ({ bookings: await admin.searchBookings(deps, req.query) }),
  );

  app.get(
    '/api/admin/bookings.csv',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Bookings as CSV (admin)', querystring: adminBookingQuerySchema } },
    async (req, reply) =>
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="bookings.csv"').send(await admin.exportCsv(deps, req.query)),
  );

  app.post(
    '/api/admin/bookings/:id/cancel',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Cancel any booking with a reason (admin)', params: idParamsSchema, body: adminCancelSchema, response: { 200: one, ...errors } } },
    async (req) => {
      const actor = await req.requireActor();
      return { booking: await service.cancel(deps, auditContext(req, actor), actor, req.params.id, { asAdmin: true, reason: req.body.reason }) };
    },
  );

  app.post(
    '/api/admin/bookings/:id/move',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Move a booking to another open slot (admin)', params: idParamsSchema, body: moveRequestSchema, response: { 200: one, ...errors } } },
    async (req) => ({
      booking: await admin.move(deps, await requestAuditContext(req), req.params.id, req.body.slotId, req.body.reason, { allowOtherDivision: req.body.allowOtherDivision }),
    }),
  );

  app.post(
    '/api/admin/bookings/override',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['bookings'],
        summary: 'Book any open slot for any team, bypassing the rules; can bump an existing booking (admin)',
        body: overrideRequestSchema,
        response: { 201: z.object({ booking: bookingSchema, bumped: bookingSchema.nullable() }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await admin.override(deps, await requestAuditContext(req), req.body)),
  );
};
