import { and, asc, eq, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { FeedBlock, FeedPractice } from './calendar-feed';
import { blocks, bookings, calendarFeedVersions, facilities, fields, slots, teamCalendarFeeds, teams } from '../../db/schema';

// Read-only feed queries over bookings, slots, fields, facilities, teams and blocks (as bookings.repository reads
// slots); the calendar module writes only its own tables: team_calendar_feeds and calendar_feed_versions.

/** Which events a feed holds (see `feedWindow` in src/shared/calendar). */
export interface FeedBounds {
  today: Date;
  pastFrom: Date;
  cancelledFrom: Date;
}

export type PracticeFilter = { kind: 'league' } | { kind: 'field'; fieldId: string } | { kind: 'team'; teamId: string };

/** A practice as a feed shows it (`calendar-feed.ts` defines the shape the events are made from). */
export type FeedPracticeRow = FeedPractice;

/** The latest of some timestamps, read as epoch milliseconds (the same on PGlite and PostgreSQL drivers). */
const greatest = (...columns: SQL[]) =>
  sql<Date>`(extract(epoch from greatest(${sql.join(columns, sql`, `)})) * 1000)::float8`.mapWith((ms: number | string) => new Date(Number(ms)));

/** The practices a feed shows: confirmed ones in the window, cancelled ones while they are kept. Ordered for a stable body. */
export async function feedPractices(db: Database, filter: PracticeFilter, bounds: FeedBounds): Promise<FeedPracticeRow[]> {
  const which =
    filter.kind === 'field' ? eq(slots.fieldId, filter.fieldId) : filter.kind === 'team' ? eq(bookings.teamId, filter.teamId) : undefined;
  const rows = await db
    .select({
      id: bookings.id,
      teamName: teams.name,
      fieldName: fields.name,
      facilityName: facilities.name,
      facilityAddress: facilities.address,
      mapUrl: facilities.mapUrl,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      status: bookings.status,
      sequence: bookings.sequence,
      cancelReason: bookings.cancelReason,
      revisedAt: greatest(sql`${bookings.changedAt}`, sql`${teams.updatedAt}`, sql`${fields.updatedAt}`, sql`${facilities.updatedAt}`),
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(
      and(
        which,
        gte(slots.endsAt, bounds.pastFrom),
        or(
          eq(bookings.status, 'confirmed'),
          and(eq(bookings.status, 'cancelled'), or(gte(bookings.cancelledAt, bounds.cancelledFrom), gte(slots.startsAt, bounds.today))),
        ),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(bookings.id));
  return rows;
}

/** `team`: the blocks of the rain-outs that cancelled one of the team's practices (issue 28), where they covered it. */
export type BlockFilter = { kind: 'league' } | { kind: 'field'; fieldId: string; facilityId: string } | { kind: 'team'; teamId: string };

/** A block as a feed shows it. */
export type FeedBlockRow = FeedBlock;

/**
 * Blocks in the window (lifted ones while they are kept, shown cancelled); a field's feed: those covering the field;
 * a team's: its rain-outs' blocks over the fields of the practices they cancelled (a practice the reopening restored
 * keeps its closure, so the team also sees it reopened).
 */
export async function feedBlocks(db: Database, filter: BlockFilter, bounds: FeedBounds): Promise<FeedBlockRow[]> {
  const slotOfBlock = alias(slots, 'block_slot');
  const blockField = alias(fields, 'block_field');
  const which =
    filter.kind === 'field'
      ? or(
          and(eq(blocks.scope, 'field'), eq(blocks.fieldId, filter.fieldId)),
          and(eq(blocks.scope, 'slot'), eq(slotOfBlock.fieldId, filter.fieldId)),
          and(eq(blocks.scope, 'facility'), eq(blocks.facilityId, filter.facilityId)),
        )
      : filter.kind === 'team'
        ? and(
            isNotNull(blocks.closureId),
            sql`exists (
              select 1 from ${bookings} cb join ${slots} cs on cs.id = cb.slot_id
               where cb.team_id = ${filter.teamId} and cb.closure_id = ${blocks.closureId}
                 and (${blocks.scope} = 'facility' or cs.field_id = ${blocks.fieldId})
            )`,
          )
        : undefined;
  const rows = await db
    .select({
      id: blocks.id,
      scope: blocks.scope,
      fieldName: blockField.name,
      facilityName: facilities.name,
      facilityAddress: facilities.address,
      startsAt: blocks.startsAt,
      endsAt: blocks.endsAt,
      category: blocks.category,
      reason: blocks.reason,
      lifted: sql<boolean>`${blocks.liftedAt} is not null`,
      closureId: blocks.closureId,
      revisedAt: greatest(
        sql`${blocks.createdAt}`,
        sql`coalesce(${blocks.liftedAt}, ${blocks.createdAt})`,
        sql`coalesce(${blockField.updatedAt}, ${blocks.createdAt})`,
        sql`coalesce(${facilities.updatedAt}, ${blocks.createdAt})`,
      ),
    })
    .from(blocks)
    .leftJoin(slotOfBlock, eq(slotOfBlock.id, blocks.slotId))
    .leftJoin(blockField, eq(blockField.id, sql`coalesce(${blocks.fieldId}, ${slotOfBlock.fieldId})`))
    .leftJoin(facilities, eq(facilities.id, sql`coalesce(${blocks.facilityId}, ${blockField.facilityId})`))
    .where(
      and(
        which,
        gte(blocks.endsAt, bounds.pastFrom),
        or(isNull(blocks.liftedAt), and(isNotNull(blocks.liftedAt), or(gte(blocks.liftedAt, bounds.cancelledFrom), gte(blocks.startsAt, bounds.today)))),
      ),
    )
    .orderBy(asc(blocks.startsAt), asc(blocks.id));
  return rows;
}

// ---- team feed links ----

export interface TeamFeedRow {
  teamId: string;
  tokenHash: string;
  tokenSalt: string;
  createdAt: Date;
}

export async function findTeamFeed(db: Database, teamId: string): Promise<TeamFeedRow | null> {
  const rows = await db
    .select({ teamId: teamCalendarFeeds.teamId, tokenHash: teamCalendarFeeds.tokenHash, tokenSalt: teamCalendarFeeds.tokenSalt, createdAt: teamCalendarFeeds.createdAt })
    .from(teamCalendarFeeds)
    .where(eq(teamCalendarFeeds.teamId, teamId))
    .limit(1);
  return rows[0] ?? null;
}

/** A team's first link; null when one was made meanwhile (the caller reads that one). */
export async function insertTeamFeed(db: Database, values: { teamId: string; tokenHash: string; tokenSalt: string; createdBy: string | null }): Promise<TeamFeedRow | null> {
  const rows = await db
    .insert(teamCalendarFeeds)
    .values(values)
    .onConflictDoNothing({ target: teamCalendarFeeds.teamId })
    .returning({ teamId: teamCalendarFeeds.teamId, tokenHash: teamCalendarFeeds.tokenHash, tokenSalt: teamCalendarFeeds.tokenSalt, createdAt: teamCalendarFeeds.createdAt });
  return rows[0] ?? null;
}

/** Replaces a team's link (or makes its first): the old token's hash is gone, so its URL finds nothing. */
export async function replaceTeamFeed(db: Database, values: { teamId: string; tokenHash: string; tokenSalt: string; createdBy: string | null }): Promise<TeamFeedRow> {
  const rows = await db
    .insert(teamCalendarFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: teamCalendarFeeds.teamId,
      set: { tokenHash: values.tokenHash, tokenSalt: values.tokenSalt, createdBy: values.createdBy, createdAt: sql`now()` },
    })
    .returning({ teamId: teamCalendarFeeds.teamId, tokenHash: teamCalendarFeeds.tokenHash, tokenSalt: teamCalendarFeeds.tokenSalt, createdAt: teamCalendarFeeds.createdAt });
  return rows[0]!;
}

export async function teamOfTokenHash(db: Database, tokenHash: string): Promise<{ teamId: string; teamName: string } | null> {
  const rows = await db
    .select({ teamId: teams.id, teamName: teams.name })
    .from(teamCalendarFeeds)
    .innerJoin(teams, eq(teams.id, teamCalendarFeeds.teamId))
    .where(eq(teamCalendarFeeds.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

// ---- feed versions (ETag, Last-Modified) ----

export async function feedVersion(db: Database, feedKey: string): Promise<{ etag: string; changedAt: Date } | null> {
  const rows = await db
    .select({ etag: calendarFeedVersions.etag, changedAt: calendarFeedVersions.changedAt })
    .from(calendarFeedVersions)
    .where(eq(calendarFeedVersions.feedKey, feedKey))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Records a new body of a feed. Its time is whole seconds (HTTP dates have no fractions) and always at least a
 * second after the previous one, so a client holding the old Last-Modified never gets a 304 for the new body.
 * Returns the version now stored (another server may have stored the same body a moment before).
 */
export async function saveFeedVersion(db: Database, feedKey: string, etag: string): Promise<{ etag: string; changedAt: Date }> {
  const rows = await db
    .insert(calendarFeedVersions)
    .values({ feedKey, etag, changedAt: sql`date_trunc('second', now())` })
    .onConflictDoUpdate({
      target: calendarFeedVersions.feedKey,
      set: { etag, changedAt: sql`greatest(date_trunc('second', now()), ${calendarFeedVersions.changedAt} + interval '1 second')` },
      setWhere: sql`${calendarFeedVersions.etag} <> excluded.etag`,
    })
    .returning({ etag: calendarFeedVersions.etag, changedAt: calendarFeedVersions.changedAt });
  return rows[0] ?? (await feedVersion(db, feedKey))!;
}
