import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/event-bus';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import type { LeagueSettings } from '../../../shared/league/league.schemas';
import { generatorPreviewSchema, slotEditSchema, slotGeneratorInputSchema, slotIdsQuerySchema, slotQuerySchema, slotSchema, type GenerateProgress } from '../../../shared/slots/slots.schemas';
import { localDayRange } from '../../../shared/time/zoned';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { auditContext } from '../audit/audit.repository';
import { getLeagueSettings } from '../league/league.repository';
import * as service from './slots.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const slotsRoutes: FastifyPluginAsyncZod<{ db: Database; events: EventBus; defaults: LeagueSettings }> = async (app, { db, events, defaults }) => {
  const timeZone = async () => (await getLeagueSettings(db, defaults)).timeZone;

  app.get(
    '/api/slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['slots'],
        summary: 'Slots starting on the given local days (league time zone), with status and booked team',
        querystring: slotQuerySchema,
        response: { 200: z.object({ slots: z.array(slotSchema) }), 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { from, to, seasonId, facilityId, fieldId } = req.query;
      const { start, end } = localDayRange(from, to, await timeZone());
      return { slots: await service.querySlots(db, { start, end, seasonId, facilityId, fieldId }) };
    },
  );

  app.get(
    '/api/slots/by-id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['slots'],
        summary: 'The slots a live event named, as the week view shows them (deleted and closed ones are left out)',
        querystring: slotIdsQuerySchema,
        response: { 200: z.object({ slots: z.array(slotSchema) }), 400: apiErrorSchema },
      },
    },
    async (req) => ({ slots: await service.slotsByIds(db, req.query.ids) }),
  );

  app.post(
    '/api/slots/preview',
    {
      config: { access: 'admin' },
      schema: { tags: ['slots'], summary: 'What the generator would create, and what overlaps (admin)', body: slotGeneratorInputSchema, response: { 200: generatorPreviewSchema, 400: apiErrorSchema } },
    },
    async (req) => service.previewSlots(db, req.body, await timeZone()),
  );

  app.post(
    '/api/slots/generate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['slots'],
        summary: 'Create the generated slots in one transaction (admin); answers with NDJSON progress lines',
        body: slotGeneratorInputSchema,
      },
    },
    async (req, reply) => {
      const ctx = auditContext(req, await req.actor());
      const planned = await service.validateGeneration(db, req.body, await timeZone());
      const stream = new PassThrough();
      const write = (line: GenerateProgress) => stream.write(`${JSON.stringify(line)}\n`);
      void service
        .createPlannedSlots(db, ctx, req.body, planned, (done, total) => write({ type: 'progress', done, total }))
        .then(async (summary) => {
          write({ type: 'done', ...summary });
          await events.publish({ type: 'slots', slotIds: [] });
        })
        .catch((err: unknown) => {
          req.log.error({ err }, 'slot generation failed');
          write({ type: 'error', error: { code: 'INTERNAL', message: 'Creating the slots failed and nothing was saved. Try again; if it keeps failing, contact support.' } });
        })
        .finally(() => stream.end());
      return reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
    },
  );

  app.put(
    '/api/slots/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['slots'], summary: 'Edit one slot (admin)', params: idParamsSchema, body: slotEditSchema, response: { 200: z.object({ slot: slotSchema }), ...errors } },
    },
    async (req) => {
      const slot = await service.editSlot(db, auditContext(req, await req.actor()), req.params.id, req.body, await timeZone());
      await events.publish({ type: 'slots', slotIds: [slot.id] });
      return { slot };
    },
  );

  app.delete(
    '/api/slots/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['slots'], summary: 'Delete one slot (admin); refused while it has a confirmed booking', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await service.deleteSlot(db, auditContext(req, await req.actor()), req.params.id);
      await events.publish({ type: 'slots', slotIds: [req.params.id] });
      return reply.status(204).send(null);
    },
  );
};
