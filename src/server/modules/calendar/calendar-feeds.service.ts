import { createHash, createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken } from '../../one-time-token';
import type { Actor } from '../../context';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales';
import { words } from '../../i18n/words';
import { FEED_TOKEN_PATTERN, feedWindow, type TeamFeed } from '../../../shared/calendar/calendar.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { readyBody, tags, type CachedFeed } from '../read-cache/read-cache.service';
import { clinicsForFeed } from '../clinics/clinics.service';
import { findFacility, findField } from '../facilities/facilities.service';
import { findTeam } from '../teams/teams.service';
import { blockEvent, clinicEvent, feedEtag, feedIcs, practiceEvent, type FeedAudience, type FeedClinic } from './calendar-feed';
import * as repo from './calendar.repository';

/**
 * Calendar feeds (docs/decisions/015): the league's and each field's are public; a team's sits behind a secret
 * link its coaches (and admins) can see and regenerate.
 */
export interface CalendarDeps extends ServerContext {
  /** PUBLIC_URL: the feed links are absolute. */
  publicUrl: string;
  /** The key team feed tokens are derived with (`feedKeyFrom(AUTH_SECRET)`). */
  feedKey: Buffer;
  builtFeeds: BuiltFeeds;
}

/** A key of its own for feed links, derived from the server secret (never the secret itself). */
export const feedKeyFrom = (authSecret: string): Buffer => createHmac('sha256', authSecret).update('cgsl calendar feed links v1').digest();

/** One feed, ready to send: its body, its entity tag, when this body first went out, and its compressed forms. */
export type FeedFile = CachedFeed;

// ---- the feeds ----

/** Built feed files by what went into them, so an unchanged feed is not written again (`ics` takes ~0.2 ms an event). */
export type BuiltFeeds = LRUCache<string, { body: string; etag: string }>;

/** At most 64 MB of feed files per server (a full season's league feed is a few MB), least recently used dropped. */
export const createBuiltFeeds = (): BuiltFeeds =>
  new LRUCache<string, { body: string; etag: string }>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (v) => Math.max(1, v.body.length) });

/**
 * A feed from this server's read cache (decision 014): calendar apps poll the same feeds all day, and they change
 * only when a slot does. Any slot change (every booking, move, cancellation and block publishes one) drops every
 * feed, on every server; a clinic change (made, edited, cancelled, a registration) drops the feeds that list
 * clinics (`alsoTags`); so do a league change and a LISTEN resync, with the cache's 60 s backstop. The day is in
 * the key: what a feed holds moves with the league's date.
 */
async function feedOf(
  deps: CalendarDeps,
  feedKey: string,
  read: (bounds: repo.FeedBounds, shortName: string) => Promise<{ calName: string; events: Event[] }>,
  alsoTags: string[] = [],
): Promise<FeedFile> {
  const league = await deps.league.get();
  const bounds = feedWindow(new Date(), league.timeZone);
  const feedTags = [tags.anySlot, ...alsoTags];
  return deps.cache.feeds.get(`${feedKey}|${bounds.today.toISOString()}`, () => buildFeed(deps, feedKey, () => read(bounds, league.shortName)), {
    joinTags: feedTags,
    tagsOf: () => feedTags,
  });
}

async function buildFeed(deps: CalendarDeps, feedKey: string, read: () => Promise<{ calName: string; events: Event[] }>): Promise<FeedFile> {
  const { calName, events } = await read();
  // The file is a pure function of the name and the events: the same input is the same bytes, built once.
  const input = createHash('sha256').update(JSON.stringify([calName, events])).digest('base64url');
  let built = deps.builtFeeds.get(input);
  if (!built) {
    const body = feedIcs(calName, events);
    built = { body, etag: feedEtag(body) };
    deps.builtFeeds.set(input, built);
  }
  const known = await repo.feedVersion(deps.db, feedKey);
  const version = known?.etag === built.etag ? known : await repo.saveFeedVersion(deps.db, feedKey, built.etag);
  return { body: built.body, etag: built.etag, lastModified: version.changedAt, ready: readyBody(built.body, built.etag) };
}

type Event = ReturnType<typeof practiceEvent>;
const byTime = (a: Event, b: Event) => (a.start as number) - (b.start as number) || (a.uid! < b.uid! ? -1 : a.uid! > b.uid! ? 1 : 0);

function eventsOf(practices: repo.FeedPracticeRow[], blocks: repo.FeedBlockRow[], audience: FeedAudience, locale: Locale, clinics: FeedClinic[] = []): Event[] {
  return [
    ...practices.map((p) => practiceEvent(p, audience, locale)),
    ...blocks.map((b) => blockEvent(b, locale)),
    ...clinics.map((c) => clinicEvent(c, locale)),
  ].sort(byTime);
}

/**
 * A feed in one language (its link's `?lang=`, decision 038): English keeps the feed's own key, so its stored version
 * (ETag, Last-Modified) is the one calendar apps already hold; another language is a feed of its own.
 */
const keyIn = (feedKey: string, locale: Locale) => (locale === DEFAULT_LOCALE ? feedKey : `${feedKey}:${locale}`);

/** The language a feed's link asks for (`?lang=es`); anything else, or none, is English. */
export function feedLocale(lang: unknown): Locale {
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** A feed link in a person's language: English links stay as they were; another carries `?lang=`. */
export function feedUrlIn(url: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? url : `${url}?lang=${locale}`;
}

/**
 * Every confirmed practice of the league, every block and every published clinic (read through the clinics
 * service), with recent cancellations marked cancelled.
 */
export function leagueFeed(deps: CalendarDeps, locale: Locale = DEFAULT_LOCALE): Promise<FeedFile> {
  return feedOf(
    deps,
    keyIn('league', locale),
    async (bounds, shortName) => {
      const [practices, blocks, clinics] = await Promise.all([
        repo.feedPractices(deps.db, { kind: 'league' }, bounds),
        repo.feedBlocks(deps.db, { kind: 'league' }, bounds),
        clinicsForFeed(deps.db, bounds),
      ]);
      return { calName: words(locale, 'feeds', 'calendar.league', { league: shortName }), events: eventsOf(practices, blocks, 'public', locale, clinics) };
    },
    [tags.clinics],
  );
}

/** One field's practices and the blocks that close it (its own, its slots', its facility's). */
export async function fieldFeed(deps: CalendarDeps, fieldId: string, locale: Locale = DEFAULT_LOCALE): Promise<FeedFile> {
  const field = await findField(deps.db, fieldId);
  const facility = field ? await findFacility(deps.db, field.facilityId) : null;
  if (!field || !facility) {
    throw new AppError('NOT_FOUND', { key: 'feeds.noField' });
  }
  return feedOf(deps, keyIn(`field:${field.id}`, locale), async (bounds, shortName) => {
    const [practices, blocks] = await Promise.all([
      repo.feedPractices(deps.db, { kind: 'field', fieldId: field.id }, bounds),
      repo.feedBlocks(deps.db, { kind: 'field', fieldId: field.id, facilityId: facility.id }, bounds),
    ]);
    return { calName: `${shortName}: ${facility.name} – ${field.name}`, events: eventsOf(practices, blocks, 'public', locale) };
  });
}

const unknownTeamLink = () =>
  new AppError('NOT_FOUND', { key: 'feeds.teamLinkGone' });

/**
 * A team's practices, and the rain-outs that cancelled any (issue 28), for whoever holds its secret link. A link
 * that was regenerated (or never made) is 404.
 */
export async function teamFeedByToken(deps: CalendarDeps, token: string, locale: Locale = DEFAULT_LOCALE): Promise<FeedFile> {
  if (!FEED_TOKEN_PATTERN.test(token)) throw unknownTeamLink();
  const team = await repo.teamOfTokenHash(deps.db, hashToken(token));
  if (!team) throw unknownTeamLink();
  return feedOf(deps, keyIn(`team:${team.teamId}`, locale), async (bounds, shortName) => {
    const [practices, closures] = await Promise.all([
      repo.feedPractices(deps.db, { kind: 'team', teamId: team.teamId }, bounds),
      repo.feedBlocks(deps.db, { kind: 'team', teamId: team.teamId }, bounds),
    ]);
    return { calName: words(locale, 'feeds', 'calendar.team', { team: team.teamName, league: shortName }), events: eventsOf(practices, closures, 'team', locale) };
  });
}

// ---- a team's secret link ----

/** The token of a link: an HMAC of the team and the link's random salt (256 random bits) under the feed key. */
function tokenOf(feedKey: Buffer, teamId: string, salt: string): string {
  return createHmac('sha256', feedKey).update(`${teamId}:${salt}`).digest('base64url');
}

function newLink(deps: CalendarDeps, teamId: string, createdBy: string | null) {
  const tokenSalt = randomBytes(32).toString('base64url');
  return { teamId, tokenSalt, tokenHash: hashToken(tokenOf(deps.feedKey, teamId, tokenSalt)), createdBy };
}

const feedPath = (token: string) => `/api/calendar/teams/${token}.ics`;

function describeLink(deps: CalendarDeps, team: { id: string; name: string }, row: repo.TeamFeedRow, locale: Locale): TeamFeed {
  const token = tokenOf(deps.feedKey, team.id, row.tokenSalt);
  if (hashToken(token) !== row.tokenHash) {
    // The link was made under another AUTH_SECRET: it still works, but cannot be shown again.
    throw new AppError(
      'CONFLICT',
      "This team's calendar link cannot be shown again because the server's secret (AUTH_SECRET) changed since it was made. Regenerate the link to get one you can copy; the old link works until then.",
    );
  }
  const url = feedUrlIn(`${deps.publicUrl}${feedPath(token)}`, locale);
  return { teamId: team.id, teamName: team.name, url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: row.createdAt.toISOString() };
}

function mayManage(actor: Actor, teamId: string): boolean {
  return actor.admin.isAdmin || (actor.profile.role === 'coach' && actor.profile.teamId === teamId);
}

async function teamYouManage(db: Database, actor: Actor, teamId: string): Promise<{ id: string; name: string }> {
  if (!mayManage(actor, teamId)) {
    throw new AppError('FORBIDDEN', { key: 'feeds.teamLinkForbidden' });
  }
  const team = await findTeam(db, teamId);
  if (!team) throw new AppError('NOT_FOUND', { key: 'feeds.teamGone' });
  return team;
}

function ownTeamId(actor: Actor): string {
  if (!actor.profile.teamId) {
    throw new AppError(
      'NOT_FOUND',
      'You are not on a team, so there is no team calendar to subscribe to. Subscribe to the league or a field calendar instead, or ask an admin to add you to your team.',
    );
  }
  return actor.profile.teamId;
}

/** A team's feed link (made on first demand), for its coaches and admins, in `locale` (the person's language). */
export async function teamFeedLink(deps: CalendarDeps, actor: Actor, teamId: string, locale: Locale = DEFAULT_LOCALE): Promise<TeamFeed> {
  const team = await teamYouManage(deps.db, actor, teamId);
  const row =
    (await repo.findTeamFeed(deps.db, team.id)) ??
    (await repo.insertTeamFeed(deps.db, newLink(deps, team.id, actor.userId))) ??
    // Another request made the first link a moment ago.
    (await repo.findTeamFeed(deps.db, team.id))!;
  return describeLink(deps, team, row, locale);
}

export const myTeamFeedLink = (deps: CalendarDeps, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<TeamFeed> =>
  teamFeedLink(deps, actor, ownTeamId(actor), locale);

/** A new link for a team; the old one answers 404 from now on. Audit-logged (never the token). */
export async function regenerateTeamFeedLink(deps: CalendarDeps, ctx: AuditContext, actor: Actor, teamId: string, locale: Locale = DEFAULT_LOCALE): Promise<TeamFeed> {
  const team = await teamYouManage(deps.db, actor, teamId);
  const row = await deps.db.transaction(async (tx) => {
    const replaced = await repo.replaceTeamFeed(tx, newLink(deps, team.id, actor.userId));
    await recordAudit(tx, ctx, {
      action: 'team.calendar_feed.regenerate',
      entityType: 'team',
      entityId: team.id,
      summary: `Made a new calendar feed link for ${team.name}; the old link no longer works`,
    });
    return replaced;
  });
  return describeLink(deps, team, row, locale);
}

export const regenerateMyTeamFeedLink = (deps: CalendarDeps, ctx: AuditContext, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<TeamFeed> =>
  regenerateTeamFeedLink(deps, ctx, actor, ownTeamId(actor), locale);
