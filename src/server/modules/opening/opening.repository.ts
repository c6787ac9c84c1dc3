import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDatabase, rowsOf, sqlState, type Database } from '../../db/client';
import { databaseFailure, markNothingWritten } from '../../db/database-failure';
import { groupCommit } from '../../db/group-commit';
import { bookingRules, bookings, divisionRules, divisions, facilities, fieldDivisions, fields, openingLists, openingRoundDivisions, openingRounds, seasons, slots, teams } from '../../db/schema';
import { DEFAULT_BOOKING_RULES, type DivisionRuleOverrides, type LimitRules } from '../../../shared/bookings/booking-rules';
import type { DrawInput, DrawResult } from '../../../shared/opening/draw';
import type { DrawWeighting } from '../../../shared/opening/opening.schemas';

/** A round as stored, with its season's name. `seed` is the secret: only the service decides when it shows. */
export interface RoundRow {
  id: string;
  seasonId: string;
  seasonName: string;
  coversFrom: string;
  coversTo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  maxPreferences: number;
  firstComeAfter: boolean;
  weighting: DrawWeighting;
  seed: string;
  seedHash: string;
  drawnAt: Date | null;
  cancelledAt: Date | null;
  /** The staged opening (issue 29): divisions whose lists open at their own time, in the league's order. */
  divisionOpens: RoundDivisionOpens[];
}

/** A division's own time to start saving lists in a round (`opening_round_divisions`). */
export interface RoundDivisionOpens {
  divisionId: string;
  divisionName: string;
  opensAt: Date;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The round's division times as one JSON value of its row (epoch milliseconds: the instants to the millisecond). */
const divisionOpensColumn = sql<RoundDivisionOpens[]>`(
  select coalesce(json_agg(json_build_object('divisionId', d.id, 'divisionName', d.name, 'opensAt', (extract(epoch from od.opens_at) * 1000)::float8)
    order by d.position, d.name), '[]'::json)
  from ${openingRoundDivisions} od join ${divisions} d on d.id = od.division_id
  where od.round_id = ${openingRounds.id})`.mapWith((value: unknown) =>
  json<Array<Omit<RoundDivisionOpens, 'opensAt'> & { opensAt: number }>>(value).map((d) => ({ ...d, opensAt: new Date(d.opensAt) })),
);

const columns = {
  id: openingRounds.id,
  seasonId: openingRounds.seasonId,
  seasonName: seasons.name,
  coversFrom: openingRounds.coversFrom,
  coversTo: openingRounds.coversTo,
  opensAt: openingRounds.opensAt,
  closesAt: openingRounds.closesAt,
  drawAt: openingRounds.drawAt,
  maxPreferences: openingRounds.maxPreferences,
  firstComeAfter: openingRounds.firstComeAfter,
  weighting: openingRounds.weighting,
  seed: openingRounds.seed,
  seedHash: openingRounds.seedHash,
  drawnAt: openingRounds.drawnAt,
  cancelledAt: openingRounds.cancelledAt,
  divisionOpens: divisionOpensColumn,
};

const selectRounds = (db: Database) => db.select(columns).from(openingRounds).innerJoin(seasons, eq(seasons.id, openingRounds.seasonId));

export async function findRound(db: Database, id: string): Promise<RoundRow | null> {
  const rows = await selectRounds(db).where(eq(openingRounds.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A season's rounds, newest draw first. */
export function roundsOfSeason(db: Database, seasonId: string): Promise<RoundRow[]> {
  return selectRounds(db).where(eq(openingRounds.seasonId, seasonId)).orderBy(desc(openingRounds.drawAt), desc(openingRounds.createdAt));
}

/** The active season's rounds that are not cancelled: waiting ones, and drawn ones since `drawnSince`. */
export function currentRounds(db: Database, drawnSince: Date): Promise<RoundRow[]> {
  return selectRounds(db)
    .where(and(eq(seasons.active, true), isNull(openingRounds.cancelledAt), or(isNull(openingRounds.drawnAt), gt(openingRounds.drawnAt, drawnSince))))
    .orderBy(asc(openingRounds.drawAt));
}

/**
 * The round's row, locked: FOR UPDATE for a change of the round (edit, cancel, open the rest, the draw), which waits
 * for every preference save in flight; FOR KEY SHARE for a save (the lock a foreign key takes: saves never wait for
 * each other, only for a change of the round). Null when there is no such round.
 */
export async function lockRound(db: Database, id: string, strength: 'update' | 'key share'): Promise<RoundRow | null> {
  const rows = await selectRounds(db).where(eq(openingRounds.id, id)).limit(1).for(strength, { of: openingRounds });
  return rows[0] ?? null;
}

/**
 * The next round due for its draw, locked FOR UPDATE SKIP LOCKED: a round another server is drawing (or an admin's
 * "draw now" holds) is passed by, not waited for, so two servers never draw the same round.
 */
export async function lockDueRound(db: Database, now: Date): Promise<RoundRow | null> {
  const rows = await selectRounds(db)
    .where(and(isNull(openingRounds.drawnAt), isNull(openingRounds.cancelledAt), lte(openingRounds.drawAt, now)))
    .orderBy(asc(openingRounds.drawAt))
    .limit(1)
    .for('update', { of: openingRounds, skipLocked: true });
  return rows[0] ?? null;
}

export interface NewRound {
  seasonId: string;
  coversFrom: string;
  coversTo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  maxPreferences: number;
  firstComeAfter: boolean;
  weighting: DrawWeighting;
  seed: string;
  seedHash: string;
  createdBy: string | null;
}

/**
 * Runs a statement that carries the seed (the round's insert, the draw's writes) so that its failure cannot put the
 * seed in a log before the draw: Drizzle's error names every parameter ("Failed query: … params: …") and
 * PostgreSQL's detail of a failing row shows the row. The error thrown instead keeps what callers decide on (the
 * SQLSTATE or driver code, and whether a lost connection wrote nothing) and nothing of the values.
 */
export async function keepingSeedSecret<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = sqlState(err);
    const safe = Object.assign(new Error(`${what} failed${code ? ` (${code})` : ''}; its values are left out of this error: the seed is secret until the draw`), { code });
    if (databaseFailure(err)?.outcome === 'none') markNothingWritten(safe);
    throw safe;
  }
}

export async function insertRound(db: Database, values: NewRound): Promise<string> {
  return keepingSeedSecret('Saving the opening round', async () => {
    const rows = await db.insert(openingRounds).values(values).returning({ id: openingRounds.id });
    return rows[0]!.id;
  });
}

export async function updateRound(
  db: Database,
  id: string,
  values: Partial<Pick<NewRound, 'coversFrom' | 'coversTo' | 'opensAt' | 'closesAt' | 'drawAt' | 'maxPreferences' | 'firstComeAfter' | 'weighting'>> & {
    cancelledAt?: Date;
  },
): Promise<void> {
  await db.update(openingRounds).set(values).where(eq(openingRounds.id, id));
}

/** Replaces the round's division times (issue 29) in the caller's transaction: exactly `list` afterwards. */
export async function replaceDivisionOpens(db: Database, roundId: string, list: ReadonlyArray<{ divisionId: string; opensAt: Date }>): Promise<void> {
  await db.delete(openingRoundDivisions).where(eq(openingRoundDivisions.roundId, roundId));
  if (list.length) await db.insert(openingRoundDivisions).values(list.map((d) => ({ roundId, divisionId: d.divisionId, opensAt: d.opensAt })));
}

/** Divisions by id, with their names (what the round form named); an id that is no division is left out. */
export async function divisionNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // FOR KEY SHARE, as the divisions module reads a division it is about to reference: a division deleted meanwhile is
  // either not found here (its delete committed first) or waits for this transaction (and then finds it in use).
  const rows = await db
    .select({ id: divisions.id, name: divisions.name })
    .from(divisions)
    .where(inArray(divisions.id, [...ids]))
    .orderBy(divisions.id)
    .for('key share');
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Writes the draw into the round: when, the result, the inputs it was computed from (the seed among them). */
export async function markDrawn(db: Database, id: string, drawnAt: Date, result: DrawResult, inputs: DrawInput): Promise<void> {
  await keepingSeedSecret('Recording the draw', () =>
    db.update(openingRounds).set({ drawnAt, result, inputs }).where(and(eq(openingRounds.id, id), isNull(openingRounds.drawnAt))),
  );
}

/** The published draw: null until the round is drawn. */
export async function drawOf(db: Database, id: string): Promise<{ result: DrawResult; inputs: DrawInput } | null> {
  const rows = await db
    .select({ result: openingRounds.result, inputs: openingRounds.inputs })
    .from(openingRounds)
    .where(and(eq(openingRounds.id, id), isNotNull(openingRounds.drawnAt)))
    .limit(1);
  const row = rows[0];
  return row ? { result: row.result as DrawResult, inputs: row.inputs as DrawInput } : null;
}

// ---- Preferences ----

/** One team's ranked slot ids (rank 1 first) and when they were saved; an empty list was never saved, or cleared. */
export async function preferencesOf(db: Database, roundId: string, teamId: string): Promise<{ slotIds: string[]; savedAt: Date | null }> {
  const rows = await db
    .select({ slotIds: openingLists.slotIds, savedAt: openingLists.savedAt })
    .from(openingLists)
    .where(and(eq(openingLists.roundId, roundId), eq(openingLists.teamId, teamId)))
    .limit(1);
  return { slotIds: rows[0]?.slotIds ?? [], savedAt: rows[0]?.savedAt ?? null };
}

/** Replaces one team's list (its own row only) in the caller's transaction; an empty list removes it. */
export async function replacePreferences(db: Database, roundId: string, teamId: string, slotIds: readonly string[]): Promise<Date | null> {
  if (slotIds.length === 0) {
    await db.delete(openingLists).where(and(eq(openingLists.roundId, roundId), eq(openingLists.teamId, teamId)));
    return null;
  }
  const rows = await db
    .insert(openingLists)
    .values({ roundId, teamId, slotIds: [...slotIds] })
    .onConflictDoUpdate({ target: [openingLists.roundId, openingLists.teamId], set: { slotIds: [...slotIds], savedAt: sql`now()` } })
    .returning({ savedAt: openingLists.savedAt });
  return rows[0]!.savedAt;
}

/** A slot a coach listed, as a save checks it (what `slotsByIds` reads, without what a save does not look at). */
export interface ListedSlot {
  id: string;
  seasonId: string;
  startsAt: string;
  status: 'open' | 'booked' | 'blocked';
  blockReason: string | null;
  fieldName: string;
  /** Issue 29: the divisions the slot's field is limited to, by name in the league's order; empty: every team's. */
  fieldDivisions: string[];
}

/** Everything a save checks a list against, read in one statement (one snapshot). */
export interface SaveFacts {
  round: RoundRow;
  /** The season's limits, as `rulesOfSeason` answers them (the defaults when the season has no rules row). */
  rules: LimitRules;
  /**
   * Issue 29: the team's division (null: none), its own time to open lists in this round (null: the round's), and its
   * own rules this season (null: none; each column null for the season's; the booking window's are left out, as the
   * draw does not judge them).
   */
  team: { divisionName: string | null; listsOpenAt: Date | null; overrides: DivisionRuleOverrides | null };
  /** Start times (ISO) of the team's confirmed bookings, any season (what `confirmedStartsOfTeam` reads). */
  teamStarts: string[];
  /** The listed slots that are live and on an open field and facility (what `slotsByIds` answers); others are missing. */
  slots: ListedSlot[];
}

/**
 * The round (with its season's name and rules), the team's confirmed bookings and the listed slots, in one
 * statement: a save is one read and one write (`replacePreferencesWhileOpen`). Prepared: 1,000 coaches may save
 * within a second when a window opens. Slot ids travel as one JSON array, so the statement's text never changes.
 */
const saveFactsStatement = preparedPerDatabase((db) => {
  const teamBookings = alias(bookings, 'team_bookings');
  const teamSlots = alias(slots, 'team_slots');
  const slotBookings = alias(bookings, 'slot_bookings');
  const teamStarts = db
    .select({ starts: sql`coalesce(json_agg((extract(epoch from ${teamSlots.startsAt}) * 1000)::float8), '[]'::json)` })
    .from(teamBookings)
    .innerJoin(teamSlots, eq(teamSlots.id, teamBookings.slotId))
    .where(and(eq(teamBookings.teamId, sql.placeholder('teamId')), eq(teamBookings.status, 'confirmed')));
  const listed = db
    .select({
      slots: sql`coalesce(json_agg(json_build_object(
        'id', ${slots.id}, 'seasonId', ${slots.seasonId}, 'startsAt', (extract(epoch from ${slots.startsAt}) * 1000)::float8,
        'status', case when ${slots.status} = 'blocked' then 'blocked' when ${slotBookings.id} is not null then 'booked' else 'open' end,
        'blockReason', ${slots.blockReason}, 'fieldName', ${fields.name},
        'fieldDivisions', (select coalesce(json_agg(fd_d.name order by fd_d.position, fd_d.name), '[]'::json)
          from ${fieldDivisions} fd join ${divisions} fd_d on fd_d.id = fd.division_id where fd.field_id = ${fields.id}))), '[]'::json)`,
    })
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .leftJoin(slotBookings, and(eq(slotBookings.slotId, slots.id), eq(slotBookings.status, 'confirmed')))
    .where(
      and(
        sql`${slots.id} in (select value::uuid from json_array_elements_text(${sql.placeholder('slotIds')}::json))`,
        isNull(slots.deletedAt),
        eq(fields.active, true),
        eq(facilities.active, true),
      ),
    );
  // The team's division, its time in this round and its rules this season (issue 29): one row or none.
  const teamDivision = db
    .select({
      division: sql`json_build_object(
        'divisionName', ${divisions.name},
        'listsOpenAt', (select (extract(epoch from od.opens_at) * 1000)::float8 from ${openingRoundDivisions} od
          where od.round_id = ${openingRounds.id} and od.division_id = ${divisions.id}),
        'overrides', case when ${divisionRules.divisionId} is null then null else json_build_object(
          'windowOpensAt', null, 'windowClosesAt', null,
          'maxPerWeek', ${divisionRules.maxPerWeek}, 'maxPerDay', ${divisionRules.maxPerDay}, 'maxUpcoming', ${divisionRules.maxUpcoming},
          'minLeadHours', ${divisionRules.minLeadHours}, 'maxAheadDays', ${divisionRules.maxAheadDays}) end)`,
    })
    .from(teams)
    .innerJoin(divisions, eq(divisions.id, teams.divisionId))
    .leftJoin(divisionRules, and(eq(divisionRules.divisionId, divisions.id), eq(divisionRules.seasonId, openingRounds.seasonId)))
    .where(eq(teams.id, sql.placeholder('teamId')));
  return db
    .select({
      ...columns,
      rulesSeasonId: bookingRules.seasonId,
      maxPerWeek: bookingRules.maxPerWeek,
      maxPerDay: bookingRules.maxPerDay,
      maxUpcoming: bookingRules.maxUpcoming,
      minLeadHours: bookingRules.minLeadHours,
      teamStarts: sql<unknown>`(${teamStarts})`,
      slots: sql<unknown>`(${listed})`,
      teamDivision: sql<unknown>`(${teamDivision})`,
    })
    .from(openingRounds)
    .innerJoin(seasons, eq(seasons.id, openingRounds.seasonId))
    .leftJoin(bookingRules, eq(bookingRules.seasonId, openingRounds.seasonId))
    .where(eq(openingRounds.id, sql.placeholder('roundId')))
    .limit(1)
    .prepare('opening_save_facts');
});

/** What a team's save is checked against; null when there is no such round. */
export async function saveFacts(db: Database, roundId: string, teamId: string, slotIds: readonly string[]): Promise<SaveFacts | null> {
  const rows = await saveFactsStatement(db).execute({ roundId, teamId, slotIds: JSON.stringify(slotIds) });
  const r = rows[0];
  if (!r) return null;
  const { rulesSeasonId, maxPerWeek, maxPerDay, maxUpcoming, minLeadHours, teamStarts, slots: listed, teamDivision, ...round } = r;
  const rules = rulesSeasonId === null ? DEFAULT_BOOKING_RULES : { maxPerWeek: maxPerWeek!, maxPerDay: maxPerDay!, maxUpcoming: maxUpcoming!, minLeadHours: minLeadHours! };
  const division = teamDivision === null ? null : json<{ divisionName: string; listsOpenAt: number | null; overrides: DivisionRuleOverrides | null }>(teamDivision);
  return {
    round,
    rules: { maxPerWeek: rules.maxPerWeek, maxPerDay: rules.maxPerDay, maxUpcoming: rules.maxUpcoming, minLeadHours: rules.minLeadHours },
    team: {
      divisionName: division?.divisionName ?? null,
      listsOpenAt: division?.listsOpenAt == null ? null : new Date(division.listsOpenAt),
      overrides: division?.overrides ?? null,
    },
    teamStarts: json<number[]>(teamStarts).map((ms) => new Date(ms).toISOString()),
    slots: json<Array<Omit<ListedSlot, 'startsAt'> & { startsAt: number }>>(listed).map((s) => ({ ...s, startsAt: new Date(s.startsAt).toISOString() })),
  };
}

type SaveAnswer = { saved: true; savedAt: string | null } | { saved: false };
interface SaveInput {
  roundId: string;
  teamId: string;
  slotIds: readonly string[];
  now: Date;
  timeZone: string;
}

const saveManyStatement = preparedPerDatabase((db) =>
  db
    .select({ answers: sql<unknown>`answers` })
    .from(sql`cgsl_save_preferences_many(${sql.placeholder('saves')}::jsonb) as answers`)
    .prepare('cgsl_save_preferences_many'),
);

/**
 * The saves of one database handle, gathered (db/group-commit.ts): one goes at once; those that arrive while two
 * calls are on their way go together in the next call.
 */
const saveTogether = preparedPerDatabase((db) =>
  groupCommit<SaveInput, SaveAnswer>(
    async (saves) => {
      const rows = await saveManyStatement(db).execute({ saves: JSON.stringify(saves.map((s) => ({ ...s, now: s.now.toISOString() }))) });
      return json<SaveAnswer[]>(rows[0]!.answers);
    },
    { inFlight: 2, maxBatch: 50 },
  ),
);

/**
 * A team's list saved in one round trip when nothing stands in its way: `cgsl_save_preferences` (migration 0015; 0020
 * adds the team's division: its own time in the round, fields limited to divisions, its own limits)
 * takes the round's row FOR KEY SHARE, checks the window, the length and every slot as `savePreferences` does, and
 * writes the team's row. `saved: false` when anything would refuse it (or there is no such round): nothing is
 * written, and the caller judges the save the long way for the words. Saves that arrive together share the round
 * trip (`cgsl_save_preferences_many`, migration 0016), each judged and written as if alone, in arrival order.
 */
export function savePreferencesInOneCall(db: Database, p: SaveInput): Promise<SaveAnswer> {
  return saveTogether(db)(p);
}

/** The round's status inputs as a save found them under its lock. */
export type SaveLockedRound = Pick<RoundRow, 'opensAt' | 'closesAt' | 'drawAt' | 'drawnAt' | 'cancelledAt'>;

/** The team's own time to open lists in the round as a save found it under the round's lock (null: the round's). */
export interface SaveLockedTeam {
  listsOpenAt: Date | null;
}

/**
 * Replaces one team's list in one statement, if the round's window is open at `now`: the round's row FOR KEY SHARE
 * (the lock a foreign key takes: saves never wait for each other; a draw, cancel or edit takes FOR UPDATE, so it
 * waits for the saves in flight and a save waits for it, then sees its outcome), then the team's one row upserted
 * (an empty list deletes it). "Open" is `openingStatus`'s: not cancelled, not drawn, opensAt <= now < closesAt,
 * compared in milliseconds as the service compares them; and the team's division's own time, if it has one in the
 * round (issue 29), at or before now. Two saves of one team at the same moment: the later one's
 * list is kept whole (the upsert waits for the first one's row). Returns the round as locked, and when the list was
 * saved (null: an empty list, or nothing written because the window is not open); null when there is no such round.
 */
export async function replacePreferencesWhileOpen(
  db: Database,
  roundId: string,
  teamId: string,
  slotIds: readonly string[],
  now: Date,
): Promise<{ round: SaveLockedRound; team: SaveLockedTeam; written: boolean; savedAt: Date | null } | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const team = sql`${teamId}::uuid`;
  // The slot ids travel as one JSON array (the statement's text is the same for every list), kept in rank order.
  const listed = sql`array(select value::uuid from json_array_elements_text(${JSON.stringify(slotIds)}::json) with ordinality as listed(value, rank) order by rank)`;
  const result = await db.execute(sql`
    with held as materialized (
      select ${openingRounds.id} as id, ${openingRounds.opensAt} as opens_at, ${openingRounds.closesAt} as closes_at,
        ${openingRounds.drawAt} as draw_at, ${openingRounds.drawnAt} as drawn_at, ${openingRounds.cancelledAt} as cancelled_at,
        (select od.opens_at from ${openingRoundDivisions} od join ${teams} t on t.division_id = od.division_id
          where od.round_id = ${openingRounds.id} and t.id = ${team}) as lists_open_at
      from ${openingRounds} where ${openingRounds.id} = ${roundId}
      for key share of ${openingRounds}
    ),
    locked as (
      select held.*, (cancelled_at is null and drawn_at is null
          and date_trunc('milliseconds', opens_at) <= ${at} and ${at} < date_trunc('milliseconds', closes_at)
          and (lists_open_at is null or date_trunc('milliseconds', lists_open_at) <= ${at})) as open
      from held
    ),
    list as (select ${listed} as slot_ids),
    cleared as (
      delete from ${openingLists} using locked, list
      where ${openingLists.roundId} = locked.id and ${openingLists.teamId} = ${team} and locked.open and cardinality(list.slot_ids) = 0
    ),
    saved as (
      insert into ${openingLists} (round_id, team_id, slot_ids, saved_at)
      select locked.id, ${team}, list.slot_ids, now() from locked, list
      where locked.open and cardinality(list.slot_ids) > 0
      on conflict (round_id, team_id) do update set slot_ids = excluded.slot_ids, saved_at = excluded.saved_at
      returning saved_at
    )
    select (extract(epoch from opens_at) * 1000)::float8 as opens_ms, (extract(epoch from closes_at) * 1000)::float8 as closes_ms,
      (extract(epoch from draw_at) * 1000)::float8 as draw_ms, (extract(epoch from drawn_at) * 1000)::float8 as drawn_ms,
      (extract(epoch from cancelled_at) * 1000)::float8 as cancelled_ms, open,
      (extract(epoch from lists_open_at) * 1000)::float8 as lists_open_ms,
      (select (extract(epoch from saved_at) * 1000)::float8 from saved) as saved_ms
    from locked`);
  const row = rowsOf<{
    opens_ms: number | string;
    closes_ms: number | string;
    draw_ms: number | string;
    drawn_ms: number | string | null;
    cancelled_ms: number | string | null;
    open: boolean;
    lists_open_ms: number | string | null;
    saved_ms: number | string | null;
  }>(result)[0];
  if (!row) return null;
  const date = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)));
  return {
    round: { opensAt: date(row.opens_ms)!, closesAt: date(row.closes_ms)!, drawAt: date(row.draw_ms)!, drawnAt: date(row.drawn_ms), cancelledAt: date(row.cancelled_ms) },
    team: { listsOpenAt: date(row.lists_open_ms) },
    written: row.open,
    savedAt: date(row.saved_ms),
  };
}

/** Every team's list in a round: team id → slot ids, rank 1 first. */
export async function allPreferences(db: Database, roundId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ teamId: openingLists.teamId, slotIds: openingLists.slotIds })
    .from(openingLists)
    .where(eq(openingLists.roundId, roundId))
    .orderBy(asc(openingLists.teamId));
  const lists = new Map<string, string[]>();
  for (const r of rows) lists.set(r.teamId, r.slotIds);
  return lists;
}

/** The teams that have saved a list in the round, by name. */
export async function teamsWithPreferences(db: Database, roundId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectDistinct({ id: teams.id, name: teams.name })
    .from(openingLists)
    .innerJoin(teams, eq(teams.id, openingLists.teamId))
    .where(eq(openingLists.roundId, roundId))
    .orderBy(asc(teams.name), asc(teams.id));
}

/** Drops every list of the round (it was cancelled); returns the teams that had one. */
export async function dropPreferences(db: Database, roundId: string): Promise<Array<{ id: string; name: string }>> {
  const dropped = await teamsWithPreferences(db, roundId);
  await db.delete(openingLists).where(eq(openingLists.roundId, roundId));
  return dropped;
}

/** Slots by id with their field, deleted ones included (what a preference named, for the draw's email). */
export async function slotsWithField(db: Database, ids: readonly string[]): Promise<Array<{ id: string; startsAt: Date; endsAt: Date; fieldName: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: slots.id, startsAt: slots.startsAt, endsAt: slots.endsAt, fieldName: fields.name })
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .where(inArray(slots.id, [...ids]));
}

/** Team names by id (the draw's inputs and the public page name teams, never people). */
export async function teamNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- The draw's divisions (issue 29) ----

/** The teams' divisions by name (a team in none is left out), read in the draw's transaction once the teams are locked. */
export async function divisionsOfTeams(db: Database, ids: readonly string[]): Promise<Map<string, { divisionId: string; divisionName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: teams.id, divisionId: divisions.id, divisionName: divisions.name })
    .from(teams)
    .innerJoin(divisions, eq(divisions.id, teams.divisionId))
    .where(inArray(teams.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { divisionId: r.divisionId, divisionName: r.divisionName }]));
}

/**
 * The slots on fields limited to some divisions: slot id → the field's name and its divisions by name, in the
 * league's order. A slot whose field is for every team is left out.
 */
export async function limitedFieldsOfSlots(db: Database, ids: readonly string[]): Promise<Map<string, { name: string; divisions: string[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ slotId: slots.id, fieldName: fields.name, divisionName: divisions.name })
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(fieldDivisions, eq(fieldDivisions.fieldId, fields.id))
    .innerJoin(divisions, eq(divisions.id, fieldDivisions.divisionId))
    .where(sql`${slots.id} in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`)
    .orderBy(asc(slots.id), asc(divisions.position), asc(divisions.name));
  const limited = new Map<string, { name: string; divisions: string[] }>();
  for (const r of rows) {
    const field = limited.get(r.slotId) ?? { name: r.fieldName, divisions: [] };
    field.divisions.push(r.divisionName);
    limited.set(r.slotId, field);
  }
  return limited;
}
