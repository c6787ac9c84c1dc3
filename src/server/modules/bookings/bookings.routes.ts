import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEvent } from 'ics';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { EventBus } from '../../events/event-bus';
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
  type Booking,
} from '../../../shared/bookings/bookings.schemas';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { localDayRange } from '../../../shared/time/zoned';
import { auditContext } from '../audit/audit.repository';
import { getLeagueSettings } from '../league/league.repository';
import * as repo from './bookings.repository';
import * as service from './bookings.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const one = z.object({ booking: bookingSchema });

export const bookingsRoutes: FastifyPluginAsyncZod<{ db: Database; events: EventBus; defaults: LeagueSettings }> = async (app, { db, events, defaults }) => {
  const timeZone = async () => (await getLeagueSettings(db, defaults)).timeZone;
  const changed = (...slotIds: string[]) => events.publish({ type: 'slots', slotIds });

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
    async (req) => service.bookingContext(db, await req.actor(), req.query.seasonId, await timeZone()),
  );

  app.post(
    '/api/bookings',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: "Book an open slot for the caller's team", body: bookRequestSchema, response: { 201: one, ...errors } } },
    async (req, reply) => {
      const booking = await service.book(db, auditContext(req, await req.actor()), await req.actor(), req.body.slotId, await timeZone());
      await changed(booking.slotId);
      return reply.status(201).send({ booking });
    },
  );

  app.get(
    '/api/bookings/mine',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: "The caller's team's bookings, upcoming and past", response: { 200: z.object({ bookings: z.array(bookingSchema) }) } } },
    async (req) => {
      const actor = await req.requireActor();
      return { bookings: actor.profile.teamId ? await repo.listTeamBookings(db, actor.profile.teamId) : [] };
    },
  );

  app.post(
    '/api/bookings/:id/cancel',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: "Cancel one of the team's bookings (before the cutoff)", params: idParamsSchema, body: cancelRequestSchema, response: { 200: one, ...errors } } },
    async (req) => {
      const actor = await req.requireActor();
      const booking = await service.cancel(db, auditContext(req, actor), actor, req.params.id, { asAdmin: false, reason: req.body.reason });
      await changed(booking.slotId);
      return { booking };
    },
  );

  app.get(
    '/api/bookings/:id/ics',
    { config: { access: 'user' }, schema: { tags: ['bookings'], summary: 'The booking as a calendar file (.ics)', params: idParamsSchema } },
    async (req, reply) => {
      const actor = await req.requireActor();
      const booking = await repo.findBooking(db, req.params.id);
      if (!booking || (booking.teamId !== actor.profile.teamId && !actor.admin.isAdmin)) {
        throw new AppError('NOT_FOUND', "That booking does not exist, or it is not your team's.");
      }
      const { error, value } = createEvent({
        uid: `booking-${booking.id}@cgsl-practice-scheduler`,
        title: `${booking.teamName} practice – ${booking.fieldName}`,
        start: Date.parse(booking.startsAt),
        end: Date.parse(booking.endsAt),
        startInputType: 'utc',
        endInputType: 'utc',
        location: [booking.facilityName, booking.fieldName, booking.facilityAddress].filter(Boolean).join(', '),
        description: `Practice booked with the CGSL Practice Scheduler.${booking.mapUrl ? ` Map: ${booking.mapUrl}` : ''}`,
        status: booking.status === 'confirmed' ? 'CONFIRMED' : 'CANCELLED',
        ...(booking.mapUrl ? { url: booking.mapUrl } : {}),
      });
      if (error || !value) throw error ?? new Error('could not build the calendar file');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="practice-${booking.startsAt.slice(0, 10)}.ics"`)
        .send(value);
    },
  );

  app.get(
    '/api/seasons/:id/booking-rules',
    { config: { access: 'public' }, schema: { tags: ['bookings'], summary: "A season's booking rules", params: idParamsSchema, response: { 200: z.object({ rules: bookingRulesSchema }), 404: apiErrorSchema } } },
    async (req) => {
      if (!(await repo.findSeasonDates(db, req.params.id))) throw new AppError('NOT_FOUND', 'That season does not exist any more. Reload the page.');
      return { rules: await repo.getRules(db, req.params.id) };
    },
  );

  app.put(
    '/api/seasons/:id/booking-rules',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: "Edit a season's booking rules (admin)", params: idParamsSchema, body: bookingRulesSchema, response: { 200: z.object({ rules: bookingRulesSchema }), ...errors } } },
    async (req) => {
      const rules = await service.saveRules(db, auditContext(req, await req.actor()), req.params.id, req.body);
      // Open Book a Field pages re-check every slot against the new rules.
      await changed();
      return { rules };
    },
  );

  const search = async (q: z.infer<typeof adminBookingQuerySchema>): Promise<Booking[]> => {
    const range = q.from || q.to ? localDayRange(q.from ?? '1970-01-01', q.to ?? '2999-12-31', await timeZone()) : null;
    return repo.searchBookings(db, { seasonId: q.seasonId, teamId: q.teamId, fieldId: q.fieldId, status: q.status, q: q.q, start: range?.start, end: range?.end });
  };

  app.get(
    '/api/admin/bookings',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Search bookings (admin)', querystring: adminBookingQuerySchema, response: { 200: z.object({ bookings: z.array(bookingSchema) }) } } },
    async (req) => ({ bookings: await search(req.query) }),
  );

  app.get(
    '/api/admin/bookings.csv',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Bookings as CSV (admin)', querystring: adminBookingQuerySchema } },
    async (req, reply) => {
      const tz = await timeZone();
      const local = (iso: string) => new Date(iso).toLocaleString('en-CA', { timeZone: tz, hour12: false }).replace(',', '');
      const rows = (await search(req.query)).map((b) => ({
        date_time_local: local(b.startsAt),
        ends_local: local(b.endsAt),
        team: b.teamName,
        facility: b.facilityName,
        field: b.fieldName,
        status: b.status,
        booked_by: b.bookedByEmail ?? '',
        override: b.override ? 'yes' : '',
        override_reason: b.overrideReason ?? '',
        cancel_reason: b.cancelReason ?? '',
        booking_id: b.id,
      }));
      const csv = stringify(rows, { header: true, columns: ['date_time_local', 'ends_local', 'team', 'facility', 'field', 'status', 'booked_by', 'override', 'override_reason', 'cancel_reason', 'booking_id'] });
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="bookings.csv"').send(csv);
    },
  );

  app.post(
    '/api/admin/bookings/:id/cancel',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Cancel any booking with a reason (admin)', params: idParamsSchema, body: adminCancelSchema, response: { 200: one, ...errors } } },
    async (req) => {
      const actor = await req.requireActor();
      const booking = await service.cancel(db, auditContext(req, actor), actor, req.params.id, { asAdmin: true, reason: req.body.reason });
      await changed(booking.slotId);
      return { booking };
    },
  );

  app.post(
    '/api/admin/bookings/:id/move',
    { config: { access: 'admin' }, schema: { tags: ['bookings'], summary: 'Move a booking to another open slot (admin)', params: idParamsSchema, body: moveRequestSchema, response: { 200: one, ...errors } } },
    async (req) => {
      const before = await repo.findBooking(db, req.params.id);
      const booking = await service.move(db, auditContext(req, await req.actor()), req.params.id, req.body.slotId, req.body.reason);
      await changed(booking.slotId, ...(before ? [before.slotId] : []));
      return { booking };
    },
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
    async (req, reply) => {
      const result = await service.override(db, auditContext(req, await req.actor()), req.body);
      await changed(result.booking.slotId);
      return reply.status(201).send(result);
    },
  );
};
