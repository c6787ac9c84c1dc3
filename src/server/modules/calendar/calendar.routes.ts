import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor, ServerContext } from '../../context';
import { feedQuerySchema, fieldFeedParamsSchema, teamFeedParamsSchema, teamFeedResponseSchema } from '../../../shared/calendar/calendar.schemas';
import type { Locale } from '../../../shared/i18n/locales';
import { requestLocale } from '../../i18n/words';
import { apiErrorSchema } from '../../../shared/errors/api-error';
import { idParamsSchema } from '../../../shared/facilities/facilities.schemas';
import { requestAuditContext } from '../audit/audit.service';
import { chooseEncoding, COMPRESS_FROM_BYTES, encodedBody } from '../read-cache/read-cache.service';
import { notModified } from './calendar-feed';
import * as service from './calendar-feeds.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The language of the feed links a person is given: their profile's choice, else their browser's (Accept-Language). */
const linkLocale = (req: FastifyRequest, actor: Actor): Locale => actor.profile.locale ?? requestLocale(req.headers['accept-language']);

/**
 * Sends a feed: text/calendar with its ETag and Last-Modified, or 304 when the client's copy is current. Caches
 * revalidate every time (no-cache); a team feed is `private`, so no shared cache keeps a link that was regenerated.
 */
function sendFeed(req: FastifyRequest, reply: FastifyReply, feed: service.FeedFile, visibility: 'public' | 'private'): FastifyReply {
  reply.header('etag', feed.etag).header('cache-control', `${visibility}, no-cache`);
  if (visibility === 'private') reply.header('x-robots-tag', 'noindex');
  // A burst of changes can put the version's time a few seconds ahead (each body gets a later second than the
  // last): until the clock catches up there is no Last-Modified, and only the ETag answers (RFC 9110 §8.8.2.1).
  const lastModified = feed.lastModified.getTime() <= Date.now() ? feed.lastModified : null;
  if (lastModified) reply.header('last-modified', lastModified.toUTCString());
  const conditions = { ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: lastModified ? req.headers['if-modified-since'] : undefined };
  if (notModified(conditions, feed.etag, feed.lastModified)) return reply.status(304).send();
  reply.type('text/calendar; charset=utf-8').header('vary', 'accept-encoding');
  // A season's league feed is megabytes of text: compressed once per version, not per poll.
  const encoding = feed.ready.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(feed.ready.body);
  return reply.header('content-encoding', encoding).send(encodedBody(feed.ready, encoding));
}

export const calendarRoutes: FastifyPluginAsyncZod<ServerContext & { publicUrl: string; authSecret: string }> = async (app, options) => {
  const { publicUrl, authSecret, ...context } = options;
  const deps: service.CalendarDeps = { ...context, publicUrl, feedKey: service.feedKeyFrom(authSecret), builtFeeds: service.createBuiltFeeds() };
  const feedErrors = { 400: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/api/calendar/league.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendar'],
        summary: 'League-wide calendar feed (iCalendar): every confirmed practice, every block and every published clinic',
        querystring: feedQuerySchema,
        response: feedErrors,
      },
    },
    async (req, reply) => sendFeed(req, reply, await service.leagueFeed(deps, service.feedLocale(req.query.lang)), 'public'),
  );

  app.get(
    '/api/calendar/fields/:fieldId.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendar'],
        summary: "One field's calendar feed (iCalendar): its practices and the blocks that close it",
        params: fieldFeedParamsSchema,
        querystring: feedQuerySchema,
        response: feedErrors,
      },
    },
    async (req, reply) => sendFeed(req, reply, await service.fieldFeed(deps, req.params.fieldId, service.feedLocale(req.query.lang)), 'public'),
  );

  app.get(
    '/api/calendar/teams/:token.ics',
    {
      // The secret link is the credential (calendar apps send no cookie): 404 once it was regenerated.
      config: { access: 'public' },
      schema: { tags: ['calendar'], summary: "A team's calendar feed (iCalendar), behind its secret link", params: teamFeedParamsSchema, querystring: feedQuerySchema, response: feedErrors },
    },
    async (req, reply) => sendFeed(req, reply, await service.teamFeedByToken(deps, req.params.token, service.feedLocale(req.query.lang)), 'private'),
  );

  app.get(
    '/api/me/calendar-feed',
    {
      config: { access: 'user' },
      schema: { tags: ['calendar'], summary: "The caller's team's calendar feed link (coaches; made on first demand)", response: { 200: teamFeedResponseSchema, ...errors } },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { feed: await service.myTeamFeedLink(deps, actor, linkLocale(req, actor)) };
    },
  );

  app.post(
    '/api/me/calendar-feed/regenerate',
    {
      config: { access: 'user' },
      schema: { tags: ['calendar'], summary: "A new calendar feed link for the caller's team; the old link stops working", response: { 200: teamFeedResponseSchema, ...errors } },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { feed: await service.regenerateMyTeamFeedLink(deps, await requestAuditContext(req), actor, linkLocale(req, actor)) };
    },
  );

  app.get(
    '/api/teams/:id/calendar-feed',
    {
      config: { access: 'user' },
      schema: { tags: ['calendar'], summary: "A team's calendar feed link (its coaches and admins)", params: idParamsSchema, response: { 200: teamFeedResponseSchema, ...errors } },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { feed: await service.teamFeedLink(deps, actor, req.params.id, linkLocale(req, actor)) };
    },
  );

  app.post(
    '/api/teams/:id/calendar-feed/regenerate',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary: "A new calendar feed link for a team (its coaches and admins); the old link stops working",
        params: idParamsSchema,
        response: { 200: teamFeedResponseSchema, ...errors },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      return { feed: await service.regenerateTeamFeedLink(deps, await requestAuditContext(req), actor, req.params.id, linkLocale(req, actor)) };
    },
  );
};
