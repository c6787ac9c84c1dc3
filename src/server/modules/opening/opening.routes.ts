import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { drawResultSchema, openingRoundInputSchema, openingRoundSchema, preferencesInputSchema, teamPreferencesSchema } from '../../../shared/opening/opening.schemas';
import { requestAuditContext } from '../audit/audit.service';
import * as service from './opening.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['opening'];
const one = z.object({ round: openingRoundSchema });
const list = z.object({ rounds: z.array(openingRoundSchema) });

/**
 * An edit is the create form without the season (a round stays in its season): the shared schema, with its
 * refinements, run on the body and a placeholder season id, which the edit ignores. (A refined zod object cannot
 * be `.omit()`-ed; src/shared/opening could export the edit schema itself.)
 */
const editBodySchema = z.preprocess(
  (body) => (body && typeof body === 'object' && !Array.isArray(body) ? { ...body, seasonId: '00000000-0000-4000-8000-000000000000' } : body),
  openingRoundInputSchema,
);

const publicRoundSchema = z.object({
  round: openingRoundSchema,
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  result: drawResultSchema.nullable(),
  slots: z.array(z.object({ id: z.string(), label: z.string(), startsAt: z.string() })).nullable(),
});

/**
 * The opening round (issue 26, decision 030): admins create, edit, cancel, draw now and open the rest; everyone reads
 * a round's page and, after the draw, its inputs; coaches rank their team's slots while the window is open.
 */
export const openingRoutes: FastifyPluginAsyncZod<ServerContext> = async (app, deps) => {
  const { db, league } = deps;

  app.get(
    '/api/openings',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "A season's opening rounds, cancelled and drawn ones too (admin)", querystring: z.object({ seasonId: z.string().uuid('Choose a season') }), response: { 200: list, ...errors } },
    },
    async (req) => ({ rounds: await service.listRounds(db, req.query.seasonId) }),
  );

  app.get(
    '/api/openings/current',
    {
      config: { access: 'public' },
      schema: { tags, summary: `The active season's opening rounds that are not cancelled (drawn ones for ${service.DRAWN_SHOWN_DAYS} days after the draw)`, response: { 200: list } },
    },
    async () => ({ rounds: await service.currentRounds(db) }),
  );

  app.post(
    '/api/openings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Create an opening round with a secret seed; only its SHA-256 is shown until the draw; `divisionOpens`: divisions whose lists open later than the round's (admin)",
        body: openingRoundInputSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ round: await service.createRound(deps, await requestAuditContext(req), req.body) }),
  );

  app.patch(
    '/api/openings/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Edit a round while it is announced: dates, times, settings and division times (left out: kept) (admin)', params: idParamsSchema, body: editBodySchema, response: { 200: one, ...errors } },
    },
    async (req) => {
      const { seasonId: _placeholder, ...values } = req.body;
      return { round: await service.editRound(deps, await requestAuditContext(req), req.params.id, values) };
    },
  );

  app.post(
    '/api/openings/:id/cancel',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "Cancel a round before its draw: every team's preferences are dropped and their coaches emailed (admin)", params: idParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => ({ round: await service.cancelRound(deps, await requestAuditContext(req), req.params.id) }),
  );

  app.post(
    '/api/openings/:id/draw',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Draw now, once the preference window has closed: books every pick in one transaction (admin)', params: idParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => ({ round: await service.drawNow(deps, await requestAuditContext(req), req.params.id) }),
  );

  app.post(
    '/api/openings/:id/open-rest',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'After the draw: the slots nobody got become bookable first come, first served (admin)', params: idParamsSchema, response: { 200: one, ...errors } },
    },
    async (req) => ({ round: await service.openRest(deps, await requestAuditContext(req), req.params.id) }),
  );

  app.get(
    '/api/openings/:id',
    {
      config: { access: 'public' },
      schema: { tags, summary: "A round's public page: the hash before the draw; the seed, the order, the picks and the slots left over after it", params: idParamsSchema, response: { 200: publicRoundSchema, ...errors } },
    },
    async (req) => service.publicRound(db, req.params.id),
  );

  app.get(
    '/api/openings/:id/inputs',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'After the draw: the inputs it ran on (seed included) as a JSON download, to run the shared draw() again', params: idParamsSchema },
    },
    async (req, reply) => {
      const inputs = await service.drawInputs(db, req.params.id, await league.timeZone());
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="opening-${req.params.id}-inputs.json"`)
        .send(JSON.stringify(inputs));
    },
  );

  app.get(
    '/api/openings/:id/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's team's ranked slots in a round, and when the team's lists open (its division's own time, else the round's) (coaches; the team comes from the session)",
        params: idParamsSchema,
        response: { 200: teamPreferencesSchema, ...errors },
      },
    },
    async (req) => service.preferences(db, await req.requireActor(), req.params.id),
  );

  app.put(
    '/api/openings/:id/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Save the caller's team's ranked slots while the window is open (coaches); each slot is checked as the draw will see it",
        params: idParamsSchema,
        body: preferencesInputSchema,
        response: { 200: z.object({ slotIds: z.array(z.string()), savedAt: z.string().nullable() }), ...errors },
      },
    },
    async (req) => service.savePreferences(deps, await req.requireActor(), req.params.id, req.body.slotIds),
  );
};
