import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { keyedBody } from '../../errors';
import { requestLocale } from '../../i18n/words';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { generatorPreviewSchema, slotEditSchema, slotGeneratorInputSchema, slotIdsQuerySchema, slotQuerySchema, slotSchema, type GenerateProgress } from '../../../shared/slots/slots.schemas';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { sendReady } from '../read-cache/read-cache.service';
import * as service from './slots.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const slotsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {

  app.get(
    '/api/slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['slots'],
        summary: 'Slots starting on the given local days (league time zone), with status and booked team',
        querystring: slotQuerySchema,
        response: { 200: z.object({ slots: z.array(slotSchema) }), 304: z.null().describe('The copy the client holds (If-None-Match) is current'), 400: apiErrorSchema },
      },
    },
    async (req, reply) => sendReady(req, reply, await service.slotsResponse(deps, req.query)),
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
    async (req, reply) => sendReady(req, reply, await service.slotsByIdsResponse(deps, req.query.ids)),
  );

  app.post(
    '/api/slots/preview',
    {
      config: { access: 'admin' },
      schema: { tags: ['slots'], summary: 'What the generator would create, and what overlaps (admin)', body: slotGeneratorInputSchema, response: { 200: generatorPreviewSchema, 400: apiErrorSchema } },
    },
    async (req) => service.previewSlots(deps, req.body),
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
      const ctx = await requestAuditContext(req);
      const planned = await service.validateGeneration(deps, req.body);
      const stream = new PassThrough();
      const write = (line: GenerateProgress) => stream.write(`${JSON.stringify(line)}\n`);
      void service
        .createPlannedSlots(deps, ctx, req.body, planned, (done, total) => write({ type: 'progress', done, total }))
        .then((summary) => {
          write({ type: 'done', ...summary });
        })
        .catch((err: unknown) => {
          req.log.error({ err }, 'slot generation failed');
          write({ type: 'error', error: keyedBody('INTERNAL', { key: 'slots.generationFailed' }, requestLocale(req.headers['accept-language'])).error });
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
    async (req) => ({ slot: await service.editSlot(deps, await requestAuditContext(req), req.params.id, req.body) }),
  );

  app.delete(
    '/api/slots/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['slots'], summary: 'Delete one slot (admin); refused while it has a confirmed booking', params: idParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await service.deleteSlot(deps, await requestAuditContext(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
