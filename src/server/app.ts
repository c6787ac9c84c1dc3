import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { ServerContext } from './context';
import type { DatabaseHandle } from './db/client';
import { adminRoutes } from './modules/admin/admin.routes';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { rainOutsRoutes } from './modules/rain-outs/rain-outs.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { swapsRoutes } from './modules/swaps/swaps.routes';
import { settleDueHolds } from './modules/waitlist/waitlist.service';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { clinicsRoutes } from './modules/clinics/clinics.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { facilitiesRoutes } from './modules/facilities/facilities.routes';
import { leagueRoutes } from './modules/league/league.routes';
import { practiceRequestsRoutes } from './modules/practice-requests/practice-requests.routes';
import { createLeagueSettings } from './modules/league/league.service';
import { DEFAULT_MAKEUP_DAYS } from '../shared/rain-outs/rain-outs.schemas';
import { DEFAULT_HOLD_MINUTES, DEFAULT_MAX_WAITS } from '../shared/waitlist/waitlist.schemas';
import { createLiveBus } from './modules/live/live-bus';
import { liveRoutes } from './modules/live/live.routes';
import { createLive } from './modules/live/live.service';
import { createReadCaches } from './modules/read-cache/read-cache.service';
import { createStorage, downloadOrigins, type OrphanSweeper } from './modules/storage/storage.service';
import { storageRoutes } from './modules/storage/storage.routes';
import { scheduleImportRoutes } from './modules/schedule-import/schedule-import.routes';
import { slotsRoutes } from './modules/slots/slots.routes';
import { createAuth, type Auth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { diagRoutes } from './modules/diag/diag.routes';
import { seasonsRoutes } from './modules/seasons/seasons.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { divisionsRoutes } from './modules/divisions/divisions.routes';
import { usersRoutes } from './modules/users/users.routes';
import { usersAdminRoutes } from './modules/users/users-admin.routes';
import { auditLogRoutes } from './modules/audit/audit-log.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { mailQueueRoutes } from './modules/mail/mail-queue.routes';
import { createMailTransport, createMailWorker, type MailWorker, type MailWorkerOptions } from './modules/mail/mail-worker';
import { openingRoutes } from './modules/opening/opening.routes';
import { drawDueRounds } from './modules/opening/opening.service';
import { registerAccess, registerOriginCheck } from './plugins/access';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { serverBusy, watchRequests } from './plugins/in-flight';
import { registerHostCheck } from './plugins/request-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { APP_VERSION } from './version';
import { DEFAULT_LEAGUE_NAME, DEFAULT_LEAGUE_SHORT_NAME } from '../shared/constants';
import { DEFAULT_ADMIN_CLAIM } from '../shared/users/admin-rule';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  authSecret: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * The mail worker: built always, started by server.ts after listen. `start: true` starts it when the app is
   * ready (tests); `options` overrides its timings.
   */
  mail?: { start?: boolean; options?: Partial<MailWorkerOptions> };
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
  /** What routes and services share (tests listen to its live updates). */
  context: ServerContext;
  /** Sends what the outbox and mail_messages hold; stopped when the app closes. */
  mail: MailWorker;
  /** Removes bytes a failed delete left in storage (decision 023); started by server.ts, stopped when the app closes. */
  storageSweeper: OrphanSweeper;
}

/** Builds the whole application without listening, so tests can call it through `inject()`. */
export async function buildApp({ config, database, authSecret, logger = false, mail: mailDeps = {} }: AppDeps): Promise<App> {
  const app = Fastify({
    logger,
    // Off unless TRUST_PROXY says which proxies may name the client (X-Forwarded-For/-Proto/-Host): otherwise any
    // client could pick its own address for the login limits, the setup limit and the audit log.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    // The router's own refusals and requests Node cannot parse answer in the one error shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database.db;
  // Live updates and the league settings are shared by every module; both stop when the app closes.
  const bus = createLiveBus(database.pubsub);
  const live = createLive(bus, (err) => app.log.warn({ err }, 'a live update could not be published'));
  const leagueDefaults = {
    name: DEFAULT_LEAGUE_NAME,
    shortName: DEFAULT_LEAGUE_SHORT_NAME,
    timeZone: config.leagueTimezone,
    contactEmail: null,
    makeupDays: DEFAULT_MAKEUP_DAYS,
    maxWaits: DEFAULT_MAX_WAITS,
    holdMinutes: DEFAULT_HOLD_MINUTES,
    swapsEnabled: true,
  };
  const league = createLeagueSettings({ db, live, defaults: leagueDefaults });
  const cache = createReadCaches(live);
  const storage = createStorage({ db, config, log: app.log });
  const context: ServerContext = { db, live, league, cache, storage, adminClaim: config.oidc?.adminClaim ?? DEFAULT_ADMIN_CLAIM };
  const auth = createAuth(config, db, authSecret, { league, live, warn: (message, detail) => app.log.warn(detail ?? {}, message) });
  const requests = watchRequests(app);
  const mail = createMailWorker(
    {
      db,
      league,
      live,
      transport: createMailTransport(config, app.log),
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      log: app.log,
      busy: serverBusy(requests),
      // The opening round's draw at its draw time, and waitlist holds that ran out (decision 034), on whichever server
      // gets to each first (decision 030).
      dueWork: async (now) => {
        await drawDueRounds(context, now);
        await settleDueHolds(context, now);
      },
    },
    { claimTimeoutMs: config.mailClaimTimeoutMs, retentionDays: config.mailRetentionDays, ...mailDeps.options },
  );

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast writes its styles at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // With STORAGE=s3, pictures come from the bucket's presigned addresses (decision 023).
        imgSrc: ["'self'", 'data:', 'blob:', ...downloadOrigins(config.storage)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'CGSL Practice Scheduler API', version: APP_VERSION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });

  // While shutting down, answers close their connection so keep-alive clients do not hold the process open.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!app.server.listening) reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandler(app);
  registerHostCheck(app);
  registerOriginCheck(app, { trustedOrigins: config.trustedOrigins, sameOrigin: !config.publicUrlExplicit });
  registerAccess(app, { auth, db, live, sessionMaxAgeMs: config.sessionMaxAgeMs, adminClaim: context.adminClaim });

  app.addHook('onReady', () => bus.start());
  if (mailDeps.start) app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => {
    // First the worker (it may be finishing a send and marking it), then what it uses.
    await mail.stop();
    league.close();
    cache.close();
    await storage.close();
    await bus.close();
  });

  registerAuthRoutes(app, { auth, db, live, league, config });
  await app.register(healthRoutes, { database, version: APP_VERSION });
  await app.register(diagRoutes, { ...context, database, config, version: APP_VERSION, storageSweep: storage.sweeper });
  await app.register(setupRoutes, { ...context, auth });
  await app.register(usersRoutes, context);
  await app.register(usersAdminRoutes, context);
  await app.register(auditLogRoutes, context);
  await app.register(mailQueueRoutes, { ...context, mailRetentionDays: config.mailRetentionDays });
  await app.register(reportsRoutes, context);
  await app.register(invitationsRoutes, { ...context, config, auth });
  await app.register(teamsRoutes, context);
  await app.register(divisionsRoutes, context);
  await app.register(seasonsRoutes, context);
  await app.register(adminRoutes, context);
  await app.register(leagueRoutes, context);
  await app.register(facilitiesRoutes, context);
  await app.register(slotsRoutes, context);
  await app.register(scheduleImportRoutes, context);
  await app.register(blocksRoutes, context);
  await app.register(rainOutsRoutes, context);
  await app.register(waitlistRoutes, context);
  await app.register(swapsRoutes, context);
  await app.register(bookingsRoutes, context);
  await app.register(practiceRequestsRoutes, context);
  await app.register(clinicsRoutes, context);
  await app.register(openingRoutes, context);
  await app.register(contactRoutes, context);
  await app.register(announcementsRoutes, context);
  await app.register(storageRoutes, { ...context, config });
  await app.register(calendarRoutes, { ...context, publicUrl: config.publicUrl, authSecret });
  await app.register(liveRoutes, { live, maxStreamsPerAddress: config.liveStreamsPerAddress });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  registerWebApp(app, config);
  return { app, auth, context, mail, storageSweeper: storage.sweeper };
}

/**
 * TRUST_PROXY in the form Fastify takes. A hop count becomes a function: Fastify 5 refuses a bare number (it
 * cannot check the nearest peer), while here the operator states how many proxies stand in front, as the
 * README says: the nearest `hops` addresses of the chain are proxies, the one before them is the client.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
