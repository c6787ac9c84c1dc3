import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import {
  closureSchema,
  fieldStatusSchema,
  grantCreditInputSchema,
  makeupCreditSchema,
  myRainOutsSchema,
  rainOutInputSchema,
  rainOutResultSchema,
  reopenResultSchema,
} from '../../../shared/rain-outs/rain-outs.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './rain-outs.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Rain-outs and make-up credits (issue 28, docs/decisions/033). */
export const rainOutsRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  app.get(
    '/api/field-status',
    {
      config: { access: 'public' },
      schema: { tags: ['rain-outs'], summary: 'Rain-outs in force now or in the next 7 days: which facility or fields, when, and why', response: { 200: fieldStatusSchema } },
    },
    async () => service.fieldStatus(deps),
  );

  app.get(
    '/api/rain-outs/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['rain-outs'],
        summary: "The caller's team's recent rain-outs (the banner, until put away) and its free make-up credits",
        response: { 200: myRainOutsSchema },
      },
    },
    async (req) => service.myRainOuts(deps, await req.requireActor()),
  );

  app.post(
    '/api/rain-outs/:id/dismiss',
    {
      config: { access: 'user' },
      schema: { tags: ['rain-outs'], summary: "Put a rain-out's banner away for the signed-in person (idempotent)", params: idParamsSchema, response: { 200: z.object({ dismissed: z.literal(true) }), ...errors } },
    },
    async (req) => {
      await service.dismissNotice(deps.db, await req.requireActor(), req.params.id);
      return { dismissed: true as const };
    },
  );

  app.get(
    '/api/rain-outs',
    {
      config: { access: 'admin' },
      schema: { tags: ['rain-outs'], summary: 'Open rain-outs and those of the last 30 days, with the practices each cancelled and restored (admin)', response: { 200: z.object({ closures: z.array(closureSchema) }) } },
    },
    async () => ({ closures: await service.listClosures(deps.db) }),
  );

  app.post(
    '/api/rain-outs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['rain-outs'],
        summary: 'Rain out a facility or some of its fields: blocks them, cancels the practices under it, grants a make-up credit each and tells each team once (admin)',
        body: rainOutInputSchema,
        response: { 201: rainOutResultSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.rainOut(deps, await requestAuditContext(req), req.body)),
  );

  app.post(
    '/api/rain-outs/:id/reopen',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['rain-outs'],
        summary: 'Reopen a rain-out: lifts its blocks and restores the practices whose slots are still free (admin)',
        params: idParamsSchema,
        response: { 200: reopenResultSchema, ...errors },
      },
    },
    async (req) => service.reopen(deps, await requestAuditContext(req), req.params.id),
  );

  app.get(
    '/api/makeup-credits',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['rain-outs'],
        summary: "Make-up credits, newest first, one team's or every team's (admin)",
        querystring: z.object({ teamId: z.string().uuid().optional() }),
        response: { 200: z.object({ credits: z.array(makeupCreditSchema) }), ...errors },
      },
    },
    async (req) => ({ credits: await service.listCredits(deps.db, req.query.teamId) }),
  );

  app.post(
    '/api/makeup-credits',
    {
      config: { access: 'admin' },
      schema: { tags: ['rain-outs'], summary: 'Grant a team one make-up practice (admin)', body: grantCreditInputSchema, response: { 201: z.object({ credit: makeupCreditSchema }), ...errors } },
    },
    async (req, reply) => reply.status(201).send({ credit: await service.grantCredit(deps, await requestAuditContext(req), req.body) }),
  );

  app.delete(
    '/api/makeup-credits/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['rain-outs'], summary: 'Remove a make-up credit no practice uses (admin)', params: idParamsSchema, response: { 200: z.object({ removed: z.literal(true) }), ...errors } },
    },
    async (req) => {
      await service.removeCredit(deps, await requestAuditContext(req), req.params.id);
      return { removed: true as const };
    },
  );
};
